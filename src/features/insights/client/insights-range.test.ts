import { describe, expect, it } from 'vitest';
import { shiftDay } from '~/shared/time';
import { choiceOf, daysIn, presetRange, rangeOf, todayIn } from './insights-range';

describe('the Overview range', () => {
  it("counts today in the shop's time zone, not the browser's", () => {
    // 03:30 UTC on 1 March is still 28 February in New York (a leap year's day is not skipped).
    const at = new Date('2028-03-01T03:30:00Z');
    expect(todayIn('America/New_York', at)).toBe('2028-02-29');
    expect(todayIn('UTC', at)).toBe('2028-03-01');
  });

  it('ends each preset today, both ends counted', () => {
    expect(presetRange('today', '2026-11-29')).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(presetRange('7', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('30', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(daysIn(presetRange('90', '2026-11-29'))).toBe(90);
    expect(shiftDay('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('names a range by its preset only while it ends today', () => {
    expect(choiceOf({ from: '2026-11-23', to: '2026-11-29' }, '2026-11-29')).toBe('7');
    expect(choiceOf({ from: '2026-11-23', to: '2026-11-29' }, '2026-11-30')).toBe('custom');
    expect(choiceOf({ from: '2026-11-20', to: '2026-11-29' }, '2026-11-29')).toBe('custom');
  });

  it('takes the range from the address when the server would, and 30 days otherwise', () => {
    const today = '2026-11-29';
    expect(rangeOf({ from: '2026-11-01', to: '2026-11-10' }, today)).toEqual({
      from: '2026-11-01',
      to: '2026-11-10',
    });
    for (const asked of [
      { from: null, to: null },
      { from: '2026-11-10', to: '2026-11-01' },
      { from: '2024-01-01', to: '2026-11-01' },
      { from: 'yesterday', to: '2026-11-01' },
    ]) {
      expect(rangeOf(asked, today)).toEqual({ from: '2026-10-31', to: today });
    }
  });
});
