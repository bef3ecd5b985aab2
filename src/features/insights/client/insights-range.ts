import { dayIn, daysBetween, shiftDay } from '~/shared/time';
import { INSIGHTS_RANGES } from '../insights.constants';
import { insightsQuerySchema, type InsightsQuery } from '../insights.schema';

/** What the range picker offers: a preset ending today, or days of one's own. */
export type RangeChoice = (typeof INSIGHTS_RANGES)[number]['id'] | 'custom';

/** Without a range in the URL: a month, long enough to show a trend, short enough to be about now. */
export const DEFAULT_RANGE = '30' satisfies RangeChoice;

/** Days in a range, both ends included. */
export const daysIn = ({ from, to }: InsightsQuery): number => daysBetween(from, to);

/** Today in the shop's time zone once the server has named it; until then the browser's. */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  return dayIn(now, timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** A preset's days, ending today. */
export function presetRange(id: Exclude<RangeChoice, 'custom'>, today: string): InsightsQuery {
  const { days } = INSIGHTS_RANGES.find((range) => range.id === id)!;
  return { from: shiftDay(today, 1 - days), to: today };
}

/** The preset a range is (its days, ending today), or custom. */
export function choiceOf(range: InsightsQuery, today: string): RangeChoice {
  const preset = INSIGHTS_RANGES.find(
    ({ id }) => range.to === today && range.from === presetRange(id, today).from,
  );
  return preset?.id ?? 'custom';
}

/** The range in the URL (`?from=…&to=…`) when it is one the server takes, otherwise the default preset. */
export function rangeOf(asked: { from: string | null; to: string | null }, today: string): InsightsQuery {
  const parsed = insightsQuerySchema.safeParse(asked);
  return parsed.success ? parsed.data : presetRange(DEFAULT_RANGE, today);
}

/** What a figure is compared with: "the previous day", "the previous 7 days". */
export function previousPeriod(days: number): string {
  return days === 1 ? 'the previous day' : `the previous ${days} days`;
}
