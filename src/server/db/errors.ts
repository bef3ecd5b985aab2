/** PostgreSQL's error codes we answer differently (https://www.postgresql.org/docs/15/errcodes-appendix.html). */
const CODES = { uniqueViolation: '23505', foreignKeyViolation: '23503' } as const;

/** Whether the error, or one it wraps (drizzle puts the driver's in `cause`), has this PostgreSQL code. */
export function isDatabaseError(error: unknown, kind: keyof typeof CODES): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === CODES[kind]) return true;
  }
  return false;
}
