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

/** A wait as a sentence says it: "10 minutes", "1 minute", or "30 seconds" under a minute. */
export function formatWait(ms: number): string {
  if (ms < MINUTE_MS) {
    const seconds = Math.max(1, Math.round(ms / 1000));
    return `${seconds} second${seconds === 1 ? '' : 's'}`;
  }
  const minutes = Math.round(ms / MINUTE_MS);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The shop's time zone until the Settings tab sets one (its weeks start Monday 00:00 there). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** Whether `name` is an IANA time zone this runtime knows ('America/New_York', 'UTC'). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

/** A day as members read it, in the shop's time zone: "December 28, 2026". */
export function longDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(at);
}

/** The calendar day (YYYY-MM-DD) it is at `at` in a time zone. */
export function dayIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A calendar day (YYYY-MM-DD) moved by whole days: calendar arithmetic, no time zone involved. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The days from one calendar day to another, both included (1 for a single day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
}

/** Whether text is a real calendar day written YYYY-MM-DD (not 2026-02-31). */
export function isCalendarDay(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) &&
    Number.isFinite(Date.parse(`${text}T00:00:00Z`)) &&
    shiftDay(text, 0) === text
  );
}

/** Whole years from a birth date to a day, both YYYY-MM-DD: 21 on the 21st birthday itself. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
