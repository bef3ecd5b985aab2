import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the field and announced with it. */
  error?: string | undefined;
  /** A short note under the label, such as "Optional". */
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error underneath; 44 px tall for thumbs. */
export function TextField({ label, error, hint, id, className = '', ref, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          {label}
        </label>
        {hint && (
          <span id={hintId} className="text-xs text-text-muted">
            {hint}
          </span>
        )}
      </div>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-11 w-full rounded-xl border border-border bg-background px-3.5 text-base text-text placeholder:text-text-muted/70 transition-colors duration-150 hover:border-text-muted/50 focus-visible:border-primary aria-invalid:border-danger"
        {...props}
      />
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
