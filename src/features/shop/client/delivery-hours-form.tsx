import { Clock } from 'lucide-react';
import { useMemo, type FormEvent } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { toast } from '~/client/lib/toast';
import { FormActions } from '~/client/components/ui/form-actions';
import { ListSkeleton, ListStates, SkeletonBlock } from '~/client/components/ui/list-states';
import { SwitchField } from '~/client/components/ui/switch-field';
import { TabSection } from '~/client/components/ui/tab-section';
import { TextField } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm, type ContractForm, type FieldOf } from '~/client/lib/form';
import { DAY_MINUTES, WEEKDAYS, fromTimeInput, toTimeInput, type DeliveryWindow } from '../delivery-hours';
import { deliveryHoursSchema } from '../shop.schema';
import { useShopSettings } from './shop.queries';
import { useDeliveryRules, useSetDeliveryHours } from './shop-admin.queries';

/**
 * The form's fields: whether delivery keeps set hours at all (off: always open), and the open weekdays in order,
 * each with its times as the time inputs hold them ("22:00"). The contract (deliveryHoursSchema) takes the same list
 * in minutes, so a problem at `days.2.closesAt` is this form's `days.2.closes`.
 */
interface HoursFields {
  limited: boolean;
  days: { weekday: number; opens: string; closes: string }[];
}
type HoursOutput = ReturnType<typeof deliveryHoursSchema.parse>;

/** A day switched on opens at 10:00 AM and closes at 10:00 PM, unless an open day beside it says otherwise. */
const DEFAULT_DAY = { opens: '10:00', closes: '22:00' };
const NO_OPEN_DAY =
  'Switch on at least one day, or turn off “Set delivery hours” to keep delivery always open.';

/** A time the contract refuses stays NaN ("Enter a time."); a closing time of 00:00 is midnight, the day's end. */
const minuteOf = (value: string, closing: boolean) => {
  const minute = fromTimeInput(value);
  if (minute === null) return Number.NaN;
  return closing && minute === 0 ? DAY_MINUTES : minute;
};

/** Without set hours the list is empty: always open. */
const toInput = ({ limited, days }: HoursFields) => ({
  days: limited
    ? days.map((day) => ({
        weekday: day.weekday,
        opensAt: minuteOf(day.opens, false),
        closesAt: minuteOf(day.closes, true),
      }))
    : [],
});

const fieldOf: FieldOf = (path) => {
  const [head, index, part] = path.split('.');
  if (head !== 'days' || index === undefined) return 'root';
  return `days.${index}.${part === 'opensAt' ? 'opens' : 'closes'}`;
};

const fieldsOf = (hours: readonly DeliveryWindow[]): HoursFields => ({
  limited: hours.length > 0,
  days: hours.map((day) => ({
    weekday: day.weekday,
    opens: toTimeInput(day.opensAt),
    closes: toTimeInput(day.closesAt),
  })),
});

/** The week's delivery hours in the shop's time zone: a time window per open weekday, or none at all (always open). */
export function DeliveryHoursSection() {
  const rules = useDeliveryRules();
  const timeZone = useShopSettings().data?.timeZone;
  return (
    <TabSection
      id="delivery-hours-heading"
      title="Delivery Hours"
      description={`When members may order delivery${timeZone ? `, in the shop’s time zone (${timeZone})` : ''}. Outside them checkout says when delivery opens next; pickup is not affected.`}
    >
      <ListStates
        query={rules}
        empty={!rules.data}
        skeleton={<HoursSkeleton />}
        errorMessage="The delivery hours could not be loaded."
        emptyState={null}
      >
        {rules.data && <DeliveryHoursForm hours={rules.data.hours} />}
      </ListStates>
    </TabSection>
  );
}

