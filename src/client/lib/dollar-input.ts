import type { ChangeEvent } from 'react';
import type { ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';

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
 * A Controller's field as the props of a `TextField prefix="$"`: the decimal keypad on phones, and only what a
 * price can hold. The screen works in dollars; the contract is in cents (parseDollarsToCents on the way out).
 */
export function dollarInput<TFields extends FieldValues, TName extends FieldPath<TFields>>({
  onChange,
  ...field
}: ControllerRenderProps<TFields, TName>) {
  return {
    ...field,
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(keepDollarInput(event.target.value)),
  };
}
