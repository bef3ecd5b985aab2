import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, gte, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { prepared } from '~/server/db/prepared';
import { notification } from '~/server/db/tables/notifications.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import { queuePushes } from './push.service';
import type { NotificationsResponse } from '../notifications.schema';
import { NOTIFICATION_MENU_SIZE } from '../notifications.constants';

export interface Note {
  userId: string;
  message: string;
  link?: string;
  from: 'staff' | 'member';
  at: Date;
  /**
   * Also a push notification to the member's devices (README, "Push notifications"): order status changes, the
   * driver's "on the way", new messages and, for online drivers, new delivery orders.
   */
  push?: boolean;
}

/**
 * Tells a member something, in the caller's transaction; their browsers hear of it when it commits. `from` says
 * who is speaking: 'staff' for The Vault and its staff (the bell shows a badge), 'member' when the words name or
 * come from another member.
 */
export async function notify(tx: Executor, note: Note): Promise<void> {
  await notifyEach(tx, [note]);
}

/** Members per event: an event carries its audience's ids, and PostgreSQL's NOTIFY payload is small. */
const RECIPIENTS_PER_EVENT = 100;

/**
 * Several members at once (a new order tells every online driver and the staff): one insert and one event per
 * RECIPIENTS_PER_EVENT members, so the caller's transaction stays short however many are told.
 */
export async function notifyEach(tx: Executor, notes: readonly Note[]): Promise<void> {
  if (notes.length === 0) return;
  await tx.insert(notification).values(
    notes.map((note) => ({
      id: randomUUID(),
      userId: note.userId,
      message: note.message,
      link: note.link ?? null,
      fromStaff: note.from === 'staff',
      createdAt: note.at,
    })),
  );
  await queuePushes(
    tx,
    notes
      .filter((note) => note.push)
      .map((note) => ({ userId: note.userId, body: note.message, url: note.link ?? '/', at: note.at })),
  );
  const userIds = [...new Set(notes.map((note) => note.userId))];
  for (let first = 0; first < userIds.length; first += RECIPIENTS_PER_EVENT) {
    await publish(tx, 'notifications.new', {}, [
      { kind: 'users', userIds: userIds.slice(first, first + RECIPIENTS_PER_EVENT) },
    ]);
  }
}

/**
 * Like notifyEach, for something that may come in bursts (requests to join): a member who already has an unread
 * note with the same link from the last `windowMs` has that one reworded (`regroup`, given when it was first
 * written) instead of a new one, so the bell shows one line for the burst.
 */
export async function notifyGrouped(
  tx: Executor,
  notes: readonly (Note & { link: string })[],
  { windowMs, regroup }: { windowMs: number; regroup: (since: Date) => Promise<string> },
): Promise<void> {
  const fresh: Note[] = [];
  const regrouped = new Set<string>();
  for (const note of notes) {
    const [recent] = await tx
      .select({ id: notification.id, createdAt: notification.createdAt })
      .from(notification)
      .where(
        and(
          eq(notification.userId, note.userId),
          eq(notification.link, note.link),
          eq(notification.read, false),
          gte(notification.createdAt, new Date(note.at.getTime() - windowMs)),
        ),
      )
      .orderBy(desc(notification.createdAt))
      .limit(1)
      .for('update');
    if (!recent) {
      fresh.push(note);
      continue;
    }
    await tx
      .update(notification)
      .set({ message: await regroup(recent.createdAt) })
      .where(eq(notification.id, recent.id));
    regrouped.add(note.userId);
  }
  await notifyEach(tx, fresh);
  if (regrouped.size > 0) {
    await publish(tx, 'notifications.new', {}, [{ kind: 'users', userIds: [...regrouped] }]);
  }
}

/**
 * The member's newest notifications and unread count, only ever their own: read on every page a member opens, so
 * one prepared statement. Each row carries the count (a member with no notifications has none unread, either).
 */
const latestNotifications = prepared('vault_notifications', (db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      ...getTableColumns(notification),
      unread: db.$count(notification, and(eq(notification.userId, userId), eq(notification.read, false))),
    })
    .from(notification)
    .where(eq(notification.userId, userId))
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(NOTIFICATION_MENU_SIZE);
});

export async function listNotifications(
  { db }: ServiceContext,
  actor: Actor,
): Promise<NotificationsResponse> {
  const items = await latestNotifications(db).execute({ userId: actor.id });
  return {
    items: items.map((n) => ({
      id: n.id,
      message: n.message,
      link: n.link,
      read: n.read,
      fromStaff: n.fromStaff,
      createdAt: n.createdAt.toISOString(),
    })),
    unreadCount: items[0]?.unread ?? 0,
  };
}

export async function markAllRead({ db }: ServiceContext, actor: Actor): Promise<void> {
  const userId = actor.id;
  await db.transaction(async (tx) => {
    await tx
      .update(notification)
      .set({ read: true })
      .where(and(eq(notification.userId, userId), eq(notification.read, false)));
    await publish(tx, 'notifications.read', {}, [{ kind: 'users', userIds: [userId] }]);
  });
}
