import { levelFromXp, XP_PER_LEVEL } from '~/shared/economy';
import { levelTitle } from '~/shared/level-titles';

/** The profile's level card: level and title, XP into the level out of 1000, and a gold progress bar. */
export function LevelProgress({ xp }: { xp: number }) {
  const { level, xpIntoLevel, progress } = levelFromXp(xp);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-base font-semibold text-coin">
          <span className="tabular">Level {level}</span> · {levelTitle(level)}
        </p>
        <p className="text-sm text-text-muted tabular">
          {xpIntoLevel} / {XP_PER_LEVEL} XP
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Progress to the next level"
        aria-valuemin={0}
        aria-valuemax={XP_PER_LEVEL}
        aria-valuenow={xpIntoLevel}
        aria-valuetext={`${xpIntoLevel} of ${XP_PER_LEVEL} XP`}
        className="h-2 overflow-hidden rounded-full bg-border"
      >
        <div
          className="h-full origin-left rounded-full bg-coin transition-transform duration-250 ease-out"
          style={{ transform: `scaleX(${progress})` }}
        />
      </div>
    </div>
  );
}