function DeliveryHoursForm({ hours }: { hours: DeliveryWindow[] }) {
  const current = useMemo(() => fieldsOf(hours), [hours]);
  const form = useContractForm<typeof deliveryHoursSchema, HoursFields>(deliveryHoursSchema, {
    toInput,
    fieldOf,
    // Saved elsewhere (another admin, the event stream): the form follows unless it is being edited here.
    values: current,
    resetOptions: { keepDirtyValues: true },
  });
  const { fields, insert, remove, replace } = useFieldArray({ control: form.control, name: 'days' });
  const save = useSetDeliveryHours({
    onSuccess: (rules) => {
      form.reset(fieldsOf(rules.hours));
      toast.success('Delivery hours saved', {
        description:
          rules.hours.length === 0
            ? 'Delivery is always open.'
            : `Delivery is open ${rules.hours.length} ${rules.hours.length === 1 ? 'day' : 'days'} a week.`,
      });
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Delivery hours not saved');
    },
  });

  // Switching a day on copies the times of the open day before it (or after it), so a week fills in quickly.
  const setOpen = (weekday: number, open: boolean) => {
    const index = fields.findIndex((day) => day.weekday === weekday);
    if (!open) return index >= 0 && remove(index);
    const at = fields.filter((day) => day.weekday < weekday).length;
    const days = form.getValues('days');
    const like = days[at - 1] ?? days[at] ?? DEFAULT_DAY;
    insert(at, { weekday, opens: like.opens, closes: like.closes }, { shouldFocus: false });
  };

  const limited = useWatch({ control: form.control, name: 'limited' });
  // Setting hours starts from every day at the usual times; the admin switches off the closed ones.
  const setLimited = (on: boolean) => {
    form.setValue('limited', on, { shouldDirty: true });
    if (on && fields.length === 0) {
      replace(WEEKDAYS.map(({ weekday }) => ({ weekday, ...DEFAULT_DAY })));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Empty hours mean always open: with set hours, some day must be open.
    if (limited && fields.length === 0) {
      form.setError('root', { type: 'custom', message: NO_OPEN_DAY });
      return void toast.error('Delivery hours not saved', { description: NO_OPEN_DAY });
    }
    void form.handleSubmit(
      (values: HoursOutput) => save.mutate(values),
      (problems) => {
        const first = firstProblem(problems);
        if (first) toast.error('Delivery hours not saved', { description: first });
      },
    )(event);
  };

  return (
    <form
      noValidate
      aria-label="Delivery hours"
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <fieldset disabled={save.isPending} className="flex flex-col gap-4">
        <legend className="sr-only">Delivery hours</legend>
        <div className="flex items-start gap-3">
          <Clock className="mt-3 size-5 shrink-0 text-text-muted" aria-hidden />
          <div className="min-w-0 flex-1">
            <SwitchField
              label="Set delivery hours"
              description={
                limited ? (
                  'Delivery only on the days and times below; a day switched off is closed. Closing at 12:00 AM (00:00) is midnight.'
                ) : (
                  <>
                    <span className="font-semibold text-accent">Always open:</span> members may order delivery
                    at any time.
                  </>
                )
              }
              checked={limited}
              onCheckedChange={setLimited}
            />
          </div>
        </div>
        {limited && (
          <div
            role="group"
            aria-label="Days"
            className="flex flex-col divide-y divide-border border-t border-border"
          >
            {WEEKDAYS.map(({ weekday, name }) => {
              const index = fields.findIndex((day) => day.weekday === weekday);
              return (
                <DayRow
                  key={weekday}
                  form={form}
                  name={name}
                  index={index}
                  fieldKey={index >= 0 ? fields[index]!.id : undefined}
                  onOpenChange={(open) => setOpen(weekday, open)}
                />
              );
            })}
          </div>
        )}
      </fieldset>
      {form.formState.errors.root?.message && (
        <p role="alert" className="text-sm text-danger">
          {form.formState.errors.root.message}
        </p>
      )}
      <FormActions
        dirty={form.formState.isDirty}
        pending={save.isPending}
        saveLabel="Save Hours"
        onDiscard={() => form.reset(current)}
        className="border-t border-border pt-4"
      />
    </form>
  );
}

/** A weekday: open or closed, and when open its opening and closing times. */
function DayRow({
  form,
  name,
  index,
  fieldKey,
  onOpenChange,
}: {
  form: ContractForm<HoursFields, HoursOutput>;
  name: string;
  /** Its place among the open days; -1 when it is closed. */
  index: number;
  fieldKey: string | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const open = index >= 0;
  return (
    <div className="flex flex-col gap-2 py-3 last:pb-0 sm:grid sm:min-h-[5.5rem] sm:grid-cols-[11rem_1fr] sm:items-center sm:gap-6">
      <SwitchField
        label={name}
        description={open ? undefined : 'Closed'}
        checked={open}
        onCheckedChange={onOpenChange}
      />
      {open && (
        <div key={fieldKey} className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <TextField
            label="Opens"
            aria-label={`${name} opens`}
            type="time"
            {...form.field(`days.${index}.opens`)}
          />
          <TextField
            label="Closes"
            aria-label={`${name} closes`}
            type="time"
            {...form.field(`days.${index}.closes`)}
          />
        </div>
      )}
    </div>
  );
}

/**
 * The first problem as the admin reads the week: the list's own, then each day's in order. The contract's problems
 * arrive under flat paths ('days.4.closes'), the server's nested: both are searched.
 */
function firstProblem(errors: object): string | undefined {
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || !value || typeof value !== 'object') continue;
    const { message } = value as { message?: unknown };
    if (typeof message === 'string' && message) return message;
    const nested = firstProblem(value as object);
    if (nested) return nested;
  }
  return undefined;
}

function HoursSkeleton() {
  return (
    <ListSkeleton
      label="Loading delivery hours"
      count={1}
      item={
        <div className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5">
          <SkeletonBlock className="h-3.5 w-3/4" />
          {WEEKDAYS.map(({ weekday }) => (
            <div key={weekday} className="flex items-center justify-between gap-4">
              <SkeletonBlock className="h-4 w-24" />
              <SkeletonBlock className="h-7 w-12 rounded-full" />
            </div>
          ))}
        </div>
      }
    />
  );
}
