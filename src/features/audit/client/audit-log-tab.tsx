import { Download, Filter, X } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from '~/client/lib/toast';
import { LoadMore } from '~/client/components/load-more';
import { Button } from '~/client/components/ui/button';
import { CardTable, CardTableRow, type CardTableColumn } from '~/client/components/ui/card-table';
import {
  EmptyState,
  ListSkeleton,
  ListStates,
  SkeletonCard,
  SkeletonRow,
} from '~/client/components/ui/list-states';
import { SelectField } from '~/client/components/ui/select-field';
import { Spinner } from '~/client/components/ui/spinner';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm, type FieldOf } from '~/client/lib/form';
import { paths } from '~/client/lib/paths';
import { auditEventLabel } from '~/shared/audit-events';
import { can, type Actor } from '~/shared/permissions';
import { auditLogFiltersSchema, type AuditLogEntry, type DetailPart } from '../audit.schema';
import {
  ALL_ACTORS,
  ALL_DRIVERS,
  ALL_EVENT_TYPES,
  FILTERS_APPLIED,
  LOG_EXPORT_STARTED,
  NO_LOGS,
} from '../audit.constants';
import {
  useAuditLog,
  useAuditLogChoices,
  useExportAuditLog,
  type AuditLogQueryFilters,
} from './audit-log.queries';

/** The filter form's fields: all text, dates as the date inputs give them (YYYY-MM-DD, the viewer's days). */
interface FilterFields {
  orderId: string;
  eventType: string;
  driverId: string;
  actorId: string;
  from: string;
  to: string;
}

const FIELD_NAMES = ['orderId', 'eventType', 'driverId', 'actorId', 'from', 'to'] as const;
const NO_FILTERS: FilterFields = { orderId: '', eventType: '', driverId: '', actorId: '', from: '', to: '' };

/** To the second: several entries often share a minute. */
const timestampFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });
const formatTimestamp = (iso: string) => timestampFormat.format(new Date(iso));

/** The table's columns, from a tablet's width; below it each entry is a card. */
const COLUMNS: CardTableColumn[] = [
  { title: 'Timestamp', width: 'auto' },
  { title: 'Event Type', width: 'auto' },
  { title: 'Actor', width: 'fit-content(12rem)' },
  { title: 'Details', width: 'minmax(0,1fr)' },
];

/** The start of a day in the viewer's time zone, as an instant: "2026-11-23" -> its local midnight. */
function startOfDay(date: string, addDays = 0): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  return Number.isNaN(day.getTime()) ? undefined : day.toISOString();
}

