import { useId, type ReactNode } from 'react';

/** The ids that tie a control to its label, hint and error, and the aria attributes the control carries. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** What every field takes besides its control's own attributes. */
export interface FieldFrameProps {
  label: string;
  /** Shown under the field and announced with it. */
  error?: string | undefined;
  /** A short note beside the label, such as "Optional". */
  hint?: ReactNode;
  /** Read out with the field; shown under it (a character count, a format). */
  description?: ReactNode;
  /** Only screen readers see the label (a search box, a composer with a placeholder). */
  hideLabel?: boolean;
  id?: string | undefined;
  className?: string | undefined;
}

export interface FieldProps extends FieldFrameProps {
  children: (control: FieldControlProps) => ReactNode;
}

/** Splits a field's props into the frame's (label, error, ...) and the control's (name, value, onChange, ...). */
export function splitFieldProps<T extends FieldFrameProps>(
  props: T,
): [FieldFrameProps, Omit<T, keyof FieldFrameProps>] {
  const { label, error, hint, description, hideLabel, id, className, ...control } = props;
  return [{ label, error, hint, description, hideLabel, id, className }, control];
}

/** The frame every form control sits in: its label, hint, description and error, wired for screen readers. */
export function Field({
  label,
  error,
  hint,
  description,
  hideLabel,
  id,
  className = '',
  children,
}: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const descriptionId = `${controlId}-description`;
  const describedBy =
    [hint ? hintId : '', description ? descriptionId : '', error ? errorId : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ''}`}>
      <div className={hideLabel && !hint ? 'sr-only' : 'flex items-baseline justify-between gap-2'}>
        <label htmlFor={controlId} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
          {label}
        </label>
        {hint && (
          <span id={hintId} className="text-xs text-text-muted">
            {hint}
          </span>
        )}
      </div>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {description && (
        <p id={descriptionId} className="text-xs text-text-muted">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The look every text control shares: 44 px tall for thumbs, a red border when invalid. */
export const controlClass =
  'w-full rounded-xl border border-border bg-background px-3.5 text-base text-text placeholder:text-text-muted/70 transition-colors duration-150 hover:border-text-muted/50 focus-visible:border-primary aria-invalid:border-danger disabled:opacity-60';
