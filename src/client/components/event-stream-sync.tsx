import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueryKey, useSession } from '~/client/lib/session';
import type { SessionResponse } from '~/shared/session';

/**
 * The live event stream needs a session (the server answers 401 otherwise), and must be reopened when another
 * member signs in on this browser, so it follows the signed-in member's id.
 */
export function EventStreamSync() {
  const queryClient = useQueryClient();
  const user = useSession().data?.user;
  // A member staff have not let in yet has no stream (the server refuses it): their review page asks instead.
  const userId = user?.status === 'approved' ? user.id : undefined;
  useEffect(() => {
    if (!userId) return;
    // The session answer this page rendered from says where its first connect resumes. Read now, not once the
    // stream's code has loaded: by then the session may have been refetched (after the weekly bonus, say) and name
    // a later event than the data other screens loaded before it, whose changes in between would never arrive.
    const since = queryClient.getQueryData<SessionResponse>(sessionQueryKey)?.eventId;
    // Loaded on demand: a visitor's first load never needs the stream, nor the event contract behind it.
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../lib/event-stream').then(({ startEventStream }) => {
      if (!cancelled) stop = startEventStream(queryClient, since);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, userId]);
  return null;
}
