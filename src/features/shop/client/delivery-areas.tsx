import { Map as MapIcon, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type ReactElement } from 'react';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { Dialog, DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import {
  EmptyState,
  ListItem,
  ListSkeleton,
  ListStates,
  SkeletonRow,
} from '~/client/components/ui/list-states';
import { TabSection } from '~/client/components/ui/tab-section';
import { DollarField } from '~/client/components/ui/dollar-field';
import { TextField } from '~/client/components/ui/text-field';
import { TextareaField } from '~/client/components/ui/textarea-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm, type FieldOf } from '~/client/lib/form';
import { formatCents, parseDollarsToCents } from '~/shared/money';
import { deliveryAreaSchema, type DeliveryArea } from '../shop.schema';
import { centsToDollarInput } from '~/client/lib/dollar-input';
import { useDeliveryRules, useRemoveDeliveryArea, useSaveDeliveryArea } from './shop-admin.queries';

/**
 * Delivery areas: where the shop delivers, by ZIP code, each with its own fee and minimum order. With none, the shop
 * delivers anywhere at the Settings fee; with some, checkout asks for a ZIP code and refuses one outside them.
 */
export function DeliveryAreasSection() {
  const rules = useDeliveryRules();
  const areas = rules.data?.areas ?? [];
  return (
    <TabSection
      id="delivery-areas-heading"
      title="Delivery Areas"
      description="Deliver only to these ZIP codes, each area at its own fee and minimum order (of stickers: rewards alone need none). With no areas, the shop delivers anywhere at the fee in Settings."
      action={
        <AreaDialog
          trigger={
            <Button type="button">
              <Plus className="size-5" aria-hidden />
              Add Area
            </Button>
          }
        />
      }
    >
      <ListStates
        query={rules}
        empty={areas.length === 0}
        skeleton={<AreasSkeleton />}
        errorMessage="The delivery areas could not be loaded."
        emptyState={<EmptyState>No delivery areas: the shop delivers to any address.</EmptyState>}
      >
        <ul
          aria-label="Delivery areas"
          className="divide-y divide-border overflow-hidden rounded-card border border-border bg-surface"
        >
          {areas.map((area) => (
            <AreaRow key={area.id} area={area} lastOne={areas.length === 1} />
          ))}
        </ul>
      </ListStates>
    </TabSection>
  );
}

function AreaRow({ area, lastOne }: { area: DeliveryArea; lastOne: boolean }) {
  const headingId = useId();
  const zipCount = zipCountText(area.zips.length);
  return (
    <ListItem aria-labelledby={headingId} className="flex items-start gap-3 py-3 pr-2 pl-4">
      <MapIcon className="mt-0.5 size-5 shrink-0 text-text-muted" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={headingId} className="text-base font-semibold break-words">
          {area.name}
        </h3>
        <p className="flex flex-wrap gap-x-3 text-sm text-text-muted tabular">
          <span className="whitespace-nowrap">
            Fee <span className="text-text">{formatCents(area.feeCents)}</span>
          </span>
          <span className="whitespace-nowrap">
            {area.minimumCents > 0 ? (
              <>
                Minimum <span className="text-text">{formatCents(area.minimumCents)}</span>
              </>
            ) : (
              'No minimum'
            )}
          </span>
        </p>
        <p className="text-sm break-words text-text-muted tabular">
          <span className="sr-only">{zipCount}: </span>
          {area.zips.join(', ')}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap justify-end">
        <AreaDialog
          area={area}
          trigger={
            <Button type="button" variant="ghost" aria-label={`Edit ${area.name}`}>
              <Pencil className="size-5" aria-hidden />
              <span className="hidden sm:inline">Edit</span>
            </Button>
          }
        />
        <RemoveArea area={area} lastOne={lastOne} />
      </div>
    </ListItem>
  );
}

const zipCountText = (count: number) => `${count} ZIP ${count === 1 ? 'code' : 'codes'}`;

/** A trigger that opens the area form; the form mounts fresh on every opening. */
function AreaDialog({ trigger, area }: { trigger: ReactElement; area?: DeliveryArea }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      {open && <AreaFormDialog area={area} onDone={() => setOpen(false)} />}
    </Dialog.Root>
  );
}

/** The form's fields: money in dollars as typed; the contract (deliveryAreaSchema) is in cents. */
interface AreaFields {
  name: string;
  zips: string;
  fee: string;
  minimum: string;
}

/** The fields in the order the admin reads them. */
const FIELDS = ['name', 'zips', 'fee', 'minimum'] as const;

const fieldOf: FieldOf = (path) =>
  path === 'feeCents'
    ? 'fee'
    : path === 'minimumCents'
      ? 'minimum'
      : ['name', 'zips'].includes(path)
        ? path
        : undefined;

