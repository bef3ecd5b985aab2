import type { Capability } from './permissions';

/**
 * The event contract: every realtime topic, the ids it carries, who may receive it and the query keys it
 * refetches in the browser. The server's `publish` accepts only these topics, with these ids and audiences; the
 * browser's event handler invalidates exactly these keys. Events carry ids, never content: the browser refetches
 * through the permission-checked API.
 *
 * The keys are literal here (shared code imports no feature); `scripts/event-topics.test.ts` fails when they stop
 * matching the features' query-key factories. Keys are as narrow as the ids and the existing queries allow: an
 * infinite list refetches as a whole, so a post's change refetches the feed lists, not one post.
 */

/** Who may receive an event: everyone signed in, the named members, or holders of a capability. */
export type Audience =
  | { kind: 'everyone' }
  | { kind: 'users'; userIds: string[] }
  | { kind: 'capability'; capability: Capability };

/** How a topic names its allowed audiences: 'everyone', 'users' (ids given when publishing) or a capability. */
type AudienceName = 'everyone' | 'users' | Capability;

type AudienceNamed<N extends AudienceName> = N extends 'everyone'
  ? { kind: 'everyone' }
  : N extends 'users'
    ? { kind: 'users'; userIds: string[] }
    : { kind: 'capability'; capability: N };

export type QueryKey = readonly unknown[];

interface TopicSpec<F extends string, A extends AudienceName> {
  ids: readonly F[];
  audience: readonly A[];
  invalidates: (ids: Record<F, string>) => readonly QueryKey[];
}

/** Infers the id fields and audiences from the spec, so `invalidates` and `publish` are checked against them. */
const topic = <const F extends string, const A extends AudienceName>(spec: TopicSpec<F, A>) => spec;

/** A change every signed-in screen shows, with no ids: the lists or settings it refetches. */
const forEveryone = (...keys: QueryKey[]) =>
  topic({ ids: [], audience: ['everyone'], invalidates: () => keys });

/** A change to a member's own session (coins, XP, profile): only their browsers refetch it. */
const ownSession = () => topic({ ids: ['userId'], audience: ['users'], invalidates: () => [['session']] });

/** A change only its member sees, with the keys their browsers refetch. */
const forMember = <const F extends string>(ids: readonly F[], key: QueryKey) =>
  topic({ ids, audience: ['users'], invalidates: () => [key] });

