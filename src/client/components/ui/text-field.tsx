import type { InputHTMLAttributes, Ref } from 'react';
import { Field, controlClass, splitFieldProps, type FieldFrameProps } from './field';

export interface TextFieldProps
  extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldFrameProps | 'prefix'> {
  /** Inside the field on the left (a "$" before a price). */
  prefix?: string;
  /** Inside the field on the right (a "%" after a percentage). */
  suffix?: string;
  ref?: Ref<HTMLInputElement>;
}

const affixClass = 'pointer-events-none absolute top-1/2 -translate-y-1/2 text-base text-text-muted';

/** A labelled input with its error underneath. */
export function TextField({ prefix, suffix, ref, ...props }: TextFieldProps) {
  const [frame, input] = splitFieldProps(props);
  return (
    <Field {...frame}>
      {(control) =>
        prefix || suffix ? (
          <div className="relative">
            {prefix && (
              <span aria-hidden className={`${affixClass} left-3.5`}>
                {prefix}
              </span>
            )}
            <input
              ref={ref}
              {...control}
              className={`min-h-11 tabular ${prefix ? 'pl-8' : ''} ${suffix ? 'pr-8' : ''} ${controlClass}`}
              {...input}
            />
            {suffix && (
              <span aria-hidden className={`${affixClass} right-3.5`}>
                {suffix}
              </span>
            )}
          </div>
        ) : (
          <input ref={ref} {...control} className={`min-h-11 ${controlClass}`} {...input} />
        )
      }
    </Field>
  );
}

/**
 * What the phone's keyboard and autofill need for each kind of text, in one place:
 * `<TextField label="Email" {...inputKinds.email} autoComplete="username" {...form.field('email')} />`.
 */
export const inputKinds = {
  email: {
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    autoCapitalize: 'none',
    spellCheck: false,
  },
  /** A US phone number, in whatever format the member types it. */
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '(555) 123-4567' },
  /** A handle or code: no autocorrect, no autofill. */
  handle: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false },
  /** A person's full name. */
  name: { autoComplete: 'name', autoCapitalize: 'words' },
  /** A street address, filled from the browser's saved addresses. */
  address: { autoComplete: 'street-address' },
  /** Signing in: the password manager offers the saved one. */
  password: { type: 'password', autoComplete: 'current-password' },
  /** Registering: the password manager offers to make and save one. */
  newPassword: { type: 'password', autoComplete: 'new-password' },
  /** The 6-digit code from an authenticator app: the number pad, and the code the phone offers. */
  oneTimeCode: {
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    autoCapitalize: 'none',
    spellCheck: false,
  },
} as const satisfies Record<string, InputHTMLAttributes<HTMLInputElement>>;
