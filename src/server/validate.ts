import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError } from '~/shared/app-error';

/**
 * Validates a request part with the endpoint's zod contract. A failure is a 400 whose message is the first
 * problem (the spec's text, where the schema carries it) and whose `fields` map each field to its message.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || '_';
      fields[key] ??= issue.message;
    }
    throw new AppError('BAD_REQUEST', result.error.issues[0]?.message ?? 'Check the form and try again.', {
      fields,
    });
  });
}
