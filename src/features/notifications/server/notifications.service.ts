import { randomUUID } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { notification } from '~/server/db/tables/notifications.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import { NOTIFICATION_MENU_SIZE, type NotificationsResponse } from '../notifications.schema';

/**
 * Tells a member something, in the caller's transaction; their browsers hear of it when it commits. `from` says
 * who is speaking: 'staff' for The Vault and its staff (the bell shows a badge), 'member' when the words name or
 * come from another member.
 */
export async function notify(
  tx: Executor,
  note: { userId: string; message: string; link?: string; from: 'staff' | 'member'; at: Date },
): Promise<void> {
  const id = randomUUID();
  await tx.insert(notification).values({
    id,
    userId: note.userId,
    message: note.message,
    link: note.link ?? null,
    fromStaff: note.from === 'staff',
    createdAt: note.at,
  });
  await publish(tx, 'notifications.new', { notificationId: id }, [{ kind: 'users', userIds: [note.userId] }]);
}

/** The member's newest notifications and unread count: only ever their own. */
export async function listNotifications(
  { db }: ServiceContext,
  actor: Actor,
): Promise<NotificationsResponse> {
  const userId = actor.id;
  const [items, [unread]] = await Promise.all([
    db
      .select()
      .from(notification)
      .where(eq(notification.userId, userId))
      .orderBy(desc(notification.createdAt), desc(notification.id))
      .limit(NOTIFICATION_MENU_SIZE),
    db
      .select({ value: count() })
      .from(notification)
      .where(and(eq(notification.userId, userId), eq(notification.read, false))),
  ]);
  return {
    items: items.map((n) => ({
      id: n.id,
      message: n.message,
      link: n.link,
      read: n.read,
      fromStaff: n.fromStaff,
      createdAt: n.createdAt.toISOString(),
    })),
    unreadCount: unread?.value ?? 0,
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
