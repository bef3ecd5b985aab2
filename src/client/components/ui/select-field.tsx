import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field, controlClass } from './field';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  description?: ReactNode;
  hideLabel?: boolean;
  /** The options: `<option>` elements. */
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A labelled native select: on phones it opens the system picker, which is easier to use one-handed than any
 * custom list.
 */
export function SelectField({
  label,
  error,
  hint,
  description,
  hideLabel,
  id,
  className = '',
  children,
  ref,
  ...props
}: SelectFieldProps) {
  return (
    <Field {...{ label, error, hint, description, hideLabel, id, className }}>
      {(control) => (
        <select ref={ref} {...control} className={`min-h-11 appearance-auto ${controlClass}`} {...props}>
          {children}
        </select>
      )}
    </Field>
  );
}
