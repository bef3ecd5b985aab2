const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** "now", "5 minutes ago", "yesterday", "3 weeks ago": how long before `now` the moment was. */
export function formatRelativeTime(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (!Number.isFinite(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

/** The exact moment, for a tooltip beside a relative time: "Nov 22, 2026, 9:18 AM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : absolute.format(date);
}

const dateOnly = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** A calendar date: "Nov 22, 2026". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateOnly.format(date);
}

const utcDay = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** A day the server names as YYYY-MM-DD (a UTC date, no time): "Nov 22, 2026" in every time zone. */
export function formatDay(yyyyMmDd: string): string {
  const date = new Date(`${yyyyMmDd}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? '' : utcDay.format(date);
}

const timeOfDay = new Intl.DateTimeFormat('en', { timeStyle: 'short' });

/** A time today, as a clock shows it: "3:45 PM". */
export function formatTimeOfDay(ms: number): string {
  return Number.isFinite(ms) ? timeOfDay.format(ms) : '';
}
