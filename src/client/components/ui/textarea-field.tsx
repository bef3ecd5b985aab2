import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { Field, controlClass } from './field';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Under the field: a character count, what the text is for. */
  description?: ReactNode;
  hideLabel?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text box with its error underneath. */
export function TextareaField({
  label,
  error,
  hint,
  description,
  hideLabel,
  id,
  className = '',
  rows = 4,
  ref,
  ...props
}: TextareaFieldProps) {
  return (
    <Field {...{ label, error, hint, description, hideLabel, id, className }}>
      {(control) => (
        <textarea
          ref={ref}
          rows={rows}
          {...control}
          className={`min-h-11 resize-y py-2.5 leading-relaxed ${controlClass}`}
          {...props}
        />
      )}
    </Field>
  );
}
