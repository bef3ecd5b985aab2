import { Hono, type Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { AppError } from '~/shared/app-error';
import type { ClientEvent, Viewer } from './events';
import { access, type SignedInEnv } from './middleware/access';

/** Server-Sent Events: ids of what changed, for the browser to refetch through the API. */
export function eventsRoutes(resolveViewer: (c: Context<SignedInEnv>) => Promise<Viewer>) {
  /** Open streams per session on this instance: the app opens one per browser, shared by its tabs. */
  const openStreams = new Map<string, number>();
  return new Hono<SignedInEnv>().get('/', access('signed-in'), async (c) => {
    const { hub, config } = c.get('services');
    const viewer = await resolveViewer(c);
    const sessionId = c.get('sessionId');
    const open = openStreams.get(sessionId) ?? 0;
    if (open >= config.sseMaxStreamsPerSession) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many live connections for this sign-in. Close other tabs and try again.',
        {
          title: 'Too Many Connections',
          retryAfterSeconds: Math.ceil(config.sseHeartbeatMs / 1000),
        },
      );
    }
    openStreams.set(sessionId, open + 1);
    const release = () => {
      const left = (openStreams.get(sessionId) ?? 1) - 1;
      if (left > 0) openStreams.set(sessionId, left);
      else openStreams.delete(sessionId);
    };
    // A reconnect names the last event it received; a page's first connect names the one its session answer
    // carried (`?since=`), so nothing published between the page's load and this connect is lost.
    const lastEventId = c.req.header('Last-Event-ID') ?? c.req.query('since');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      try {
        await serve(stream);
      } finally {
        release();
      }
    });

    async function serve(stream: SSEStreamingApi): Promise<void> {
      const closed = new AbortController();
      let writing = Promise.resolve();
      const write = (message: { event: string; data: string; id?: string; retry?: number }) => {
        writing = writing.then(() => stream.writeSSE(message)).catch(() => closed.abort());
        return writing;
      };
      const send = (event: ClientEvent) =>
        write({
          id: event.id,
          event: 'change',
          data: JSON.stringify({ topic: event.topic, ids: event.ids }),
        });

      const unsubscribe = hub.subscribe({
        viewer,
        deliver: send,
        resync: () => void write({ event: 'resync', data: '{}' }),
        close: (reconnectInMs) => {
          // A shutdown: the browser's EventSource reconnects after `retry` instead of its own default.
          if (reconnectInMs !== undefined)
            void write({ event: 'reconnect', data: '{}', retry: reconnectInMs });
          closed.abort();
        },
      });
      stream.onAbort(() => closed.abort());

      if (lastEventId) {
        const missed = hub.replaySince(lastEventId, viewer);
        if (missed) missed.forEach(send);
        else await write({ event: 'resync', data: '{}' });
      }
      await write({ event: 'ready', data: '{}' });

      while (!closed.signal.aborted) {
        // One listener at a time: each wait removes its own, so a stream open for hours does not pile them up.
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            closed.signal.removeEventListener('abort', done);
            resolve();
          };
          const timer = setTimeout(done, config.sseHeartbeatMs);
          closed.signal.addEventListener('abort', done);
        });
        if (!closed.signal.aborted) await write({ event: 'ping', data: '{}' });
      }
      unsubscribe();
      await writing;
      await stream.close();
    }
  });
}
