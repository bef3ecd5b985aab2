import { levelFromXp, XP_PER_LEVEL } from '~/shared/economy';
import { levelTitle } from '~/shared/level-titles';

/** The thin gold line under the header: the member's level and how far into it they are. */
export function LevelBar({ xp }: { xp: number }) {
  const { level, xpIntoLevel, progress } = levelFromXp(xp);
  return (
    <div className="mx-auto flex h-7 w-full max-w-6xl items-center gap-3 px-3 sm:px-4">
      <span className="shrink-0 text-xs font-semibold text-coin tabular">
        <span>Level {level}</span>
        {/* Phones keep the bar wide enough to read; the title shows from 640 px. */}
        <span className="hidden font-medium sm:inline"> · {levelTitle(level)}</span>
      </span>
      <div
        role="progressbar"
        aria-label={`Level ${level} progress`}
        aria-valuemin={0}
        aria-valuemax={XP_PER_LEVEL}
        aria-valuenow={xpIntoLevel}
        aria-valuetext={`${xpIntoLevel} of ${XP_PER_LEVEL} XP`}
        className="h-1 flex-1 overflow-hidden rounded-full bg-border"
      >
        <div
          className="h-full origin-left rounded-full bg-coin transition-transform duration-250 ease-out"
          style={{ transform: `scaleX(${progress})` }}
        />
      </div>
      <span className="shrink-0 text-xs text-text-muted tabular">
        {xpIntoLevel} / {XP_PER_LEVEL} XP
      </span>
    </div>
  );
}
