import { formatDay } from '~/client/lib/format-time';

/** How the tab writes its figures: whole percentages, short days on axes, hours as a clock says them. */

const counts = new Intl.NumberFormat('en-US');
/** 1234 -> "1,234". */
export const formatCount = (value: number) => counts.format(value);

/** 0.127 -> "13%"; null (nothing to count) -> "–". */
export const formatShare = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);

/** 4.333 -> "4.3"; null -> "No ratings". */
export const formatRating = (rating: number | null) => (rating === null ? 'No ratings' : rating.toFixed(1));

/** 23.5 -> "23.5 min"; null -> "–". */
export const formatMinutes = (minutes: number | null) => (minutes === null ? '–' : `${minutes} min`);

const axisDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A YYYY-MM-DD day on a chart's axis: "Jun 2". */
export const formatAxisDay = (day: string) => axisDay.format(new Date(`${day}T00:00:00Z`));

const clockHour = new Intl.DateTimeFormat('en', { hour: 'numeric', timeZone: 'UTC' });
/** An hour of the day (0-23): "9 AM". */
export const formatHour = (hour: number) => clockHour.format(Date.UTC(2000, 0, 1, hour));

/** A range of days as a sentence reads it: "Jun 1, 2026 – Jun 30, 2026", or one day. */
export const formatRange = (from: string, to: string) =>
  from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
