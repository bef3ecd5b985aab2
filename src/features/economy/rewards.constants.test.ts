import { describe, expect, it } from 'vitest';
import {
  orderRewardsProblem,
  rewardHighlights,
  FREE_DELIVERY_ON_PICKUP,
  ONE_FREE_DELIVERY,
} from './rewards.constants';

const costs = [63, 100, 175, 250, 500, 2500, 10_000].map((costCoins) => ({ costCoins }));

describe('reward highlights', () => {
  it('shows the cheapest rewards still out of reach, closest first', () => {
    expect(rewardHighlights(costs, 120).map((r) => r.costCoins)).toEqual([175, 250, 500]);
  });

  it('tops up with the best rewards already affordable when few are out of reach', () => {
    expect(rewardHighlights(costs, 3000).map((r) => r.costCoins)).toEqual([10_000, 2500, 500]);
    expect(rewardHighlights(costs, 50_000).map((r) => r.costCoins)).toEqual([10_000, 2500, 500]);
  });
});

describe('which rewards an order may carry', () => {
  it('allows items on any order and one Free Delivery on a Delivery order', () => {
    expect(orderRewardsProblem(['item', 'item'], 'Pickup')).toBeUndefined();
    expect(orderRewardsProblem(['item', 'free-delivery'], 'Delivery')).toBeUndefined();
  });

  it('refuses Free Delivery on Pickup, and a second Free Delivery', () => {
    expect(orderRewardsProblem(['free-delivery'], 'Pickup')).toBe(FREE_DELIVERY_ON_PICKUP);
    expect(orderRewardsProblem(['free-delivery', 'free-delivery'], 'Delivery')).toBe(ONE_FREE_DELIVERY);
  });
});
