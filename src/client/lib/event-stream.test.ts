import { QueryClient } from '@tanstack/react-query';
// What sonner itself was given: the app raises toasts through ./toast, which hands them on once sonner is in.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- reads sonner's history, raises nothing
import { toast as sonner } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UNTIL_SETTLED } from '~/client/testing/wait';
import { applyEvent } from './event-stream';
import { toast } from './toast';

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

  it('a shop setting refetches the settings and the menu (what its low-stock count shows), nothing else', () => {
    expect(invalidatedBy({ type: 'change', topic: 'shop.settings', ids: {} })).toEqual([
      'menu',
      'shopSettings',
    ]);
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
  const titles = () => sonner.getHistory().map((shown) => ('title' in shown ? shown.title : undefined));

  it('tells a driver their claim went back to the queue', async () => {
    const before = titles().length;
    applyEvent(queryClient, { type: 'change', topic: 'orders.requeued', ids: { orderId: 'o1' } });
    await vi.waitFor(() => expect(titles().slice(before)).toEqual(['Order Re-queued']), UNTIL_SETTLED);
  });

  it('shows nothing for an event without one', async () => {
    const before = titles().length;
    applyEvent(queryClient, { type: 'change', topic: 'orders.changed', ids: { orderId: 'o1' } });
    applyEvent(queryClient, { type: 'resync' });
    // Toasts show in the order they were raised: one the events raised would come before this one.
    toast('After the events');
    await vi.waitFor(() => expect(titles().slice(before)).toEqual(['After the events']), UNTIL_SETTLED);
  });
});