export const EVENT_TOPICS = {
  // A post was created, edited, liked, pinned or deleted (the Content tab lists posts too).
  'feed.post': topic({
    ids: ['postId'],
    audience: ['everyone'],
    invalidates: () => [
      ['feed', 'list'],
      ['feed', 'moderation'],
    ],
  }),
  // A comment was added or deleted: its thread, the post's count, the Content tab.
  'feed.comment': topic({
    ids: ['postId', 'commentId'],
    audience: ['everyone'],
    invalidates: ({ postId }) => [
      ['feed', 'comments', postId],
      ['feed', 'list'],
      ['feed', 'moderation'],
    ],
  }),
  'feed.report': topic({
    ids: ['postId'],
    audience: ['moderate:posts'],
    invalidates: () => [['feed', 'moderation']],
  }),

  // An order's status changed: its member's My Orders, the orders desk, the drivers' queue.
  'orders.changed': topic({
    ids: ['orderId'],
    audience: ['users', 'read:orders', 'view:driver-queue'],
    invalidates: () => [['orders']],
  }),
  // The sweep took a claim back from its driver (a toast reacts to it too).
  'orders.requeued': topic({
    ids: ['orderId'],
    audience: ['users'],
    invalidates: () => [['orders', 'driver-queue']],
  }),
  // A driver's approval or online status: the driver's own session and queue, and the Drivers tab.
  'drivers.changed': topic({
    ids: ['driverId'],
    audience: ['users', 'read:drivers'],
    invalidates: () => [['session'], ['orders', 'driver-queue'], ['drivers']],
  }),

  // The catalogue, or a count the menu shows ("Only N left", Sold out): menus, the Catalog tab and carts' quotes.
  'shop.menu': topic({
    ids: [],
    audience: ['everyone'],
    invalidates: () => [
      ['shop', 'menu'],
      ['shop', 'catalog'],
      ['shop', 'quote'],
    ],
  }),
  // A rating changes the sticker's averages, and the rater's next allowed rating.
  'shop.ratings': topic({
    ids: ['stickerId'],
    audience: ['everyone'],
    invalidates: () => [
      ['shop', 'menu'],
      ['shop', 'catalog'],
      ['shop', 'rating-status'],
    ],
  }),
  // Pickup locations, delivery areas or hours: checkouts' lists and terms, and carts' quotes (an area's fee).
  'shop.locations': topic({
    ids: [],
    audience: ['everyone'],
    invalidates: () => [
      ['shop', 'pickup-locations'],
      ['shop', 'delivery'],
      ['shop', 'quote'],
    ],
  }),
  // An order took stock or a cancel gave it back: the Catalog tab's counts (the menu hears only what it shows).
  'shop.stock': topic({ ids: [], audience: ['manage:catalog'], invalidates: () => [['shop', 'catalog']] }),
  // The delivery fee is in every cart's quote; the low-stock threshold decides what the menu shows; the shop's
  // name is in the header and the page titles (the server's own copy follows too: EventHub.watch).
  'shop.settings': topic({
    ids: [],
    audience: ['everyone'],
    invalidates: () => [
      ['shop', 'settings'],
      ['shop-name'],
      ['shop', 'menu'],
      ['shop', 'catalog'],
      ['shop', 'quote'],
    ],
  }),

  // A Mass SMS was queued, or its recipients' statuses changed (the sender reports each batch).
  'sms.changed': topic({ ids: [], audience: ['read:sms'], invalidates: () => [['sms']] }),

  // Award amounts and coins per dollar: the Missions guide, the Economy tab, and carts' quotes (the coins they earn).
  'economy.settings': forEveryone(['economy', 'settings'], ['shop', 'quote']),
  // Level perks or promo codes changed: the Missions guide, the Economy tab's lists, and carts' quotes.
  'economy.loyalty': forEveryone(['economy', 'level-perks'], ['economy', 'promo-codes'], ['shop', 'quote']),
  // A reward was added, edited, hidden or shown: the Rewards Center and the Economy tab's catalogue.
  'rewards.catalog': topic({
    ids: [],
    audience: ['everyone'],
    invalidates: () => [
      ['rewards', 'catalog'],
      ['rewards', 'admin'],
    ],
  }),
  // A member's redemption was made, moved in or out of the cart, used, returned, approved or refused: their
  // rewards and cart on every device, and the staff's queue of requests.
  'rewards.redemptions': topic({
    ids: ['userId'],
    audience: ['users', 'manage:rewards'],
    invalidates: () => [
      ['rewards', 'mine'],
      ['rewards', 'requests'],
    ],
  }),
  // Coins, XP or store credit changed: the header reads them from the session; the Missions guide's cooldowns, the
  // member's history and their cart's quote (the credit it applies) follow.
  'session.balance': topic({
    ids: ['userId'],
    audience: ['users'],
    invalidates: () => [['session'], ['economy', 'cooldowns'], ['profile', 'history'], ['shop', 'quote']],
  }),
  'session.profile': ownSession(),

  // A ban or a role change: staff member lists and the member's public profile, and the member's own session.
  'members.changed': topic({
    ids: ['memberId'],
    audience: ['users', 'read:members'],
    invalidates: ({ memberId }) => [['members', 'list'], ['members', memberId], ['session']],
  }),

  // A member's Download My Data archive became ready (or failed): their Privacy & Data section.
  'profile.data-export': forMember(['exportId'], ['profile', 'data-export']),

  'notifications.new': forMember([], ['notifications', 'menu']),
  'notifications.read': forMember([], ['notifications', 'menu']),

  // A new message: the thread, the conversation list and the unread badge of both members.
  'inbox.message': topic({
    ids: ['conversationId', 'messageId'],
    audience: ['users'],
    invalidates: ({ conversationId }) => [
      ['inbox', 'messages', conversationId],
      ['inbox', 'conversation', conversationId],
      ['inbox', 'list'],
      ['inbox', 'unread'],
    ],
  }),
  // The member read a thread on another device.
  'inbox.read': topic({
    ids: ['conversationId'],
    audience: ['users'],
    invalidates: ({ conversationId }) => [
      ['inbox', 'conversation', conversationId],
      ['inbox', 'list'],
      ['inbox', 'unread'],
    ],
  }),
  // The member started or deleted a conversation on another device.
  'inbox.conversation': topic({
    ids: ['conversationId'],
    audience: ['users'],
    invalidates: ({ conversationId }) => [
      ['inbox', 'messages', conversationId],
      ['inbox', 'conversation', conversationId],
      ['inbox', 'list'],
      ['inbox', 'unread'],
    ],
  }),
};

type Topics = typeof EVENT_TOPICS;
export type Topic = keyof Topics;

/** The ids a topic carries, e.g. `{ postId: string }` for 'feed.post'. */
export type EventIds<T extends Topic> = Record<Topics[T]['ids'][number], string>;

/** The audiences a topic may be published to. */
export type AudienceOf<T extends Topic> = AudienceNamed<Topics[T]['audience'][number]>;

export function isTopic(name: string): name is Topic {
  return Object.hasOwn(EVENT_TOPICS, name);
}

/** The ids of `topic` in `ids`, or undefined when a declared id is missing or not a string. */
export function eventIds<T extends Topic>(topic: T, ids: unknown): EventIds<T> | undefined {
  if (typeof ids !== 'object' || ids === null) return undefined;
  const fields: readonly string[] = EVENT_TOPICS[topic].ids;
  const values = ids as Record<string, unknown>;
  return fields.every((field) => typeof values[field] === 'string') ? (ids as EventIds<T>) : undefined;
}

/** Whether the topic's entry lists this audience. */
export function allowsAudience(topic: Topic, audience: Audience): boolean {
  const allowed: readonly string[] = EVENT_TOPICS[topic].audience;
  return allowed.includes(audience.kind === 'capability' ? audience.capability : audience.kind);
}

/**
 * The query keys an event refetches, or undefined when the event is not one this build knows (a newer server,
 * malformed ids): the browser then refetches everything, as after a resync.
 */
export function invalidatedKeys(topic: string, ids: unknown): readonly QueryKey[] | undefined {
  if (!isTopic(topic)) return undefined;
  const known = eventIds(topic, ids);
  if (!known) return undefined;
  return (EVENT_TOPICS[topic].invalidates as (ids: EventIds<Topic>) => readonly QueryKey[])(known);
}
