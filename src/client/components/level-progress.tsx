import { levelFromXp, XP_PER_LEVEL } from '~/shared/economy';
import { levelTitle } from '~/shared/level-titles';
import { ProgressBar } from '~/client/components/ui/progress-bar';

/** The profile's level card: level and title, XP into the level out of 1000, and a gold progress bar. */
export function LevelProgress({ xp }: { xp: number }) {
  const { level, xpIntoLevel } = levelFromXp(xp);
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
      <ProgressBar
        label="Progress to the next level"
        value={xpIntoLevel}
        max={XP_PER_LEVEL}
        valueText={`${xpIntoLevel} of ${XP_PER_LEVEL} XP`}
      />
    </div>
  );
}
