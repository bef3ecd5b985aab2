import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '~/client/lib/session';
import { startEventStream } from '../lib/event-stream';

/**
 * The live event stream needs a session (the server answers 401 otherwise), and must be reopened when another
 * member signs in on this browser, so it follows the signed-in member's id.
 */
export function EventStreamSync() {
  const queryClient = useQueryClient();
  const userId = useSession().data?.user?.id;
  useEffect(() => {
    if (!userId) return;
    return startEventStream(queryClient);
  }, [queryClient, userId]);
  return null;
}
