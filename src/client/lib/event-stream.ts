import type { QueryClient } from '@tanstack/react-query';

/**
 * One Server-Sent Events stream per origin, however many tabs are open (HTTP/1.1 allows six connections per
 * origin). The tab holding the Web Lock "vault-events" leads: it opens the stream and shares each event with
 * the other tabs over a BroadcastChannel. When it closes, the lock passes to another tab.
 *
 * Events name what changed ("feed.post" with ids); every tab invalidates the queries under the topic's first
 * segment (["feed", ...]) and TanStack Query refetches them through the permission-checked API.
 */
export interface StreamEvent {
  type: 'change' | 'resync';
  topic?: string;
  ids?: Record<string, string | number>;
}

type Listener = (event: StreamEvent) => void;
const listeners = new Set<Listener>();

export function onStreamEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function applyToQueries(queryClient: QueryClient, event: StreamEvent): void {
  if (event.type === 'resync' || !event.topic) {
    void queryClient.invalidateQueries();
    return;
  }
  const root = event.topic.split('.')[0];
  void queryClient.invalidateQueries({ queryKey: [root] });
}

/** Starts sharing the stream; returns a function that stops it in this tab. */
export function startEventStream(queryClient: QueryClient): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('vault-events');
  const dispatch = (event: StreamEvent) => {
    applyToQueries(queryClient, event);
    listeners.forEach((listener) => listener(event));
  };
  if (channel) channel.onmessage = (message: MessageEvent<StreamEvent>) => dispatch(message.data);

  const stop = new AbortController();
  const lead = () =>
    new Promise<void>((resolve) => {
      const source = new EventSource('/api/events');
      const share = (event: StreamEvent) => {
        dispatch(event);
        channel?.postMessage(event);
      };
      source.addEventListener('change', (message) => {
        const data = JSON.parse((message as MessageEvent<string>).data) as Omit<StreamEvent, 'type'>;
        share({ type: 'change', ...data });
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
