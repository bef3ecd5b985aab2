import { describe, expect, it } from 'vitest';
import { describeChange } from './comparison';
import { previousPeriod } from './insights-range';

describe('a headline figure beside the period before', () => {
  it('says what a change is compared with, to the eye and to a screen reader', () => {
    const period = previousPeriod(7);
    expect(describeChange({ current: 112, previous: 100, period })).toEqual({
      direction: 'up',
      shown: '↑ 12%',
      spoken: 'up 12% on the previous 7 days',
    });
    expect(describeChange({ current: 50, previous: 200, period: previousPeriod(1) }).spoken).toBe(
      'down 75% on the previous day',
    );
    expect(describeChange({ current: 5, previous: 0, period }).spoken).toBe(
      'up from none on the previous 7 days',
    );
    expect(describeChange({ current: 0, previous: 0, period }).spoken).toBe(
      'no change on the previous 7 days',
    );
    // Shares move in percentage points: 10% to 13% is 3 points, not 30%.
    expect(describeChange({ current: 0.13, previous: 0.1, kind: 'points', period })).toEqual({
      direction: 'up',
      shown: '↑ 3 pts',
      spoken: 'up 3 percentage points on the previous 7 days',
    });
  });
});
