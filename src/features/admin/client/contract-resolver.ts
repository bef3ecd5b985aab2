import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Under which form field a problem at this contract path shows ('prices.oz' -> 'priceOz'). */
export type FieldOf = (path: string) => string | undefined;

/**
 * Checks a form with the endpoint's own contract when the fields are not the contract's shape (prices typed in
 * dollars, sent in cents): `toInput` builds what the server would be sent, the schema checks it, and `fieldOf`
 * places each problem under a field. The form's submit handler receives the contract's output.
 */
export function contractResolver<TValues extends FieldValues, TSchema extends z.ZodType>(
  schema: TSchema,
  /** Unchecked: whatever the fields hold (an unreadable price as undefined) goes to the schema to judge. */
  toInput: (values: TValues) => unknown,
  fieldOf: FieldOf = (path) => path,
): Resolver<TValues, unknown, z.output<TSchema>> {
  return (values) => {
    const checked = schema.safeParse(toInput(values));
    if (checked.success) return { values: checked.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of checked.error.issues) {
      const field = fieldOf(issue.path.join('.'));
      if (field) errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}

/** The server's per-field messages (ApiError.fields), placed under the form's fields the same way. */
export function serverFieldErrors(
  fields: Record<string, string> | undefined,
  fieldOf: FieldOf,
): [string, string][] {
  return Object.entries(fields ?? {}).flatMap(([path, message]) => {
    const field = fieldOf(path);
    return field ? [[field, message] as [string, string]] : [];
  });
}
