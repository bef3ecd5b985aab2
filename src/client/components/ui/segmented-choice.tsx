import type { LucideIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
  Icon: LucideIcon;
}

/** One of a few choices side by side, the chosen one filled (Delivery or Pickup; Active or Archived). */
export function SegmentedChoice<T extends string>({
  label,
  hideLabel = false,
  hint,
  value,
  onValueChange,
  choices,
  className = '',
}: {
  label: string;
  /** Only screen readers hear the label (the choices say enough). */
  hideLabel?: boolean;
  hint?: string;
  value: T;
  onValueChange: (value: T) => void;
  choices: Choice<T>[];
  className?: string;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <span id={labelId} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </span>
      <RadioGroup.Root
        value={value}
        onValueChange={(next) => onValueChange(next as T)}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        orientation="horizontal"
        className="grid grid-flow-col auto-cols-fr gap-1 rounded-xl border border-border bg-background p-1"
      >
        {choices.map(({ value: choice, label: choiceLabel, Icon }) => (
          <RadioGroup.Item
            key={choice}
            value={choice}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-2 text-base font-semibold whitespace-nowrap text-text-muted transition-colors duration-150 hover:text-text data-[state=checked]:bg-primary data-[state=checked]:text-on-primary"
          >
            <Icon className="size-5 shrink-0" aria-hidden />
            {choiceLabel}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {hint && (
        <p id={hintId} className="text-xs text-text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
