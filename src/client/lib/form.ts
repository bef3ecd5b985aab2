import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';

/** Under which form field a problem at this contract path shows ('prices.oz' -> 'priceOz'). */
export type FieldOf = (path: string) => string | undefined;

export interface ContractFormOptions<TFields extends FieldValues, TOutput> extends Omit<
  UseFormProps<TFields, unknown, TOutput>,
  'resolver' | 'defaultValues'
> {
  /** The fields' starting values (or `values`, for a form that follows data from the server). */
  defaultValues?: DefaultValues<TFields>;
  /**
   * Only when the fields are not the contract's shape (a price typed in dollars, sent in cents): what the server
   * would be sent. The contract checks that, and `fieldOf` places each problem under a field.
   */
  toInput?: (fields: TFields) => unknown;
  /** Where a problem at a contract path shows; by default under the field of the same name, if the form has it. */
  fieldOf?: FieldOf;
}

export type ContractForm<TFields extends FieldValues, TOutput> = UseFormReturn<TFields, unknown, TOutput> & {
  /**
   * Puts the server's per-field messages (a taken email, a pickup location that no longer exists) under their
   * fields and focuses the first. True when it placed any, so the caller knows the form already says what is wrong.
   */
  setServerErrors: (error: unknown) => boolean;
  /** A text, select or textarea field's binding and its message: `<TextField label="Email" {...form.field('email')} />`. */
  field: <TName extends Path<TFields>>(
    name: TName,
    options?: RegisterOptions<TFields, TName>,
  ) => UseFormRegisterReturn<TName> & { error: string | undefined };
};

/**
 * The one way a form binds to its endpoint: a react-hook-form form checked by the zod contract the route validates
 * with, so the browser and the server can never disagree on a rule, and the server's field errors land on the
 * same fields. The submit handler receives the contract's output.
 */
export function useContractForm<
  TSchema extends z.ZodType,
  TFields extends FieldValues = z.input<TSchema> & FieldValues,
>(
  schema: TSchema,
  { toInput, fieldOf, ...options }: ContractFormOptions<TFields, z.output<TSchema>>,
): ContractForm<TFields, z.output<TSchema>> {
  const placeUnder = fieldOf ?? sameNamedField(Object.keys(options.defaultValues ?? options.values ?? {}));
  const form = useForm<TFields, unknown, z.output<TSchema>>({
    ...options,
    resolver: toInput
      ? contractResolver<TFields, TSchema>(schema, toInput, placeUnder)
      : (zodResolver(schema as never) as unknown as Resolver<TFields, unknown, z.output<TSchema>>),
  });
  const setServerErrors = (error: unknown): boolean => {
    const placed = serverFieldErrors(error, placeUnder);
    placed.forEach(([field, message]) => form.setError(field as Path<TFields>, { type: 'server', message }));
    if (placed[0]) focusOnceEnabled(() => form.setFocus(placed[0]![0] as Path<TFields>), placed[0][0]);
    return placed.length > 0;
  };
  const field = <TName extends Path<TFields>>(name: TName, options?: RegisterOptions<TFields, TName>) => ({
    ...form.register(name, options),
    error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
  });
  return Object.assign(form, { setServerErrors, field });
}

/**
 * Focuses the field a server error is about. The error arrives while the request is still pending, when the form's
 * fieldset is disabled and a focus does nothing: it is tried again on the next frames until the field takes it
 * (a second at most).
 */
function focusOnceEnabled(focus: () => void, name: string): void {
  let frames = 0;
  const attempt = () => {
    focus();
    const active = document.activeElement as HTMLInputElement | null;
    if (active?.name === name || (frames += 1) > 60) return;
    requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/** By default a problem shows under the form's field of the same name (its first segment), if the form has one. */
export function sameNamedField(fieldNames: string[]): FieldOf {
  const fields = new Set(fieldNames);
  return (path) => (fields.has(path.split('.')[0] ?? '') ? path : undefined);
}

/** The server's per-field messages that have a field on this form to show under, in the server's order. */
export function serverFieldErrors(error: unknown, placeUnder: FieldOf): (readonly [string, string])[] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  return Object.entries(error.fields).flatMap(([path, message]) => {
    const field = placeUnder(path);
    return field ? [[field, message] as const] : [];
  });
}

/** Checks what `toInput` makes of the fields with the contract; each problem goes under `fieldOf`'s field. */
export function contractResolver<TFields extends FieldValues, TSchema extends z.ZodType>(
  schema: TSchema,
  toInput: (fields: TFields) => unknown,
  fieldOf: FieldOf,
): Resolver<TFields, unknown, z.output<TSchema>> {
  return (values) => {
    const checked = schema.safeParse(toInput(values));
    if (checked.success) return { values: checked.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of checked.error.issues) {
      const field = fieldOf(issue.path.join('.'));
      if (field) errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<TFields> };
  };
}
