/** The Overview tab's sections, each a CSV of its own (GET /api/admin/insights/export). */
export const INSIGHTS_SECTIONS = ['sales', 'products', 'members', 'deliveries', 'economy'] as const;
export type InsightsSection = (typeof INSIGHTS_SECTIONS)[number];

/** The longest range the tab counts at once: a year and a day (a leap year's range). */
export const INSIGHTS_MAX_DAYS = 366;

/** The ranges the tab offers, in days ending today; `custom` picks its own days. */
export const INSIGHTS_RANGES = [
  { id: 'today', label: 'Today', days: 1 },
  { id: '7', label: '7 days', days: 7 },
  { id: '30', label: '30 days', days: 30 },
  { id: '90', label: '90 days', days: 90 },
] as const;