/** What the API is sent: the end date counts in full, so the range ends at the start of the next day. */
function toQuery(fields: FilterFields): AuditLogQueryFilters {
  const query: AuditLogQueryFilters = {
    orderId: fields.orderId.trim() || undefined,
    eventType: fields.eventType || undefined,
    driverId: fields.driverId || undefined,
    actorId: fields.actorId || undefined,
    from: fields.from ? (startOfDay(fields.from) ?? fields.from) : undefined,
    to: fields.to ? (startOfDay(fields.to, 1) ?? fields.to) : undefined,
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

const fieldOf: FieldOf = (path) => ((FIELD_NAMES as readonly string[]).includes(path) ? path : undefined);

/**
 * The Audit Log: who did what, newest first, filtered by order, event type, driver, actor and dates. The applied
 * filters live in the URL (a link to an order's log, a reload, the back button keep them); the form is their
 * draft until Apply Filters. Details are the server's sentences, already cut to what this viewer may read.
 */
export function AuditLogTab({ actor }: { actor: Actor }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = useMemo(
    () =>
      Object.fromEntries(
        FIELD_NAMES.map((name) => [name, searchParams.get(name) ?? '']),
      ) as unknown as FilterFields,
    [searchParams],
  );
  const query = useMemo(() => toQuery(applied), [applied]);
  const list = useAuditLog(query);
  const entries = list.data?.items ?? [];
  const filtered = Object.keys(query).length > 0;

  const apply = (fields: FilterFields) =>
    setSearchParams(
      (params) => {
        for (const name of FIELD_NAMES) {
          const value = name === 'orderId' ? fields[name].trim() : fields[name];
          if (value) params.set(name, value);
          else params.delete(name);
        }
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <section aria-labelledby="audit-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="audit-heading" className="text-xl font-semibold tracking-tight">
          Audit Log
        </h2>
        {can(actor, 'export:audit-log') && <ExportButton filters={query} />}
      </div>
      <FiltersForm
        applied={applied}
        onApply={(fields) => {
          apply(fields);
          toast.success(FILTERS_APPLIED);
        }}
        onClear={filtered ? () => apply(NO_FILTERS) : undefined}
      />
      <ListStates
        query={list}
        empty={entries.length === 0}
        skeleton={<LogSkeleton />}
        errorMessage="The audit log could not be loaded."
        emptyState={<EmptyState>{NO_LOGS}</EmptyState>}
      >
        <div className="flex flex-col gap-3">
          <CardTable label="Audit log entries, newest first" columns={COLUMNS} tableFrom="md">
            {entries.map((entry) => (
              <LogEntry key={entry.id} entry={entry} />
            ))}
          </CardTable>
          <LoadMore query={list} failedMessage="More log entries could not be loaded." />
        </div>
      </ListStates>
    </section>
  );
}

function FiltersForm({
  applied,
  onApply,
  onClear,
}: {
  applied: FilterFields;
  onApply: (fields: FilterFields) => void;
  onClear: (() => void) | undefined;
}) {
  const choices = useAuditLogChoices();
  const form = useContractForm<typeof auditLogFiltersSchema, FilterFields>(auditLogFiltersSchema, {
    defaultValues: applied,
    toInput: toQuery,
    fieldOf,
  });
  // Filters applied elsewhere (a link to an order's log, Clear, the back button) show in the form.
  const { reset } = form;
  useEffect(() => reset(applied), [applied, reset]);
  const options = choices.data;
  // A filter from the URL whose choice is not listed (yet) still shows as chosen.
  const withApplied = <T extends { id: string; name: string }>(list: T[] | undefined, id: string) =>
    id && !(list ?? []).some((item) => item.id === id) ? [...(list ?? []), { id, name: id }] : (list ?? []);
  const eventTypes =
    applied.eventType && !(options?.eventTypes ?? []).includes(applied.eventType)
      ? [...(options?.eventTypes ?? []), applied.eventType]
      : (options?.eventTypes ?? []);

  return (
    <form
      noValidate
      aria-label="Audit log filters"
      onSubmit={form.handleSubmit(() => onApply(form.getValues()))}
      className="grid grid-cols-1 gap-3 rounded-card border border-border bg-surface p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <TextField
        label="Order ID"
        placeholder="#A1B2C3 or the full id"
        {...inputKinds.handle}
        {...form.field('orderId')}
      />
      <SelectField label="Event Type" {...form.field('eventType')}>
        <option value="">{ALL_EVENT_TYPES}</option>
        {eventTypes.map((type) => (
          <option key={type} value={type}>
            {auditEventLabel(type)}
          </option>
        ))}
      </SelectField>
      <SelectField label="Driver" {...form.field('driverId')}>
        <option value="">{ALL_DRIVERS}</option>
        {withApplied(options?.drivers, applied.driverId).map((driver) => (
          <option key={driver.id} value={driver.id}>
            {driver.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Actor" {...form.field('actorId')}>
        <option value="">{ALL_ACTORS}</option>
        {withApplied(options?.actors, applied.actorId).map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-3 sm:col-span-2">
        <TextField label="From" type="date" {...form.field('from')} />
        <TextField label="To" type="date" {...form.field('to')} />
      </div>
      <div className="flex flex-wrap items-end justify-end gap-2 sm:col-span-2 lg:col-span-3">
        {onClear && (
          <Button type="button" variant="ghost" onClick={onClear}>
            <X className="size-5" aria-hidden />
            Clear
          </Button>
        )}
        <Button type="submit" className="grow sm:grow-0">
          <Filter className="size-5" aria-hidden />
          Apply Filters
        </Button>
      </div>
    </form>
  );
}

function ExportButton({ filters }: { filters: AuditLogQueryFilters }) {
  const exportLog = useExportAuditLog({
    onError: (error) => showErrorToast(error, 'Export failed'),
  });
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={exportLog.isPending}
      onClick={() => {
        toast.success(LOG_EXPORT_STARTED);
        exportLog.mutate(filters);
      }}
      title="Download the log, with the filters applied, as a spreadsheet"
    >
      {exportLog.isPending ? <Spinner /> : <Download className="size-5" aria-hidden />}
      Export CSV
    </Button>
  );
}

/** The Details sentence with its order and member linked. */
function Details({ parts }: { parts: DetailPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        'orderId' in part ? (
          <Link
            key={index}
            to={`${paths.admin()}?tab=logs&orderId=${encodeURIComponent(part.orderId)}`}
            title="Show this order's log"
            className="font-medium text-primary underline-offset-2 hover:underline"
          >
            {part.text}
          </Link>
        ) : 'memberId' in part ? (
          <Link
            key={index}
            to={paths.publicProfile(part.memberId)}
            className="font-medium text-text underline underline-offset-2 hover:text-primary"
          >
            {part.text}
          </Link>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

function ActorName({ actor }: { actor: AuditLogEntry['actor'] }) {
  return actor.memberId ? (
    <Link to={paths.publicProfile(actor.memberId)} className="font-medium hover:underline">
      {actor.name}
    </Link>
  ) : (
    <span className="text-text-muted">{actor.name}</span>
  );
}

function EventType({ type }: { type: string }) {
  return (
    <span title={type} className="font-medium">
      {auditEventLabel(type)}
    </span>
  );
}

/**
 * One entry: a card headed by its event type and time, then who and what; in the table, the time first, as the
 * columns go.
 */
function LogEntry({ entry }: { entry: AuditLogEntry }) {
  const headingId = useId();
  const cell = 'as-table:row-start-1 as-table:text-sm as-table:whitespace-nowrap';
  return (
    <CardTableRow labelledBy={headingId} className="flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 as-table:contents">
        <h3 id={headingId} className={`text-base as-table:col-start-2 ${cell}`}>
          <EventType type={entry.eventType} />
        </h3>
        <time dateTime={entry.at} className={`text-xs text-text-muted tabular as-table:col-start-1 ${cell}`}>
          {formatTimestamp(entry.at)}
        </time>
      </div>
      <p className="text-xs break-words text-text-muted as-table:text-sm as-table:text-text">
        <span className="as-table:sr-only">By </span>
        <ActorName actor={entry.actor} />
      </p>
      <p className="break-words">
        <Details parts={entry.details} />
      </p>
    </CardTableRow>
  );
}

function LogSkeleton() {
  return (
    <ListSkeleton
      label="Loading the audit log"
      count={5}
      item={
        <SkeletonCard
          className="gap-2 p-4"
          head={<SkeletonRow lines={['h-5 w-40']} trail="h-4 w-28" className="justify-between gap-4" />}
          lines={['h-4 w-3/4']}
        />
      }
    />
  );
}
