/**
 * How long a test waits for an event or the stream's end before failing: a guard against one that never comes, not
 * a measure of speed (vitest.config.ts). A test that proves nothing arrives passes its own short wait.
 */
const WAIT_MS = 30_000;

export interface SseMessage {
  event: string;
  data: string;
  id?: string;
  /** The reconnection time the server asks for, in ms. */
  retry?: number;
}

/** Reads Server-Sent Events from a response body, for tests. */
export function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: SseMessage[] = [];

  const parse = () => {
    let boundary = buffer.indexOf('\n\n');
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const message: SseMessage = { event: 'message', data: '' };
      for (const line of block.split('\n')) {
        const [field, ...rest] = line.split(':');
        const value = rest.join(':').replace(/^ /, '');
        if (field === 'event') message.event = value;
        else if (field === 'data') message.data += value;
        else if (field === 'id') message.id = value;
        else if (field === 'retry') message.retry = Number(value);
      }
      if (block.trim()) queue.push(message);
      boundary = buffer.indexOf('\n\n');
    }
  };

  return {
    /** The next message matching `predicate`, or an error after `timeoutMs`. */
    async next(predicate: (m: SseMessage) => boolean = () => true, timeoutMs = WAIT_MS): Promise<SseMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex(predicate);
        if (index !== -1) return queue.splice(index, 1)[0]!;
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error('no matching event arrived in time');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), remaining)),
        ]);
        if (chunk === 'timeout') continue;
        if (chunk.done) throw new Error('the event stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
    },
    /** Resolves when the server ends the stream (what is left unread is dropped); an error after `timeoutMs`. */
    async ended(timeoutMs = WAIT_MS): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error('the event stream did not end in time');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), remaining)),
        ]);
        if (chunk !== 'timeout' && chunk.done) return;
      }
    },
    /** Every message received so far, without waiting. */
    received(): SseMessage[] {
      return [...queue];
    },
    async close() {
      await reader.cancel().catch(() => {});
    },
  };
}
