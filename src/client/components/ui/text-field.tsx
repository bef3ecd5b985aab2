import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field, controlClass } from './field';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the field and announced with it. */
  error?: string | undefined;
  /** A short note beside the label, such as "Optional". */
  hint?: ReactNode;
  description?: ReactNode;
  hideLabel?: boolean;
  /** Inside the field on the left (a "$" before a price). */
  prefix?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error underneath. */
export function TextField({
  label,
  error,
  hint,
  description,
  hideLabel,
  prefix,
  id,
  className = '',
  ref,
  ...props
}: TextFieldProps) {
  return (
    <Field {...{ label, error, hint, description, hideLabel, id, className }}>
      {(control) =>
        prefix ? (
          <div className="relative">
            <span
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-base text-text-muted"
            >
              {prefix}
            </span>
            <input ref={ref} {...control} className={`min-h-11 pl-8 tabular ${controlClass}`} {...props} />
          </div>
        ) : (
          <input ref={ref} {...control} className={`min-h-11 ${controlClass}`} {...props} />
        )
      }
    </Field>
  );
}
