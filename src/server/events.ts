import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  allowsAudience,
  eventIds,
  isTopic,
  type Audience,
  type AudienceOf,
  type EventIds,
  type Topic,
} from '~/shared/events';
import type { Database, Executor } from './db/client';

/**
 * Realtime events. A write publishes an event inside its own transaction (pg_notify), so the event is
 * delivered when the transaction commits and never after a rollback. Every instance LISTENs on one channel
 * and forwards each event to the browsers connected to it whose viewer may see it. Events carry ids, never
 * private content: browsers refetch through the permission-checked API.
 */
export const EVENTS_CHANNEL = 'vault_events';
const MAX_PAYLOAD_BYTES = 4000;

/** What travels over the channel: a listed topic, or the hub's own disconnect. */
export interface PublishedEvent {
  topic: string;
  ids: Record<string, string>;
  audience: Audience[];
}

/** What a browser receives. */
export interface ClientEvent {
  id: string;
  topic: string;
  ids: Record<string, string>;
}

/** The person at the other end of a stream. */
export interface Viewer {
  userId: string | null;
  /** The session the stream was opened with: signing it out ends the stream (endUserStreams). */
  sessionId?: string;
  can(capability: string): boolean;
}

/** Topic a hub handles itself: ends the streams of the given users (after a ban or a role change). */
export const DISCONNECT_TOPIC = 'hub.disconnect';

/**
 * Publishes one change, once, to every audience that should hear of it (`src/shared/events.ts` lists the topics,
 * their ids and audiences). A browser that belongs to several of the audiences still receives it once.
 */
export async function publish<T extends Topic>(
  tx: Executor,
  topic: T,
  ids: EventIds<T>,
  audience: readonly AudienceOf<T>[],
): Promise<void> {
  // The types already say so; this stops a cast or a plain-JavaScript caller too.
  if (!isTopic(topic) || !eventIds(topic, ids) || !audience.every((a) => allowsAudience(topic, a))) {
    throw new Error(`Event ${topic} does not match its entry in src/shared/events.ts`);
  }
  await notifyHubs(tx, { topic, ids, audience: [...audience] });
}

async function notifyHubs(tx: Executor, event: PublishedEvent): Promise<void> {
  const payload = JSON.stringify(event);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new Error(
      `Event ${event.topic} is too large (${Buffer.byteLength(payload)} bytes): send ids, not content`,
    );
  }
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}

export function mayReceive(viewer: Viewer, audience: Audience): boolean {
  switch (audience.kind) {
    case 'everyone':
      return true;
    case 'users':
      return viewer.userId !== null && audience.userIds.includes(viewer.userId);
    case 'capability':
      return viewer.can(audience.capability);
  }
}

/** Whether the viewer is in any of an event's audiences. */
function reaches(viewer: Viewer, audiences: readonly Audience[]): boolean {
  return audiences.some((audience) => mayReceive(viewer, audience));
}

interface Subscriber {
  viewer: Viewer;
  deliver(event: ClientEvent): void;
  /** Tells the browser it may have missed events and should refetch. */
  resync(): void;
  /** Ends the stream; with `reconnectInMs` (a shutdown), tells the browser to reconnect after that long. */
  close(reconnectInMs?: number): void;
}

