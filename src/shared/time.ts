/** The server's clock, injectable so tests can move time (cooldowns, the ETA window) without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** What is left of a cooldown, as the spec writes it: "3h 5m left" (at least a minute while any time is left). */
export function timeLeftText(msLeft: number): string {
  const minutes = Math.max(1, Math.ceil(msLeft / MINUTE_MS));
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m left`;
}
