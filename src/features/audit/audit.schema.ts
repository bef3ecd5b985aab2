import { z } from 'zod';
import { cursorParamSchema, type Page } from '~/shared/pagination';
import { DATE_ORDER } from './audit.constants';

/** An empty field is no filter. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || undefined);

/** An instant, as the browser sends the start of a chosen day in the viewer's time zone. */
const optionalInstant = z
  .union([z.literal(''), z.iso.datetime({ offset: true, message: 'Enter a valid date.' })])
  .optional()
  .transform((value) => (value ? new Date(value) : undefined));

const filterShape = z.object({
  orderId: optionalText(64, 'An order number is at most 64 characters.'),
  eventType: optionalText(64, 'Choose an event type from the list.'),
  driverId: optionalText(64, 'Choose a driver from the list.'),
  actorId: optionalText(64, 'Choose an actor from the list.'),
  from: optionalInstant,
  to: optionalInstant,
});

const datesInOrder = (filters: { from?: Date | undefined; to?: Date | undefined }) =>
  !filters.from || !filters.to || filters.from < filters.to;

/**
 * The Audit Log's filters, each optional: an order (its id, or the short number shown on it, with or without #),
 * an event type, a driver, an actor, and a time range (`from` included, `to` excluded). The CSV export's query.
 */
export const auditLogFiltersSchema = filterShape.refine(datesInOrder, { message: DATE_ORDER, path: ['to'] });
export type AuditLogFiltersInput = z.input<typeof auditLogFiltersSchema>;
export type AuditLogFilters = z.output<typeof auditLogFiltersSchema>;

/** A page of the log: the filters and the previous page's cursor. */
export const auditLogQuerySchema = filterShape
  .extend({ cursor: cursorParamSchema })
  .refine(datesInOrder, { message: DATE_ORDER, path: ['to'] });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

/**
 * One piece of a row's Details sentence: text, or text that links to an order (filters the log by it) or a
 * member (their profile). The browser joins the pieces; the CSV joins their text.
 */
export type DetailPart =
  { text: string } | { text: string; orderId: string } | { text: string; memberId: string };

export interface AuditLogEntry {
  id: string;
  /** ISO time. */
  at: string;
  eventType: string;
  /**
   * Who did it: a member (linked by `memberId`), a Former member (deleted, no link), The Vault for what the server
   * did by itself, or an unknown visitor for a failed owner sign-in.
   */
  actor: { name: string; memberId: string | null };
  details: DetailPart[];
}

export type AuditLogPage = Page<AuditLogEntry>;

export interface AuditLogMember {
  id: string;
  name: string;
}

/** The filters' choices: the event types in the log, every member who holds or held the Driver role, the actors. */
export interface AuditLogOptions {
  eventTypes: string[];
  drivers: AuditLogMember[];
  actors: AuditLogMember[];
}
