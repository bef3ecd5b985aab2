import { Check } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

export interface CheckboxFieldProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onBlur?: () => void;
  label: ReactNode;
  error?: string | undefined;
  name?: string;
  disabled?: boolean;
  ref?: React.Ref<HTMLButtonElement>;
}

/** A Radix checkbox with its label beside it; the whole row is a 44 px target. */
export function CheckboxField({ checked, onCheckedChange, label, error, ref, ...props }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex min-h-11 items-start gap-3 py-1">
        <Checkbox.Root
          ref={ref}
          id={id}
          checked={checked}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-md border border-border bg-background text-on-primary transition-colors duration-150 hover:border-text-muted data-[state=checked]:border-primary data-[state=checked]:bg-primary aria-invalid:border-danger"
          {...props}
        >
          <Checkbox.Indicator>
            <Check className="size-4" strokeWidth={3} aria-hidden />
          </Checkbox.Indicator>
        </Checkbox.Root>
        <label htmlFor={id} className="cursor-pointer pt-0.5 text-sm leading-6 text-text">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="pl-9 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox bound to a form field (`form.control`, the field's name), with the field's error under it. */
export function FormCheckboxField<TFields extends FieldValues, TOutput>({
  control,
  name,
  label,
}: {
  control: Control<TFields, unknown, TOutput>;
  name: Path<TFields>;
  label: ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  const { value, onChange, ...binding } = field;
  return (
    <CheckboxField
      {...binding}
      checked={value === true}
      onCheckedChange={onChange}
      error={fieldState.error?.message}
      label={label}
    />
  );
}
