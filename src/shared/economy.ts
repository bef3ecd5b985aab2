/** The economy's numbers (spec section 9). Pure functions, shared by the server and the header's XP bar. */

export const XP_PER_LEVEL = 1000;

export interface LevelProgress {
  level: number;
  /** XP earned inside the current level, 0 to 999. */
  xpIntoLevel: number;
  /** Share of the current level done, 0 (inclusive) to 1 (exclusive). */
  progress: number;
}

/** level = floor(xp / 1000) + 1; missing, negative or non-numeric XP counts as a new member's 0. */
export function levelFromXp(xp: number | null | undefined): LevelProgress {
  const total = typeof xp === 'number' && Number.isFinite(xp) && xp > 0 ? Math.floor(xp) : 0;
  const xpIntoLevel = total % XP_PER_LEVEL;
  return {
    level: Math.floor(total / XP_PER_LEVEL) + 1,
    xpIntoLevel,
    progress: xpIntoLevel / XP_PER_LEVEL,
  };
}
