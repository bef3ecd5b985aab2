import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field, controlClass, splitFieldProps, type FieldFrameProps } from './field';

export interface TextareaFieldProps
  extends FieldFrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof FieldFrameProps> {
  ref?: Ref<HTMLTextAreaElement>;
  /** Grows with its text (up to 10 rem) instead of a resize handle: a composer beside its Send button. */
  grow?: boolean;
}

/** A labelled multi-line text box with its error underneath. */
export function TextareaField({ rows = 4, ref, grow, ...props }: TextareaFieldProps) {
  const [frame, textarea] = splitFieldProps(props);
  return (
    <Field {...frame}>
      {(control) => (
        <textarea
          ref={ref}
          rows={rows}
          {...control}
          className={`min-h-11 py-2.5 leading-relaxed ${grow ? 'field-sizing-content max-h-40 resize-none' : 'resize-y'} ${controlClass}`}
          {...textarea}
        />
      )}
    </Field>
  );
}
