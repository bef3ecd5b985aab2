import { levelFromXp, XP_PER_LEVEL } from '~/shared/economy';
import { levelTitle } from '~/shared/level-titles';
import { ProgressBar } from '~/client/components/ui/progress-bar';

/** The thin gold line under the header: the member's level and how far into it they are. */
export function LevelBar({ xp }: { xp: number }) {
  const { level, xpIntoLevel } = levelFromXp(xp);
  return (
    // Phones: level and title with the XP on one line, the line full width beneath. From 640 px: one row.
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 px-3 pt-1 pb-1.5 sm:flex sm:h-7 sm:px-4 sm:py-0">
      <span className="min-w-0 truncate text-xs font-semibold text-coin tabular sm:shrink-0">
        <span>Level {level}</span>
        <span className="font-medium"> · {levelTitle(level)}</span>
      </span>
      <ProgressBar
        label={`Level ${level} progress`}
        value={xpIntoLevel}
        max={XP_PER_LEVEL}
        valueText={`${xpIntoLevel} of ${XP_PER_LEVEL} XP`}
        className="col-span-2 row-start-2 h-1 sm:flex-1"
      />
      <span className="col-start-2 row-start-1 shrink-0 text-xs text-text-muted tabular">
        {xpIntoLevel} / {XP_PER_LEVEL} XP
      </span>
    </div>
  );
}