const toInput = (fields: AreaFields) => ({
  name: fields.name,
  zips: fields.zips,
  feeCents: parseDollarsToCents(fields.fee),
  // An empty minimum is none.
  minimumCents: fields.minimum.trim() === '' ? 0 : parseDollarsToCents(fields.minimum),
});

const fieldsOf = (area: DeliveryArea | undefined): AreaFields => ({
  name: area?.name ?? '',
  zips: area?.zips.join(', ') ?? '',
  fee: area ? centsToDollarInput(area.feeCents) : '',
  minimum: area && area.minimumCents > 0 ? centsToDollarInput(area.minimumCents) : '',
});

/** Add Area or edit one: its name, ZIP codes, fee and minimum. Closes through `onDone` once saved. */
function AreaFormDialog({ area, onDone }: { area: DeliveryArea | undefined; onDone: () => void }) {
  const form = useContractForm<typeof deliveryAreaSchema, AreaFields>(deliveryAreaSchema, {
    toInput,
    fieldOf,
    defaultValues: fieldsOf(area),
  });
  const save = useSaveDeliveryArea({
    onSuccess: (_, { area: saved }) => {
      toast.success(area ? 'Delivery area saved' : 'Delivery area added', {
        description: `${saved.name}: ${zipCountText(saved.zips.split(', ').length)}, ${formatCents(saved.feeCents)} fee.`,
      });
      onDone();
    },
    onError: (error) => {
      if (form.setServerErrors(error)) toast.error(error.message);
      else showErrorToast(error, 'Delivery area not saved');
    },
  });
  // The contract reads the ZIP codes as typed; checked, they are a list, sent back as the contract reads them.
  const submit = form.handleSubmit(
    (fields) => save.mutate({ areaId: area?.id, area: { ...fields, zips: fields.zips.join(', ') } }),
    (problems) => toast.error(FIELDS.map((field) => problems[field]?.message).find(Boolean)),
  );
  const title = area ? `Edit ${area.name}` : 'Add Delivery Area';
  return (
    <DialogPanel
      title={title}
      description="Members whose ZIP code is in this area get delivery at its fee once their stickers reach its minimum order (empty for none)."
      className="sm:max-w-lg"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-5">
        <fieldset disabled={save.isPending} className="flex flex-col gap-4">
          <legend className="sr-only">{title}</legend>
          <TextField
            label="Area name"
            placeholder="e.g. Northwest DC"
            autoComplete="off"
            maxLength={60}
            {...form.field('name')}
          />
          <TextareaField
            label="ZIP codes"
            description="5-digit ZIP codes, separated by commas, spaces or new lines. Each ZIP code belongs to one area."
            placeholder="20001, 20009, 20010"
            rows={3}
            autoComplete="off"
            spellCheck={false}
            {...form.field('zips')}
          />
          <div className="grid grid-cols-2 gap-3">
            <DollarField control={form.control} name="fee" label="Delivery fee" placeholder="20" />
            <DollarField control={form.control} name="minimum" label="Minimum order" placeholder="0" />
          </div>
        </fieldset>
        <DialogActions confirmLabel={area ? 'Save Changes' : 'Add Area'} pending={save.isPending} />
      </form>
    </DialogPanel>
  );
}

/** Remove, after a confirmation that names the area and says what changes for members. */
function RemoveArea({ area, lastOne }: { area: DeliveryArea; lastOne: boolean }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveDeliveryArea({
    onSuccess: (rules) => {
      setOpen(false);
      toast.success('Delivery area removed', {
        description:
          rules.areas.length === 0
            ? `${area.name} is gone: the shop delivers to any address again.`
            : `${area.name} no longer gets delivery.`,
      });
    },
    onError: (error) => showErrorToast(error, 'Delivery area not removed'),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="ghost" aria-label={`Remove ${area.name}`}>
          <Trash2 className="size-5" aria-hidden />
          <span className="hidden sm:inline">Remove</span>
        </Button>
      }
      title={`Remove ${area.name}?`}
      description={
        lastOne
          ? `It is the last area: without one, the shop delivers to any address at the fee in Settings. Past orders keep ${area.name} as their area.`
          : `Its ZIP codes will no longer get delivery. Past orders keep ${area.name} as their area.`
      }
      confirmLabel="Remove Area"
      pending={remove.isPending}
      onConfirm={() => remove.mutate(area.id)}
    />
  );
}

function AreasSkeleton() {
  return (
    <ListSkeleton
      label="Loading delivery areas"
      count={2}
      className="divide-y divide-border overflow-hidden rounded-card border border-border bg-surface"
      item={<SkeletonRow className="px-4 py-4" lead="size-5" lines={['h-4 w-2/5', 'h-3.5 w-3/5']} />}
    />
  );
}
