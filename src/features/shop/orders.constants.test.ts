import { describe, expect, it } from 'vitest';
import { timelineFor, timelineStep, type OrderStatus } from './orders.constants';

const at = '2025-01-01T12:00:00.000Z';
const pickup = (status: OrderStatus, confirmedAt: string | null = null) =>
  timelineFor({ deliveryMethod: 'Pickup', status, confirmedAt });
const delivery = (status: OrderStatus, confirmedAt: string | null = null) =>
  timelineFor({ deliveryMethod: 'Delivery', status, confirmedAt });

describe('the member’s order timeline', () => {
  it('offers Confirmed as the next step while the order is placed', () => {
    expect(pickup('pending')).toEqual(['Placed', 'Confirmed', 'Ready for pickup', 'Completed']);
    expect(delivery('available')).toEqual(['Placed', 'Confirmed', 'Out for delivery', 'Completed']);
    expect(delivery('claimed')).toEqual(['Placed', 'Confirmed', 'Out for delivery', 'Completed']);
  });

  it('shows Confirmed as passed only when staff confirmed the order', () => {
    expect(pickup('confirmed', at)).toEqual(['Placed', 'Confirmed', 'Ready for pickup', 'Completed']);
    expect(pickup('ready-for-pickup', at)).toEqual(['Placed', 'Confirmed', 'Ready for pickup', 'Completed']);
    expect(delivery('completed', at)).toEqual(['Placed', 'Confirmed', 'Out for delivery', 'Completed']);
  });

  it('leaves Confirmed out of an order that went straight on', () => {
    expect(pickup('ready-for-pickup')).toEqual(['Placed', 'Ready for pickup', 'Completed']);
    expect(pickup('completed')).toEqual(['Placed', 'Ready for pickup', 'Completed']);
    // A driver takes a delivery order straight from the queue.
    expect(delivery('in-progress')).toEqual(['Placed', 'Out for delivery', 'Completed']);
    expect(delivery('out-for-delivery')).toEqual(['Placed', 'Out for delivery', 'Completed']);
    expect(delivery('completed')).toEqual(['Placed', 'Out for delivery', 'Completed']);
  });

  it('ends a cancelled order at Cancelled, after Confirmed only when it was confirmed', () => {
    expect(pickup('cancelled')).toEqual(['Placed', 'Cancelled']);
    expect(delivery('cancelled', at)).toEqual(['Placed', 'Confirmed', 'Cancelled']);
  });

  it('puts every status on a step of its own timeline', () => {
    for (const status of ['pending', 'confirmed', 'ready-for-pickup', 'completed', 'cancelled'] as const) {
      const steps = pickup(status, status === 'confirmed' ? at : null);
      expect(steps, status).toContain(timelineStep(status));
    }
    for (const status of ['available', 'claimed', 'in-progress', 'out-for-delivery', 'completed'] as const) {
      expect(delivery(status), status).toContain(timelineStep(status));
    }
  });
});
