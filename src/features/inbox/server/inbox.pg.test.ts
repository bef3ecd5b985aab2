import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInMember } from '~/app/server/testing/members';
import { conversation, conversationMessage } from '~/server/db/tables/inbox.tables';
import { RACE_LIMITS, race } from '~/app/server/testing/race';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type { ConversationResponse } from '../inbox.schema';
import { canonicalPair } from './conversations.service';

// Races that only a real PostgreSQL exposes (PGlite runs one query at a time).
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    env: RACE_LIMITS,
  });
});
afterAll(() => t.close());

it('two members who start their conversation at once, several times each, get one conversation', async () => {
  const ids: string[][] = [];
  const winners = await race({
    contenders: 10,
    setup: async () => {
      const pair = [await signedInMember(t), await signedInMember(t)] as const;
      ids.push([]);
      return pair;
    },
    attempt: async (pair, contender) => {
      // Even contenders are A asking for B, odd ones B asking for A.
      const [from, to] = contender % 2 ? [pair[1], pair[0]] : [pair[0], pair[1]];
      const response = await t.call(
        'POST',
        '/api/inbox/conversations',
        { recipientId: to.user.id },
        { Cookie: from.cookie },
      );
      if (response.status !== 201 && response.status !== 200) throw new Error(await response.text());
      ids.at(-1)!.push(((await response.json()) as ConversationResponse).conversation.id);
      return response.status === 201;
    },
  });
  expect(winners.every((count) => count === 1)).toBe(true);
  for (const round of ids) {
    expect(round).toHaveLength(10);
    expect(new Set(round).size).toBe(1);
  }
  const rows = await t.database.db.select().from(conversation);
  expect(new Set(rows.map((r) => `${r.userLowId}-${r.userHighId}`)).size).toBe(rows.length);
});

it('messages sent at once by both parties are numbered 1, 2, 3, ... without gaps or repeats', async () => {
  const [a, b] = [await signedInMember(t), await signedInMember(t)];
  const [low, high] = canonicalPair(a.user.id, b.user.id);
  const started = await t.call(
    'POST',
    '/api/inbox/conversations',
    { recipientId: b.user.id },
    { Cookie: a.cookie },
  );
  const { id } = ((await started.json()) as ConversationResponse).conversation;
  await race({
    contenders: 20,
    rounds: 1,
    setup: async () => undefined,
    attempt: async (_, contender) => {
      const from = contender % 2 ? b : a;
      const response = await t.call(
        'POST',
        `/api/inbox/conversations/${id}/messages`,
        { content: `message ${contender}` },
        { Cookie: from.cookie },
      );
      if (response.status !== 201) throw new Error(await response.text());
      return true;
    },
  });
  const seqs = (
    await t.database.db
      .select({ seq: conversationMessage.seq })
      .from(conversationMessage)
      .where(eq(conversationMessage.conversationId, id))
  )
    .map((r) => r.seq)
    .sort((x, y) => x - y);
  expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  const [row] = await t.database.db
    .select()
    .from(conversation)
    .where(and(eq(conversation.userLowId, low), eq(conversation.userHighId, high)));
  expect(row!.lastMessageSeq).toBe(20);
});
