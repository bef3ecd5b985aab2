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

/** A Radix checkbox with its label beside it; the checkbox is a 44 px target (the row is 44 px high too). */
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
          // A 44 px target around the 24 px box; the negative margins keep the box where it was.
          className="group -mx-2.5 -mt-2 -mb-2.5 grid size-11 shrink-0 place-items-center focus-visible:outline-none"
          {...props}
        >
          <span className="grid size-6 place-items-center rounded-md border group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-primary border-border bg-background text-on-primary transition-colors duration-150 group-hover:border-text-muted group-aria-invalid:border-danger group-data-[state=checked]:border-primary group-data-[state=checked]:bg-primary">
            <Checkbox.Indicator>
              <Check className="size-4" strokeWidth={3} aria-hidden />
            </Checkbox.Indicator>
          </span>
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
