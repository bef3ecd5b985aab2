import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { MAX_LINE_QUANTITY } from '~/features/shop/orders.constants';

const stepButton =
  'grid size-11 shrink-0 place-items-center text-text-muted transition-colors duration-150 hover:bg-surface-raised hover:text-text disabled:cursor-not-allowed disabled:opacity-40';

/**
 * Whole numbers from `min` to `max` (99, or less where the shop limits a size or few are left), typed or stepped. A half-typed value (empty) waits for the next key; on leaving
 * the field it goes back to the last good number. With `min` 0 the cart can take a line down to nothing.
 */
export function QuantityInput({
  value,
  onValueChange,
  label,
  min = 1,
  max = MAX_LINE_QUANTITY,
  describedBy,
}: {
  value: number;
  onValueChange: (quantity: number) => void;
  /** What is counted, for screen readers: "Quantity of Purple Haze, OZ Sticker". */
  label: string;
  min?: number;
  max?: number;
  /** The id of what explains the quantity (a cart line's problem). */
  describedBy?: string | undefined;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (quantity: number) => {
    setDraft(null);
    onValueChange(Math.min(max, Math.max(min, quantity)));
  };
  return (
    <div className="inline-flex shrink-0 items-stretch overflow-hidden rounded-xl border border-border bg-background">
      <button
        type="button"
        className={stepButton}
        aria-label={`Decrease ${label}`}
        aria-controls={id}
        disabled={value <= min}
        onClick={() => commit(value - 1)}
      >
        <Minus className="size-4" aria-hidden />
      </button>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        aria-describedby={describedBy}
        value={draft ?? String(value)}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, 3);
          // Too small to keep (a 0 on the menu) waits for the next key or for leaving the field.
          if (digits === '' || Number(digits) < min) setDraft(digits);
          else commit(Number(digits));
        }}
        onBlur={() => {
          if (draft !== null) commit(draft === '' ? value : Number(draft));
        }}
        onFocus={(event) => event.target.select()}
        className="w-11 border-x border-border bg-transparent text-center text-base font-semibold text-text tabular outline-none focus-visible:bg-surface-raised"
      />
      <button
        type="button"
        className={stepButton}
        aria-label={`Increase ${label}`}
        aria-controls={id}
        disabled={value >= max}
        onClick={() => commit(value + 1)}
      >
        <Plus className="size-4" aria-hidden />
      </button>
    </div>
  );
}
