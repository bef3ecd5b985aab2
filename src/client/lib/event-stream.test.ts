import { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyEvent } from './event-stream';

// Queries as the screens key them (their factories live in the features; scripts/event-topics.test.ts ties the
// event contract to those factories).
const cached = {
  session: ['session'],
  feedList: ['feed', 'list', ''],
  feedSearch: ['feed', 'list', 'cats'],
  commentsOfP1: ['feed', 'comments', 'p1'],
  commentsOfP2: ['feed', 'comments', 'p2'],
  moderation: ['feed', 'moderation'],
  myOrders: ['orders', 'mine'],
  desk: ['orders', 'desk', 'active'],
  driverQueue: ['orders', 'driver-queue'],
  messagesOfC1: ['inbox', 'messages', 'c1'],
  messagesOfC2: ['inbox', 'messages', 'c2'],
  conversations: ['inbox', 'list', ''],
  unread: ['inbox', 'unread'],
  menu: ['shop', 'menu'],
  shopSettings: ['shop', 'settings'],
} as const;
type Cached = keyof typeof cached;

let queryClient: QueryClient;
function freshCache() {
  queryClient = new QueryClient();
  for (const key of Object.values(cached)) queryClient.setQueryData(key, { loaded: true });
}
beforeEach(freshCache);

/** The cached queries an event marked stale, by name. */
function invalidatedBy(...events: Parameters<typeof applyEvent>[1][]): Cached[] {
  for (const event of events) applyEvent(queryClient, event);
  return (Object.keys(cached) as Cached[]).filter(
    (name) => queryClient.getQueryState(cached[name])?.isInvalidated,
  );
}

describe('the browser refetches what an event changed', () => {
  it('a like refetches the feed lists, not every comment thread', () => {
    expect(invalidatedBy({ type: 'change', topic: 'feed.post', ids: { postId: 'p1' } })).toEqual([
      'feedList',
      'feedSearch',
      'moderation',
    ]);
  });

  it("a comment refetches its post's thread and the lists, not other threads", () => {
    expect(
      invalidatedBy({ type: 'change', topic: 'feed.comment', ids: { postId: 'p1', commentId: 'c9' } }),
    ).toEqual(['feedList', 'feedSearch', 'commentsOfP1', 'moderation']);
  });

  it('a message refetches its own thread, the conversation list and the badge', () => {
    expect(
      invalidatedBy({
        type: 'change',
        topic: 'inbox.message',
        ids: { conversationId: 'c1', messageId: 'm1' },
      }),
    ).toEqual(['messagesOfC1', 'conversations', 'unread']);
  });

  it("an order's change refetches every orders screen; a requeue only the driver's queue", () => {
    expect(invalidatedBy({ type: 'change', topic: 'orders.changed', ids: { orderId: 'o1' } })).toEqual([
      'myOrders',
      'desk',
      'driverQueue',
    ]);
    freshCache();
    expect(invalidatedBy({ type: 'change', topic: 'orders.requeued', ids: { orderId: 'o1' } })).toEqual([
      'driverQueue',
    ]);
  });

  it('a shop setting refetches the settings, not the menu', () => {
    expect(invalidatedBy({ type: 'change', topic: 'shop.settings', ids: {} })).toEqual(['shopSettings']);
  });

  it('a resync refetches everything', () => {
    expect(invalidatedBy({ type: 'resync' })).toEqual(Object.keys(cached));
  });

  it('an event this build does not know, or with missing ids, refetches everything', () => {
    expect(invalidatedBy({ type: 'change', topic: 'feed.newer-topic', ids: { postId: 'p1' } })).toEqual(
      Object.keys(cached),
    );
    freshCache();
    expect(invalidatedBy({ type: 'change', topic: 'feed.comment', ids: { commentId: 'c9' } })).toEqual(
      Object.keys(cached),
    );
  });
});

describe('events with a reaction', () => {
  const toastsTitled = (title: string) =>
    toast.getHistory().filter((shown) => 'title' in shown && shown.title === title).length;

  it('tells a driver their claim went back to the queue', () => {
    const before = toastsTitled('Order Re-queued');
    applyEvent(queryClient, { type: 'change', topic: 'orders.requeued', ids: { orderId: 'o1' } });
    expect(toastsTitled('Order Re-queued')).toBe(before + 1);
  });

  it('shows nothing for an event without one', () => {
    const before = toast.getHistory().length;
    applyEvent(queryClient, { type: 'change', topic: 'orders.changed', ids: { orderId: 'o1' } });
    applyEvent(queryClient, { type: 'resync' });
    expect(toast.getHistory().length).toBe(before);
  });
});
