import { randomUUID } from 'node:crypto';
import { and, asc, eq, ilike, ne, not, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '~/shared/app-error';
import { conversationRefusal, hasRole, isStaff, type RoleHolder } from '~/shared/permissions';
import type { Executor } from '~/server/db/client';
import { prepared, type Param } from '~/server/db/prepared';
import { user } from '~/server/db/tables/auth.tables';
import { conversation, conversationMessage, conversationParticipant } from '~/server/db/tables/inbox.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import { likePattern, pageOf, timeKeyset } from '~/server/pagination';
import type { ConversationListResponse, RecipientsResponse, ConversationSummary } from '../inbox.schema';
import { CONVERSATIONS_PAGE_SIZE, RECIPIENTS_SHOWN } from '../inbox.constants';
import { counterpartFor, counterpartNameSql, holdsAnyRoleSql } from './counterpart';
import { inGoodStanding } from '~/server/member-standing';

/** How long one "I am reading this thread" lasts; the open thread renews it well before. */
/** The conversation a request is about: the route's `:conversationId`. */
export interface ConversationRef {
  conversationId: string;
}

export const VIEWING_TTL_MS = 45_000;

export const conversationNotFound = () =>
  new AppError('NOT_FOUND', 'This conversation does not exist.', { title: 'Conversation Not Found' });

/** The pair in the order the unique index stores it. */
export function canonicalPair(a: string, b: string): [low: string, high: string] {
  return a < b ? [a, b] : [b, a];
}

const other = alias(user, 'other');
const lastMessage = alias(conversationMessage, 'last_message');

/** The id of the actor's counterpart in a conversation row (null when they have left). */
const otherIdOf = (viewerId: Param<string>) =>
  sql<
    string | null
  >`case when ${conversation.userLowId} = ${viewerId} then ${conversation.userHighId} else ${conversation.userLowId} end`;

const activityOf = sql<Date>`coalesce(${conversation.lastMessageAt}, ${conversation.createdAt})`;
/** The actor's conversations, most recently active first. */
const latestFirst = timeKeyset({ time: activityOf, id: conversation.id, direction: 'desc' });

/**
 * The actor's conversations as summaries, filtered by `where`: the other party as the actor may see them, the
 * newest message the actor has not deleted, and the unread count. One query; `where` scopes it further.
 */
function selectSummaries(db: Executor, viewerId: Param<string>, where: SQL | undefined) {
  const hiddenThrough = conversationParticipant.hiddenThroughSeq;
  const unread = sql<number>`(
    select count(*) from ${conversationMessage} m
    where m.conversation_id = ${conversation.id}
      and m.seq > greatest(${conversationParticipant.lastReadSeq}, ${hiddenThrough})
      and m.sender_id is distinct from ${viewerId}
  )`.mapWith(Number);
  return db
    .select({
      id: conversation.id,
      activity: activityOf.mapWith(conversation.createdAt),
      cursorAt: latestFirst.cursorAt,
      other: { id: other.id, name: other.name, image: other.image, roles: other.roles, role: other.role },
      last: {
        content: lastMessage.content,
        senderId: lastMessage.senderId,
        createdAt: lastMessage.createdAt,
      },
      unread,
    })
    .from(conversationParticipant)
    .innerJoin(conversation, eq(conversation.id, conversationParticipant.conversationId))
    .leftJoin(other, eq(other.id, otherIdOf(viewerId)))
    .leftJoin(
      lastMessage,
      and(
        eq(lastMessage.conversationId, conversation.id),
        eq(lastMessage.seq, conversation.lastMessageSeq),
        sql`${lastMessage.seq} > ${hiddenThrough}`,
      ),
    )
    .where(and(eq(conversationParticipant.userId, viewerId), where))
    .orderBy(...latestFirst.orderBy);
}

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function toSummary(actor: Actor, row: SummaryRow): ConversationSummary {
  return {
    id: row.id,
    // A left join gives an object of nulls when the other party has gone.
    counterpart: counterpartFor(actor, row.other?.id ? row.other : null),
    lastMessage:
      row.last?.content != null && row.last.createdAt
        ? {
            content: row.last.content,
            mine: row.last.senderId === actor.id,
            createdAt: row.last.createdAt.toISOString(),
          }
        : null,
    unreadCount: row.unread,
    updatedAt: row.activity.toISOString(),
  };
}

/** How many messages from others the member has not read, across every conversation (the header's badge). */
export async function unreadMessageCount({ db }: ServiceContext, actor: Actor): Promise<number> {
  const viewerId = actor.id;
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(conversationMessage)
    .innerJoin(
      conversationParticipant,
      and(
        eq(conversationParticipant.conversationId, conversationMessage.conversationId),
        eq(conversationParticipant.userId, viewerId),
      ),
    )
    .where(
      and(
        sql`${conversationMessage.seq} > greatest(${conversationParticipant.lastReadSeq}, ${conversationParticipant.hiddenThroughSeq})`,
        sql`${conversationMessage.senderId} is distinct from ${viewerId}`,
      ),
    );
  return row?.count ?? 0;
}

/** Listed: a conversation with a message the viewer has not deleted. */
const listed = sql`${conversation.lastMessageSeq} > ${conversationParticipant.hiddenThroughSeq}`;

/** The inbox as it opens (no search, first page), read on every visit: a prepared statement. */
const inboxOpening = prepared('vault_inbox_first_page', (db) =>
  selectSummaries(db, sql.placeholder('viewerId'), listed).limit(CONVERSATIONS_PAGE_SIZE + 1),
);

/**
 * The actor's conversations, most recently active first, a page at a time, searched by the other party's name
 * as the actor sees it. Listed: those with a message the actor has not deleted. A conversation opened and left
 * without a message is listed for neither member.
 */
export async function listConversations(
  { db }: ServiceContext,
  actor: Actor,
  { q, cursor }: { q: string; cursor?: string | undefined },
): Promise<ConversationListResponse> {
  const search = q ? ilike(counterpartNameSql(actor, other), likePattern(q)) : undefined;
  const after = latestFirst.after(cursor);
  const rows =
    search || after
      ? await selectSummaries(db, actor.id, and(listed, search, after)).limit(CONVERSATIONS_PAGE_SIZE + 1)
      : await inboxOpening(db).execute({ viewerId: actor.id });
  const page = pageOf(rows, CONVERSATIONS_PAGE_SIZE, (last) => [last.cursorAt, last.id]);
  return { ...page, items: page.items.map((row) => toSummary(actor, row)) };
}

/** One of the actor's conversations (also one they deleted); anyone else's is "not found". */
export async function getConversation(
  { db }: ServiceContext,
  actor: Actor,
  { conversationId }: ConversationRef,
): Promise<ConversationSummary> {
  return summaryOf(db, actor, conversationId);
}

async function summaryOf(db: Executor, actor: Actor, conversationId: string): Promise<ConversationSummary> {
  const [row] = await selectSummaries(db, actor.id, eq(conversation.id, conversationId));
  if (!row) throw conversationNotFound();
  return toSummary(actor, row);
}

/**
 * Members the actor may start a conversation with whose name holds `q`, by name: never the actor, a member not
 * in good standing (banned, or not yet let in), or anyone `startRefusal` refuses (a member finds no Owner or Admin: they reach staff through the
 * Admin Team's messages, departure 17). Nothing until a name is typed.
 */
export async function searchRecipients(
  { db }: ServiceContext,
  actor: Actor,
  { q }: { q: string },
): Promise<RecipientsResponse> {
  if (!q) return { items: [] };
  // The SQL twin of conversationRefusal: staff only by staff, an Owner only by an Owner.
  const refused = hasRole(actor, 'Owner')
    ? undefined
    : isStaff(actor)
      ? holdsAnyRoleSql(user, ['Owner'])
      : holdsAnyRoleSql(user, ['Owner', 'Admin']);
  const rows = await db
    .select({ id: user.id, name: user.name, image: user.image, roles: user.roles, role: user.role })
    .from(user)
    .where(
      and(
        ilike(user.name, likePattern(q)),
        ne(user.id, actor.id),
        inGoodStanding,
        refused ? not(refused) : undefined,
      ),
    )
    .orderBy(asc(user.name), asc(user.id))
    .limit(RECIPIENTS_SHOWN);
  return { items: rows.map((row) => counterpartFor(actor, row)) };
}

/**
 * Why the actor may not start a conversation with this member, or undefined when they may. Only staff start one
 * with staff (a member sees them all as the Admin Team), and only an Owner with an Owner. The answer never
 * depends on whether a conversation exists: a member reaches one staff started from their inbox, never from here,
 * so the start endpoint cannot tell them which staff member is behind an "Admin Team" thread.
 */
export function startRefusal(actor: RoleHolder, recipient: RoleHolder): AppError | undefined {
  const refusal = conversationRefusal(actor, recipient);
  if (!refusal) return undefined;
  return new AppError('FORBIDDEN', REFUSALS[refusal], { title: 'Cannot Message' });
}

const REFUSALS = {
  staff: 'The Admin Team cannot be messaged directly. You can reply when the Admin Team messages you.',
  owner: 'The Owner cannot be messaged directly. You can reply when the Owner messages you.',
} as const;

/**
 * The conversation between the actor and this member: the existing one, or a new one. Two members have one
 * conversation however they start it, also both at once (the pair's unique index decides; the loser reads the
 * winner's). Whom the actor may not start one with (`startRefusal`) is refused whether or not one exists. A new
 * conversation is listed for neither member until it has a message.
 */
export async function startConversation(
  { db, now }: ServiceContext,
  actor: Actor,
  { recipientId }: { recipientId: string },
): Promise<{ conversation: ConversationSummary; created: boolean }> {
  return db.transaction(async (tx) => {
    const { id, created } = await findOrStartConversation(tx, actor, { recipientId, now });
    return { conversation: await summaryOf(tx, actor, id), created };
  });
}

/** `startConversation`'s step inside the caller's transaction: the pair's conversation id, found or made. */
export async function findOrStartConversation(
  tx: Executor,
  actor: Actor,
  { recipientId, now }: { recipientId: string; now: Date },
): Promise<{ id: string; created: boolean }> {
  if (recipientId === actor.id)
    throw new AppError('BAD_REQUEST', 'You cannot start a conversation with yourself.');
  const [low, high] = canonicalPair(actor.id, recipientId);
  const [recipient] = await tx
    .select({ id: user.id, roles: user.roles, role: user.role })
    .from(user)
    .where(eq(user.id, recipientId));
  if (!recipient)
    throw new AppError('NOT_FOUND', 'This member does not exist or has been removed.', {
      title: 'User Not Found',
    });
  const refusal = startRefusal(actor, recipient);
  if (refusal) throw refusal;
  const findExisting = async () =>
    (
      await tx
        .select({ id: conversation.id })
        .from(conversation)
        .where(and(eq(conversation.userLowId, low), eq(conversation.userHighId, high)))
    )[0];

  const existing = await findExisting();
  if (existing) return { id: existing.id, created: false };
  const [inserted] = await tx
    .insert(conversation)
    .values({ id: randomUUID(), userLowId: low, userHighId: high, createdBy: actor.id, createdAt: now })
    // Both members starting at once: the other request's conversation stands.
    .onConflictDoNothing({ target: [conversation.userLowId, conversation.userHighId] })
    .returning({ id: conversation.id });
  if (inserted) {
    await tx.insert(conversationParticipant).values([
      { conversationId: inserted.id, userId: low },
      { conversationId: inserted.id, userId: high },
    ]);
    return { id: inserted.id, created: true };
  }
  const winner = await findExisting();
  if (!winner) throw new AppError('CONFLICT', 'This conversation is being started. Try again.');
  return { id: winner.id, created: false };
}

/**
 * The actor has read the thread up to its newest message. `viewing` says the thread is on their screen, so new
 * messages notify nobody until it lapses or they leave. Only a change of what is read is published (their other
 * devices update their badges).
 */
export async function markConversationRead(
  { db, now }: ServiceContext,
  actor: Actor,
  { conversationId, viewing }: ConversationRef & { viewing: boolean },
): Promise<{ unreadCount: 0 }> {
  await db.transaction(async (tx) => {
    const [state] = await tx
      .select({ lastReadSeq: conversationParticipant.lastReadSeq, newest: conversation.lastMessageSeq })
      .from(conversationParticipant)
      .innerJoin(conversation, eq(conversation.id, conversationParticipant.conversationId))
      .where(
        and(
          eq(conversationParticipant.conversationId, conversationId),
          eq(conversationParticipant.userId, actor.id),
        ),
      );
    if (!state) throw conversationNotFound();
    await tx
      .update(conversationParticipant)
      .set({
        lastReadSeq: sql`greatest(${conversationParticipant.lastReadSeq}, ${state.newest})`,
        viewingUntil: viewing ? new Date(now.getTime() + VIEWING_TTL_MS) : null,
      })
      .where(
        and(
          eq(conversationParticipant.conversationId, conversationId),
          eq(conversationParticipant.userId, actor.id),
        ),
      );
    if (state.newest > state.lastReadSeq) {
      await publish(tx, 'inbox.read', { conversationId }, [{ kind: 'users', userIds: [actor.id] }]);
    }
  });
  return { unreadCount: 0 };
}

/**
 * Deletes the conversation for the actor only: its history up to now is hidden from them (departure 13). The
 * other party keeps theirs; a later message reopens the same conversation with only the newer messages.
 */
export async function deleteConversation(
  { db, now }: ServiceContext,
  actor: Actor,
  { conversationId }: ConversationRef,
): Promise<void> {
  await db.transaction(async (tx) => {
    const newest = tx
      .select({ seq: conversation.lastMessageSeq })
      .from(conversation)
      .where(eq(conversation.id, conversationId));
    const [hidden] = await tx
      .update(conversationParticipant)
      .set({
        hiddenThroughSeq: sql`(${newest})`,
        lastReadSeq: sql`greatest(${conversationParticipant.lastReadSeq}, (${newest}))`,
        deletedAt: now,
        viewingUntil: null,
      })
      .where(
        and(
          eq(conversationParticipant.conversationId, conversationId),
          eq(conversationParticipant.userId, actor.id),
        ),
      )
      .returning({ conversationId: conversationParticipant.conversationId });
    if (!hidden) throw conversationNotFound();
    await publish(tx, 'inbox.conversation', { conversationId }, [{ kind: 'users', userIds: [actor.id] }]);
  });
}
