import { eq } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { canonicalPair, startConversation } from '~/features/inbox/server/conversations.service';
import { sendMessage } from '~/features/inbox/server/messages.service';
import { jobContext } from '~/server/service-context';
import { user } from '~/server/db/tables/auth.tables';
import { conversation, conversationParticipant } from '~/server/db/tables/inbox.tables';
import { insertMember } from '~/app/server/seed/seed';
import { sseReader } from '~/app/server/testing/sse';
import type { ScenarioContext } from './scenarios';
import { signInForBench } from './servers';

/**
 * Realtime latency: the time from one member sending a message to the other member's browser receiving its event
 * on /api/events (the POST, the transaction, pg_notify, LISTEN, the hub, the SSE write). autocannon repeats one
 * request and times its answer, so this is measured on its own: sequential sends, one event awaited each.
 */
export interface LatencyReport {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export async function measureMessageLatency(options: {
  url: string;
  /** Where the recipient's event stream is opened: `url` unless another instance's. */
  streamUrl?: string;
  conversationId: string;
  senderCookie: string;
  recipientCookie: string;
  samples: number;
}): Promise<LatencyReport> {
  const { url, streamUrl = url, conversationId, senderCookie, recipientCookie, samples } = options;
  const stream = await fetch(`${streamUrl}/api/events`, { headers: { Cookie: recipientCookie } });
  if (!stream.ok) throw new Error(`bench: the event stream answered ${stream.status}`);
  const events = sseReader(stream);
  try {
    await events.next((m) => m.event === 'ready');
    const times: number[] = [];
    for (let i = 0; i < samples; i += 1) {
      const started = performance.now();
      const arrived = events.next((m) => m.event === 'change' && m.data.includes('"inbox.message"'));
      arrived.catch(() => {}); // awaited below; a failed send must not leave it unhandled
      const response = await fetch(`${url}/api/inbox/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { Origin: url, 'Content-Type': 'application/json', Cookie: senderCookie },
        body: JSON.stringify({ content: `Latency probe ${i}` }),
      });
      if (response.status !== 201) throw new Error(`bench: a send answered ${response.status}`);
      await response.body?.cancel();
      await arrived;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    return { samples, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: times.at(-1)! };
  } finally {
    await events.close();
  }
}

/** The conversation the send scenario writes into, created with a known id so the scenario's path can name it. */
export const BENCH_CONVERSATION_ID = 'bench-conversation';

/**
 * A sender with 20 conversations, each with a message (the inbox list), and one more with a recipient under a
 * known id (the send scenario and the latency probe). Both members signed in through the real sign-in route.
 */
let inbox:
  | Promise<{ sender: { headers: { Cookie: string } }; recipient: { headers: { Cookie: string } } }>
  | undefined;
export function benchInbox(context: ScenarioContext) {
  inbox ??= (async () => {
    const { db } = context.deps.database;
    const password = 'bench-password-1';
    const now = new Date();
    const [senderId, recipientId, ...others] = await db.transaction(async (tx) => {
      const ids: string[] = [];
      for (const [index, name] of [
        'Bench Sender',
        'Bench Recipient',
        ...Array.from({ length: 19 }, (_, i) => `Bench Friend ${i + 1}`),
      ].entries()) {
        ids.push(
          await insertMember(
            tx,
            { name, email: `inbox${index}@bench.example`, roles: ['Member'] },
            password,
            now,
          ),
        );
      }
      return ids;
    });
    const [sender] = await db.select().from(user).where(eq(user.id, senderId!));
    for (const friend of others) {
      const ctx = jobContext(context.deps);
      const { conversation: started } = await startConversation(ctx, sender!, { recipientId: friend });
      await sendMessage(ctx, sender!, { conversationId: started.id, content: 'Hello from the benchmark.' });
    }
    const [low, high] = canonicalPair(senderId!, recipientId!);
    await db.transaction(async (tx) => {
      await tx.insert(conversation).values({
        id: BENCH_CONVERSATION_ID,
        userLowId: low,
        userHighId: high,
        createdBy: senderId,
        createdAt: now,
      });
      await tx.insert(conversationParticipant).values([
        { conversationId: BENCH_CONVERSATION_ID, userId: senderId! },
        { conversationId: BENCH_CONVERSATION_ID, userId: recipientId! },
      ]);
    });
    return {
      sender: await signInForBench(context.url, 'inbox0@bench.example', password),
      recipient: await signInForBench(context.url, 'inbox1@bench.example', password),
    };
  })();
  return inbox;
}
