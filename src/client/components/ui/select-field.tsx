import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field, controlClass, splitFieldProps, type FieldFrameProps } from './field';

export interface SelectFieldProps
  extends FieldFrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof FieldFrameProps> {
  /** The options: `<option>` elements. */
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A labelled native select: on phones it opens the system picker, which is easier to use one-handed than any
 * custom list.
 */
export function SelectField({ children, ref, ...props }: SelectFieldProps) {
  const [frame, select] = splitFieldProps(props);
  return (
    <Field {...frame}>
      {(control) => (
        <select ref={ref} {...control} className={`min-h-11 appearance-auto ${controlClass}`} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}
