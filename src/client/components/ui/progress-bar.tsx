/** A bar that fills from the left: XP into a level (gold), an upload (violet, green when done). */
export function ProgressBar({
  label,
  value,
  max,
  valueText,
  tone = 'coin',
  className = 'h-2',
}: {
  /** What is progressing, read out with the value. */
  label: string;
  value: number;
  max: number;
  /** "120 of 1000 XP" */
  valueText?: string;
  tone?: 'coin' | 'primary' | 'accent';
  /** Height and layout ("h-1 flex-1"). */
  className?: string;
}) {
  const fill = { coin: 'bg-coin', primary: 'bg-primary', accent: 'bg-accent' }[tone];
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={`overflow-hidden rounded-full bg-border ${className}`}
    >
      <div
        className={`h-full origin-left rounded-full transition-transform duration-250 ease-out ${fill}`}
        style={{ transform: `scaleX(${max > 0 ? Math.min(1, value / max) : 0})` }}
      />
    </div>
  );
}
