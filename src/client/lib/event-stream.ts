import type { QueryClient } from '@tanstack/react-query';
import { invalidatedKeys } from '~/shared/events';
import { reactToEvent } from './event-reactions';

/**
 * One Server-Sent Events stream per origin, however many tabs are open (HTTP/1.1 allows six connections per
 * origin). The tab holding the Web Lock "vault-events" leads: it opens the stream and shares each event with
 * the other tabs over a BroadcastChannel. When it closes, the lock passes to another tab.
 *
 * Events name what changed ("feed.post" with ids); every tab invalidates the query keys that src/shared/events.ts
 * lists for the topic, and TanStack Query refetches them through the permission-checked API.
 */
export interface StreamEvent {
  type: 'change' | 'resync';
  /** The server's id of a change, shared with the other tabs so whichever leads next resumes after it. */
  id?: string;
  topic?: string;
  ids?: Record<string, string>;
}

/**
 * Refetches what the event changed, then runs its reaction (a toast). After a resync, or an event this build does
 * not know (a newer server), everything is refetched: the browser may have missed something.
 */
export function applyEvent(queryClient: QueryClient, event: StreamEvent): void {
  const keys = event.type === 'change' && event.topic ? invalidatedKeys(event.topic, event.ids) : undefined;
  if (!keys) void queryClient.invalidateQueries();
  else for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  if (event.type === 'change' && event.topic) reactToEvent(event.topic, event.ids);
}

/**
 * Starts sharing the stream; returns a function that stops it in this tab. `since` is the event id the session
 * answer carried: the stream's first connect asks for what was published after it, so an event between the page's
 * load and that connect is not lost (an id the server does not know gets a resync instead).
 */
export function startEventStream(queryClient: QueryClient, since?: string): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('vault-events');
  let lastEventId = since;
  const dispatch = (event: StreamEvent) => {
    if (event.id) lastEventId = event.id;
    applyEvent(queryClient, event);
  };
  if (channel) channel.onmessage = (message: MessageEvent<StreamEvent>) => dispatch(message.data);

  const stop = new AbortController();
  const lead = () =>
    new Promise<void>((resolve) => {
      // A tab that takes the lead from a closed one resumes after the last event that tab shared.
      const source = new EventSource(
        lastEventId ? `/api/events?since=${encodeURIComponent(lastEventId)}` : '/api/events',
      );
      const share = (event: StreamEvent) => {
        dispatch(event);
        channel?.postMessage(event);
      };
      source.addEventListener('change', (message) => {
        const { data, lastEventId: id } = message as MessageEvent<string>;
        const change = JSON.parse(data) as Pick<StreamEvent, 'topic' | 'ids'>;
        share({ type: 'change', id, ...change });
      });
      source.addEventListener('resync', () => share({ type: 'resync' }));
      // After a reconnect the browser resends Last-Event-ID; a server that cannot replay sends "resync".
      stop.signal.addEventListener('abort', () => {
        source.close();
        resolve();
      });
    });

  if (typeof navigator !== 'undefined' && navigator.locks) {
    void navigator.locks.request('vault-events', { signal: stop.signal }, lead).catch(() => {});
  } else {
    void lead();
  }
  return () => {
    stop.abort();
    channel?.close();
  };
}
