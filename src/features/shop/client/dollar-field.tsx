import { useId, type Ref } from 'react';

/**
 * What a price field keeps of a keystroke or a paste: digits and one decimal point with at most two decimals
 * ("$1,800" -> "1800", "4a5" -> "45"). Anything else is ignored.
 */
export function keepDollarInput(text: string): string {
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  const dollars = whole.slice(0, 7);
  return rest.length ? `${dollars}.${rest.join('').slice(0, 2)}` : dollars;
}

/** Cents as a price field shows them: 180000 -> "1800", 4550 -> "45.50"; null (not offered) -> "". */
export function centsToDollarInput(cents: number | null): string {
  if (cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/**
 * An amount in dollars: a "$" before it, the decimal keypad on phones, and only what a price can hold. The
 * screen works in dollars; the contract is in cents (parseDollarsToCents on the way out).
 */
export function DollarField({
  label,
  value,
  onChange,
  onBlur,
  name,
  placeholder,
  hint,
  error,
  disabled,
  ref,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  placeholder?: string;
  /** A short note beside the label. */
  hint?: string;
  error?: string | undefined;
  disabled?: boolean | undefined;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint && (
          <span id={hintId} className="text-xs text-text-muted">
            {hint}
          </span>
        )}
      </div>
      <div className="relative">
        <span
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-base text-text-muted"
        >
          $
        </span>
        <input
          ref={ref}
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(event) => onChange(keepDollarInput(event.target.value))}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="min-h-11 w-full rounded-xl border border-border bg-background pr-3.5 pl-7 text-base text-text tabular placeholder:text-text-muted/70 transition-colors duration-150 hover:border-text-muted/50 focus-visible:border-primary disabled:opacity-60 aria-invalid:border-danger"
        />
      </div>
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
