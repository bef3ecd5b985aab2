/**
 * Delivery hours: one window a weekday in the shop's time zone, in minutes from midnight (the closing minute
 * excluded). No windows at all: always open; with windows, a weekday without one is closed. Shared by the server's
 * quote (refusing Delivery outside them) and the Locations tab and checkout (showing them).
 */

/** 1 Monday … 7 Sunday, as ISO counts them. */
export const WEEKDAYS = [
  { weekday: 1, name: 'Monday', short: 'Mon' },
  { weekday: 2, name: 'Tuesday', short: 'Tue' },
  { weekday: 3, name: 'Wednesday', short: 'Wed' },
  { weekday: 4, name: 'Thursday', short: 'Thu' },
  { weekday: 5, name: 'Friday', short: 'Fri' },
  { weekday: 6, name: 'Saturday', short: 'Sat' },
  { weekday: 7, name: 'Sunday', short: 'Sun' },
] as const;

export const DAY_MINUTES = 24 * 60;

export interface DeliveryWindow {
  weekday: number;
  /** Minutes from midnight: 600 is 10:00 AM. */
  opensAt: number;
  /** Minutes from midnight, excluded: 1440 is midnight at the end of the day. */
  closesAt: number;
}

/** A minute of the day as members read it: "10:00 AM", "12:30 PM", "midnight" for 1440 (and 0). */
export function clockText(minute: number): string {
  if (minute % DAY_MINUTES === 0) return 'midnight';
  const hours = Math.floor(minute / 60);
  const minutes = String(minute % 60).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "10:00" ↔ 600, for time inputs. */
export const toTimeInput = (minute: number) =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
export function fromTimeInput(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return minute < DAY_MINUTES ? minute : null;
}

/** The weekday (1 Monday … 7 Sunday) and minute of the day it is at `at` in a time zone. */
export function localTime(at: Date, timeZone: string): { weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = WEEKDAYS.find((day) => day.short === part('weekday'))?.weekday ?? 1;
  return { weekday, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

/**
 * Whether Delivery is open at `at`; when it is not, when it opens next: the weekday, the minute and how many days
 * from today (0 today, 1 tomorrow). Null `next` when no weekday has a window (never happens with windows set).
 */
export function deliveryOpening(
  windows: readonly DeliveryWindow[],
  at: Date,
  timeZone: string,
): { open: true } | { open: false; next: { weekday: number; opensAt: number; inDays: number } | null } {
  if (windows.length === 0) return { open: true };
  const now = localTime(at, timeZone);
  const windowOf = (weekday: number) => windows.find((w) => w.weekday === weekday);
  const today = windowOf(now.weekday);
  if (today && today.opensAt <= now.minute && now.minute < today.closesAt) return { open: true };
  if (today && now.minute < today.opensAt) {
    return { open: false, next: { weekday: now.weekday, opensAt: today.opensAt, inDays: 0 } };
  }
  for (let inDays = 1; inDays <= 7; inDays++) {
    const weekday = ((now.weekday - 1 + inDays) % 7) + 1;
    const window = windowOf(weekday);
    if (window) return { open: false, next: { weekday, opensAt: window.opensAt, inDays } };
  }
  return { open: false, next: null };
}

/** Why Delivery is refused outside its hours, with the next opening: "… It opens again tomorrow at 10:00 AM. …" */
export function deliveryClosedText(
  next: { weekday: number; opensAt: number; inDays: number } | null,
): string {
  if (!next) return 'Delivery is closed. Choose Pickup to order now.';
  const day =
    next.inDays === 0
      ? 'today'
      : next.inDays === 1
        ? 'tomorrow'
        : WEEKDAYS.find((d) => d.weekday === next.weekday)!.name;
  return `Delivery is closed right now. It opens again ${day} at ${clockText(next.opensAt)}. Choose Pickup to order now.`;
}

/** A week's hours as one line per day: "Monday: 10:00 AM – 10:00 PM", "Sunday: closed". */
export function weekHoursText(windows: readonly DeliveryWindow[]): { day: string; hours: string }[] {
  return WEEKDAYS.map(({ weekday, name }) => {
    const window = windows.find((w) => w.weekday === weekday);
    return {
      day: name,
      hours: window ? `${clockText(window.opensAt)} – ${clockText(window.closesAt)}` : 'Closed',
    };
  });
}
