import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { dollarInput } from '~/client/lib/dollar-input';
import { TextField, type TextFieldProps } from './text-field';

type DollarFieldProps<TFields extends FieldValues, TName extends FieldPath<TFields>, TOutput> = {
  /** The form's control; its output (what the contract checks) may differ from the fields typed. */
  control: Control<TFields, unknown, TOutput>;
  name: TName;
} & Omit<TextFieldProps, 'prefix' | 'error' | 'name' | 'value' | 'onChange' | 'onBlur' | 'ref'>;

/**
 * A form's amount in dollars ("$" before it, the decimal keypad, only what a price can hold), with its error under
 * it. The form keeps dollars as typed; the contract is in cents (parseDollarsToCents on the way out).
 */
export function DollarField<
  TFields extends FieldValues,
  TName extends FieldPath<TFields>,
  TOutput extends FieldValues = TFields,
>({ control, name, ...props }: DollarFieldProps<TFields, TName, TOutput>) {
  return (
    <Controller<TFields, TName, TOutput>
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField prefix="$" error={fieldState.error?.message} {...props} {...dollarInput(field)} />
      )}
    />
  );
}
