import { Switch } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

export interface SwitchFieldProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  /** A short line under the label. */
  description?: ReactNode;
  disabled?: boolean;
}

/** An on/off switch with its label; the switch is a 44 px target. */
export function SwitchField({ checked, onCheckedChange, label, description, disabled }: SwitchFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="flex min-h-11 items-center justify-between gap-4">
      <div className="flex min-w-0 flex-col">
        <label htmlFor={id} className="cursor-pointer text-base font-medium text-text">
          {label}
        </label>
        {description && (
          <span id={descriptionId} className="text-sm text-text-muted">
            {description}
          </span>
        )}
      </div>
      {/* The button is the 44 px target; the track inside it is what shows. */}
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        className="group grid h-11 w-14 shrink-0 cursor-pointer place-items-center focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
      >
        <span className="inline-flex h-7 w-12 items-center rounded-full border group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-primary border-border bg-surface-raised transition-colors duration-150 group-data-[state=checked]:border-accent group-data-[state=checked]:bg-accent">
          <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-text shadow transition-transform duration-150 data-[state=checked]:translate-x-6 data-[state=checked]:bg-background" />
        </span>
      </Switch.Root>
    </div>
  );
}

/** A switch bound to a boolean form field (`form.control`, the field's name). */
export function FormSwitchField<TFields extends FieldValues, TOutput>({
  control,
  name,
  ...props
}: Omit<SwitchFieldProps, 'checked' | 'onCheckedChange'> & {
  control: Control<TFields, unknown, TOutput>;
  name: Path<TFields>;
}) {
  const { field } = useController({ control, name });
  return <SwitchField {...props} checked={field.value === true} onCheckedChange={field.onChange} />;
}
