/**
 * For `vi.waitFor`: a guard against what never happens, not a measure of speed (vitest.config.ts). Its default of
 * one second is too short on a slow day of the shared test machines.
 */
export const UNTIL_SETTLED = { timeout: 30_000 } as const;
