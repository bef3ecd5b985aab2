import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field, controlClass, splitFieldProps, type FieldFrameProps } from './field';

export interface SelectFieldProps
  extends FieldFrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof FieldFrameProps> {
  /** The options, each shown as its value ("Cash", "Zelle"); or `children`, `<option>` elements. */
  options?: readonly string[];
  children?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A labelled native select: on phones it opens the system picker, which is easier to use one-handed than any
 * custom list.
 */
export function SelectField({ options, children, ref, ...props }: SelectFieldProps) {
  const [frame, select] = splitFieldProps(props);
  return (
    <Field {...frame}>
      {(control) => (
        <select ref={ref} {...control} className={`min-h-11 appearance-auto ${controlClass}`} {...select}>
          {options?.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
          {children}
        </select>
      )}
    </Field>
  );
}
