import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '~/client/lib/session';
import { shopNameQueryKey } from '~/client/lib/shop-name';
import { driverQueueQueryKey, driversQueryKey } from '~/features/delivery/client/delivery.queries';
import { economyQueryKeys } from '~/features/economy/client/economy.queries';
import { loyaltyQueryKeys } from '~/features/economy/client/loyalty.queries';
import { rewardsQueryKeys } from '~/features/economy/client/rewards.queries';
import { contentOptions, feedQueryKeys } from '~/features/feed/client/feed.queries';
import { inboxQueryKeys, inboxUnreadOptions } from '~/features/inbox/client/inbox.queries';
import { memberListOptions } from '~/features/members/client/members.queries';
import { notificationsQueryKeys } from '~/features/notifications/client/notifications.queries';
import { profileQueryKeys } from '~/features/profiles/client/profiles.queries';
import { ordersQueryKeys } from '~/features/shop/client/orders.queries';
import { catalogQueryOptions } from '~/features/shop/client/shop-admin.queries';
import { shopQueryKeys } from '~/features/shop/client/shop.queries';
import { smsQueryKeys } from '~/features/sms/client/sms.queries';
import { EVENT_TOPICS, invalidatedKeys, type EventIds, type QueryKey, type Topic } from '~/shared/events';

/**
 * The event contract (src/shared/events.ts) spells its query keys out, because shared code imports no feature.
 * This ties each topic's keys to the features' query-key factories: rename or reshape a key and this fails, rather
 * than the browser silently missing live updates. (Only a file outside src may import every feature's queries.)
 */
const fromFactories: { [T in Topic]: (ids: EventIds<T>) => QueryKey[] } = {
  'feed.post': () => [feedQueryKeys.lists(), contentOptions().queryKey],
  'feed.comment': ({ postId }) => [
    feedQueryKeys.comments(postId),
    feedQueryKeys.lists(),
    contentOptions().queryKey,
  ],
  'feed.report': () => [contentOptions().queryKey],
  'orders.changed': () => [ordersQueryKeys.all],
  'orders.requeued': () => [driverQueueQueryKey],
  'drivers.changed': () => [sessionQueryKey, driverQueueQueryKey, driversQueryKey],
  'shop.menu': () => [shopQueryKeys.menu(), catalogQueryOptions.queryKey, shopQueryKeys.quote()],
  'shop.ratings': () => [shopQueryKeys.menu(), catalogQueryOptions.queryKey, shopQueryKeys.ratingStatus()],
  'shop.locations': () => [shopQueryKeys.pickupLocations(), shopQueryKeys.delivery(), shopQueryKeys.quote()],
  'shop.stock': () => [catalogQueryOptions.queryKey],
  'shop.settings': () => [
    shopQueryKeys.settings(),
    shopNameQueryKey,
    shopQueryKeys.menu(),
    catalogQueryOptions.queryKey,
    shopQueryKeys.quote(),
  ],
  'sms.changed': () => [smsQueryKeys.all],
  'economy.settings': () => [economyQueryKeys.settings(), shopQueryKeys.quote()],
  'economy.loyalty': () => [
    loyaltyQueryKeys.levelPerks(),
    loyaltyQueryKeys.promoCodes(),
    shopQueryKeys.quote(),
  ],
  'profile.data-export': () => [profileQueryKeys.dataExport()],
  'rewards.catalog': () => [rewardsQueryKeys.catalog(), rewardsQueryKeys.admin()],
  'rewards.redemptions': () => [rewardsQueryKeys.mine(), rewardsQueryKeys.requests()],
  'session.balance': () => [
    sessionQueryKey,
    economyQueryKeys.cooldowns(),
    profileQueryKeys.history(),
    shopQueryKeys.quote(),
  ],
  'session.profile': () => [sessionQueryKey],
  'members.changed': ({ memberId }) => [
    // Every member list, whatever its scope and search.
    memberListOptions('members', '').queryKey.slice(0, 2),
    profileQueryKeys.member(memberId),
    sessionQueryKey,
  ],
  'notifications.new': () => [notificationsQueryKeys.menu()],
  'notifications.read': () => [notificationsQueryKeys.menu()],
  'inbox.message': ({ conversationId }) => [
    inboxQueryKeys.messages(conversationId),
    inboxQueryKeys.conversation(conversationId),
    inboxQueryKeys.lists(),
    inboxUnreadOptions.queryKey,
  ],
  'inbox.read': ({ conversationId }) => [
    inboxQueryKeys.conversation(conversationId),
    inboxQueryKeys.lists(),
    inboxUnreadOptions.queryKey,
  ],
  'inbox.conversation': ({ conversationId }) => [
    inboxQueryKeys.messages(conversationId),
    inboxQueryKeys.conversation(conversationId),
    inboxQueryKeys.lists(),
    inboxUnreadOptions.queryKey,
  ],
};

describe('the event contract', () => {
  it.each(Object.keys(EVENT_TOPICS) as Topic[])(
    "'%s' invalidates keys the query factories build",
    (topic) => {
      const ids = Object.fromEntries(EVENT_TOPICS[topic].ids.map((field) => [field, `${field}-1`]));
      const expected = (fromFactories[topic] as (ids: Record<string, string>) => QueryKey[])(ids);
      expect(invalidatedKeys(topic, ids)).toEqual(expected);
    },
  );
});