export class EventHub {
  private readonly instanceId = randomUUID().slice(0, 8);
  private sequence = 0;
  private readonly recent: { event: ClientEvent; audience: Audience[] }[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private readonly watchers = new Map<string, Set<() => void>>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly options: { bufferSize?: number; onError?: (error: unknown) => void } = {},
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      EVENTS_CHANNEL,
      (payload) => this.receive(payload),
      () => {
        // Events sent while the connection was down are gone: whatever watches a topic must read afresh.
        for (const listeners of this.watchers.values()) listeners.forEach((listener) => listener());
        this.subscribers.forEach((s) => s.resync());
      },
    );
  }

  async stop(): Promise<void> {
    // Browsers reconnect (to this instance once restarted, or to another) spread over a second or two.
    this.closeAll(() => 500 + Math.floor(Math.random() * 1500));
    await this.stopListening?.().catch(() => {});
    this.stopListening = undefined;
  }

  get connectionCount(): number {
    return this.subscribers.size;
  }

  /**
   * The id of the last event this hub has seen (`<instance>-0` before any). The session answer carries it, so a
   * page's first connect replays what was published between its load and that connect.
   */
  get latestEventId(): string {
    return `${this.instanceId}-${this.sequence}`;
  }

  /**
   * Calls `listener` whenever this instance hears of a change of `topic` (from any instance), and after the
   * channel was lost (a change may have been missed): for what the server itself keeps in memory, such as the
   * shop's name (shop-name.ts). Watchers run before any browser hears of the event.
   */
  watch(topic: Topic, listener: () => void): () => void {
    const listeners = this.watchers.get(topic) ?? new Set();
    this.watchers.set(topic, listeners);
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /**
   * Events after `lastEventId` that this viewer may see, or undefined when that id is unknown here
   * (another instance's, or too old): the browser must refetch instead.
   */
  replaySince(lastEventId: string, viewer: Viewer): ClientEvent[] | undefined {
    const [instance, seq] = lastEventId.split('-');
    const after = Number(seq);
    if (instance !== this.instanceId || !Number.isInteger(after)) return undefined;
    const oldest = this.recent[0];
    if (after < this.sequence && (!oldest || Number(oldest.event.id.split('-')[1]) > after + 1))
      return undefined;
    return this.recent
      .filter(({ event, audience }) => Number(event.id.split('-')[1]) > after && reaches(viewer, audience))
      .map(({ event }) => event);
  }

  closeAll(reconnectInMs?: () => number): void {
    for (const subscriber of this.subscribers) subscriber.close(reconnectInMs?.());
    this.subscribers.clear();
  }

  private receive(payload: string): void {
    let parsed: PublishedEvent;
    try {
      parsed = JSON.parse(payload) as PublishedEvent;
    } catch (error) {
      this.options.onError?.(error);
      return;
    }
    if (parsed.topic === DISCONNECT_TOPIC) {
      // Sign-outs name their sessions, comma-separated (ids are strings); bans and the like name none.
      const only = parsed.ids.sessionIds?.split(',');
      for (const subscriber of this.subscribers) {
        const sessionId = subscriber.viewer.sessionId;
        if (
          reaches(subscriber.viewer, parsed.audience) &&
          (!only || (sessionId !== undefined && only.includes(sessionId)))
        ) {
          subscriber.close();
          this.subscribers.delete(subscriber);
        }
      }
      return;
    }
    this.watchers.get(parsed.topic)?.forEach((listener) => listener());
    this.sequence += 1;
    const event: ClientEvent = {
      id: `${this.instanceId}-${this.sequence}`,
      topic: parsed.topic,
      ids: parsed.ids,
    };
    this.recent.push({ event, audience: parsed.audience });
    if (this.recent.length > (this.options.bufferSize ?? 500)) this.recent.shift();
    // One delivery per connection, however many of the event's audiences it belongs to.
    for (const subscriber of this.subscribers) {
      if (reaches(subscriber.viewer, parsed.audience)) subscriber.deliver(event);
    }
  }
}

/**
 * Ends the user's open event streams on every instance, when the transaction commits: all of them (a ban, a role
 * change, Delete My Account, a password reset), or those opened with `sessionIds` (a sign-out). A stream of a
 * session that still holds opens again by itself, as whoever the member now is.
 */
export function endUserStreams(tx: Executor, userId: string, sessionIds?: readonly string[]): Promise<void> {
  if (sessionIds?.length === 0) return Promise.resolve();
  return notifyHubs(tx, {
    topic: DISCONNECT_TOPIC,
    ids: sessionIds ? { userId, sessionIds: sessionIds.join(',') } : { userId },
    audience: [{ kind: 'users', userIds: [userId] }],
  });
}
