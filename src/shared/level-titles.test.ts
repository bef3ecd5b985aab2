import { describe, expect, it } from 'vitest';
import { LEVEL_TITLES, levelTitle } from './level-titles';

describe('level titles', () => {
  it('has 100 distinct titles from Coin Collector to Coin King', () => {
    expect(LEVEL_TITLES).toHaveLength(100);
    expect(new Set(LEVEL_TITLES).size).toBe(100);
    expect(levelTitle(1)).toBe('Coin Collector');
    expect(levelTitle(2)).toBe('Coin Collector II');
    expect(levelTitle(11)).toBe('Coin Saver');
    expect(levelTitle(99)).toBe('Coin Regent IX');
    expect(levelTitle(100)).toBe('Coin King');
  });

  it('keeps Coin King above level 100', () => {
    expect(levelTitle(101)).toBe('Coin King');
    expect(levelTitle(5000)).toBe('Coin King');
  });
});
