import { toast } from '~/client/lib/toast';
import { eventIds, isTopic, type EventIds, type Topic } from '~/shared/events';

type Reactions = { [T in Topic]?: (ids: EventIds<T>) => void };

/**
 * What the browser shows when an event arrives, besides refetching its queries (src/shared/events.ts). One place
 * for every reaction, so no screen listens to the stream or matches topic strings.
 */
const REACTIONS: Reactions = {
  // The sweep took back a claim whose ETA never came: the driver hears of it wherever they are.
  'orders.requeued': () =>
    toast.error('Order Re-queued', { description: 'You ran out of time to submit an ETA.' }),
};

export function reactToEvent(topic: string, ids: unknown): void {
  if (!isTopic(topic)) return;
  const reaction = REACTIONS[topic] as ((ids: EventIds<Topic>) => void) | undefined;
  const known = eventIds(topic, ids);
  if (reaction && known) reaction(known);
}
