import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '~/shared/app-error';
import { isStaff } from '~/shared/permissions';
import { notify } from '~/features/notifications/server/notifications.service';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { conversation, conversationMessage, conversationParticipant } from '~/server/db/tables/inbox.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import { decodeCursor, pageOf } from '~/server/pagination';
import type { MessageView, MessagesResponse } from '../inbox.schema';
import { MESSAGES_PAGE_SIZE } from '../inbox.constants';
import { conversationNotFound, findOrStartConversation, type ConversationRef } from './conversations.service';
import { counterpartFor } from './counterpart';

type MessageRow = typeof conversationMessage.$inferSelect;

function toMessageView(actor: Actor, row: MessageRow): MessageView {
  return {
    id: row.id,
    seq: row.seq,
    content: row.content,
    mine: row.senderId === actor.id,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The link a message notification opens. */
const threadLink = (conversationId: string) => `/inbox/${encodeURIComponent(conversationId)}`;

/** A page of the thread ends at its oldest message: the next page is the messages numbered below it. */
const seqKey = z.tuple([z.number().int().positive()]);

/**
 * The thread's messages the actor has not deleted, newest page first (each page oldest first), then older
 * pages by `cursor`. Only a participant reads them; anyone else gets "not found".
 */
export async function listMessages(
  { db }: ServiceContext,
  actor: Actor,
  { conversationId, cursor }: ConversationRef & { cursor?: string | undefined },
): Promise<MessagesResponse> {
  const before = cursor === undefined ? undefined : decodeCursor(cursor, seqKey)[0];
  const [state] = await db
    .select({ hiddenThroughSeq: conversationParticipant.hiddenThroughSeq })
    .from(conversationParticipant)
    .where(
      and(
        eq(conversationParticipant.conversationId, conversationId),
        eq(conversationParticipant.userId, actor.id),
      ),
    );
  if (!state) throw conversationNotFound();
  const rows = await db
    .select()
    .from(conversationMessage)
    .where(
      and(
        eq(conversationMessage.conversationId, conversationId),
        gt(conversationMessage.seq, state.hiddenThroughSeq),
        before === undefined ? undefined : lt(conversationMessage.seq, before),
      ),
    )
    .orderBy(desc(conversationMessage.seq))
    .limit(MESSAGES_PAGE_SIZE + 1);
  const page = pageOf(rows, MESSAGES_PAGE_SIZE, (oldest) => [oldest.seq]);
  return { ...page, items: page.items.reverse().map((row) => toMessageView(actor, row)) };
}

/**
 * Tells the recipient, unless their thread is open: "New message from <the sender as the recipient sees them>".
 * One unread notification per conversation is enough; later messages do not pile up more.
 */
async function notifyRecipient(
  tx: Executor,
  actor: Actor,
  recipientId: string,
  conversationId: string,
  now: Date,
) {
  const [recipient] = await tx
    .select({
      roles: user.roles,
      role: user.role,
      viewingUntil: conversationParticipant.viewingUntil,
    })
    .from(user)
    .innerJoin(
      conversationParticipant,
      and(
        eq(conversationParticipant.userId, user.id),
        eq(conversationParticipant.conversationId, conversationId),
      ),
    )
    .where(eq(user.id, recipientId));
  if (!recipient || (recipient.viewingUntil && recipient.viewingUntil > now)) return;
  const link = threadLink(conversationId);
  const [pending] = await tx
    .select({ id: notification.id })
    .from(notification)
    .where(
      and(eq(notification.userId, recipientId), eq(notification.link, link), eq(notification.read, false)),
    )
    .limit(1);
  if (pending) return;
  const [senderRow] = await tx
    .select({ id: user.id, name: user.name, image: user.image, roles: user.roles, role: user.role })
    .from(user)
    .where(eq(user.id, actor.id));
  const { name } = counterpartFor(recipient, senderRow);
  // The Admin Team (a masked staff sender) gets the staff badge; a member's name is only ever text.
  await notify(tx, {
    userId: recipientId,
    message: `New message from ${name}`,
    link,
    from: senderRow && isStaff(senderRow) ? 'staff' : 'member',
    at: now,
    push: true,
  });
}

/**
 * Stores a message from a participant and delivers it: an event to both parties (ids only) and, when the
 * recipient is not in the thread, a notification. The conversation row's lock numbers messages in commit order.
 */
export async function sendMessage(
  { db, now }: ServiceContext,
  actor: Actor,
  input: ConversationRef & { content: string },
): Promise<MessageView> {
  return db.transaction((tx) => storeMessage(tx, actor, { ...input, now }));
}

/**
 * A message to a member from outside the thread (the Members tab's Message): their conversation, found or
 * started, and the message in it, in one transaction, so a refused or failed send leaves nothing behind. Who may
 * start a conversation with whom is `startConversation`'s rule.
 */
export async function messageMember(
  { db, now }: ServiceContext,
  actor: Actor,
  { recipientId, content }: { recipientId: string; content: string },
): Promise<{ conversationId: string; message: MessageView }> {
  return db.transaction(async (tx) => {
    const { id: conversationId } = await findOrStartConversation(tx, actor, { recipientId, now });
    const message = await storeMessage(tx, actor, { conversationId, content, now });
    return { conversationId, message };
  });
}

/** `sendMessage`'s step inside the caller's transaction. */
async function storeMessage(
  tx: Executor,
  actor: Actor,
  { conversationId, content, now }: ConversationRef & { content: string; now: Date },
): Promise<MessageView> {
  const [locked] = await tx
    .update(conversation)
    .set({ lastMessageSeq: sql`${conversation.lastMessageSeq} + 1`, lastMessageAt: now })
    .where(
      and(
        eq(conversation.id, conversationId),
        or(eq(conversation.userLowId, actor.id), eq(conversation.userHighId, actor.id)),
      ),
    )
    .returning();
  if (!locked) throw conversationNotFound();
  const recipientId = locked.userLowId === actor.id ? locked.userHighId : locked.userLowId;
  if (!recipientId)
    throw new AppError('CONFLICT', 'This member has left The Vault and cannot receive messages.');

  const [row] = await tx
    .insert(conversationMessage)
    .values({
      id: randomUUID(),
      conversationId,
      seq: locked.lastMessageSeq,
      senderId: actor.id,
      content,
      createdAt: now,
    })
    .returning();
  // What the sender wrote, they have read (and replying reads what came before it).
  await tx
    .update(conversationParticipant)
    .set({ lastReadSeq: locked.lastMessageSeq })
    .where(
      and(
        eq(conversationParticipant.conversationId, conversationId),
        eq(conversationParticipant.userId, actor.id),
      ),
    );
  await notifyRecipient(tx, actor, recipientId, conversationId, now);
  await publish(tx, 'inbox.message', { conversationId, messageId: row!.id }, [
    { kind: 'users', userIds: [actor.id, recipientId] },
  ]);
  return toMessageView(actor, row!);
}
