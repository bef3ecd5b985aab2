import { describe, expect, it } from 'vitest';
import { levelFromXp } from './economy';

describe('levelFromXp', () => {
  it('starts a new member at level 1 with an empty bar', () => {
    expect(levelFromXp(0)).toEqual({ level: 1, xpIntoLevel: 0, progress: 0 });
  });

  it('moves up one level every 1000 XP and fills the bar with the rest', () => {
    expect(levelFromXp(999)).toEqual({ level: 1, xpIntoLevel: 999, progress: 0.999 });
    expect(levelFromXp(1000)).toEqual({ level: 2, xpIntoLevel: 0, progress: 0 });
    expect(levelFromXp(1250)).toEqual({ level: 2, xpIntoLevel: 250, progress: 0.25 });
  });

  it('gives the seeded members their levels', () => {
    expect(levelFromXp(25_000).level).toBe(26);
    expect(levelFromXp(8_500)).toEqual({ level: 9, xpIntoLevel: 500, progress: 0.5 });
    expect(levelFromXp(450)).toEqual({ level: 1, xpIntoLevel: 450, progress: 0.45 });
  });

  it('treats missing or invalid XP as level 1', () => {
    for (const xp of [undefined, null, -20, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(levelFromXp(xp)).toEqual({ level: 1, xpIntoLevel: 0, progress: 0 });
    }
  });
});
