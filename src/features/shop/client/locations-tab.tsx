import { MapPin, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import {
  EmptyState,
  ListItem,
  ListSkeleton,
  ListStates,
  SkeletonRow,
} from '~/client/components/ui/list-states';
import { Spinner } from '~/client/components/ui/spinner';
import { TextField } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { usePickupLocations } from '~/features/shop/client/shop.queries';
import { addLocationSchema, type PickupLocation } from '~/features/shop/shop.schema';
import { useAddPickupLocation, useRemovePickupLocation } from './shop-admin.queries';
import { TabSection } from '~/client/components/ui/tab-section';
import { DeliveryAreasSection } from './delivery-areas';
import { DeliveryHoursSection } from './delivery-hours-form';

/**
 * Locations: the pickup locations members choose from, and where and when the shop delivers (its areas by ZIP
 * code, its hours).
 */
export function LocationsTab() {
  return (
    <div className="flex max-w-2xl flex-col gap-10">
      <PickupLocationsSection />
      <DeliveryAreasSection />
      <DeliveryHoursSection />
    </div>
  );
}

/** Manage Pickup Locations: the places members can choose for a pickup order. */
function PickupLocationsSection() {
  const locations = usePickupLocations();
  const names = locations.data?.locations ?? [];
  return (
    <TabSection
      id="locations-heading"
      title="Manage Pickup Locations"
      description="Members choose one of these when they pick up an order. Removing one keeps it on past orders."
    >
      <AddLocationForm />
      <ListStates
        query={locations}
        empty={names.length === 0}
        skeleton={<LocationsSkeleton />}
        errorMessage="The pickup locations could not be loaded."
        emptyState={<EmptyState>No pickup locations yet.</EmptyState>}
      >
        <ul
          aria-label="Pickup locations"
          className="divide-y divide-border overflow-hidden rounded-card border border-border bg-surface"
        >
          {names.map((location) => (
            <ListItem key={location.name} className="flex items-center gap-3 py-1.5 pr-2 pl-4">
              <MapPin className="size-5 shrink-0 text-text-muted" aria-hidden />
              <span className="min-w-0 flex-1 text-base break-words">{location.displayName}</span>
              <RemoveLocation location={location} />
            </ListItem>
          ))}
        </ul>
      </ListStates>
    </TabSection>
  );
}

/**
 * The name is checked with the server's own contract before it is sent: an empty one is refused here with the
 * spec's message, a duplicate by the server. Both show as a destructive toast and under the field.
 */
function AddLocationForm() {
  const form = useContractForm(addLocationSchema, { defaultValues: { name: '' } });
  const add = useAddPickupLocation({
    onSuccess: (_, added) => {
      form.reset();
      toast.success('Location added', {
        description: `${added.trim()} is now a pickup location.`,
      });
    },
    onError: (error) => {
      if (form.setServerErrors(error)) toast.error(error.message);
      else showErrorToast(error, 'Location not added');
    },
  });
  const submit = form.handleSubmit(
    ({ name }) => add.mutate(name),
    ({ name }) => toast.error(name?.message),
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Add a pickup location"
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:flex-row sm:items-start"
    >
      <TextField
        label="New location"
        placeholder="e.g. Van Ness"
        autoComplete="off"
        maxLength={100}
        error={form.formState.errors.name?.message}
        disabled={add.isPending}
        className="flex-1"
        {...form.register('name')}
      />
      <Button type="submit" disabled={add.isPending} className="sm:mt-[1.625rem]">
        {add.isPending ? <Spinner /> : <Plus className="size-5" aria-hidden />}
        Add Location
      </Button>
    </form>
  );
}

/** Remove, after a confirmation that names the location and says past orders keep it. */
function RemoveLocation({ location: { name, displayName: label } }: { location: PickupLocation }) {
  const [open, setOpen] = useState(false);
  const remove = useRemovePickupLocation({
    onSuccess: () => {
      setOpen(false);
      toast.success('Location removed', { description: `${label} is no longer a pickup location.` });
    },
    onError: (error) => showErrorToast(error, 'Location not removed'),
  });
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button type="button" variant="ghost" aria-label={`Remove ${label}`}>
          <Trash2 className="size-5" aria-hidden />
          <span className="hidden sm:inline">Remove</span>
        </Button>
      </Dialog.Trigger>
      <DialogPanel
        title={`Remove ${label}?`}
        description={`Members will no longer be able to choose ${label} for pickup. Past orders keep it as their pickup location.`}
      >
        <DialogActions
          className="mt-6"
          variant="danger"
          confirmLabel="Remove Location"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(name)}
        />
      </DialogPanel>
    </Dialog.Root>
  );
}

function LocationsSkeleton() {
  return (
    <ListSkeleton
      label="Loading pickup locations"
      count={5}
      className="divide-y divide-border overflow-hidden rounded-card border border-border bg-surface"
      item={<SkeletonRow className="px-4 py-4" lead="size-5" lines={['h-4 w-2/5']} />}
    />
  );
}
