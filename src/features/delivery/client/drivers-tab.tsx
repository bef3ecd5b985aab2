import { Truck } from 'lucide-react';
import { toast } from '~/client/lib/toast';
import { EmptyState, ListSkeleton, ListStates, SkeletonCard } from '~/client/components/ui/list-states';
import { Avatar } from '~/client/components/ui/avatar';
import { SwitchField } from '~/client/components/ui/switch-field';
import { TabSection } from '~/client/components/ui/tab-section';
import { showErrorToast } from '~/client/lib/error-toast';
import { can, type RoleHolder } from '~/shared/permissions';
import type { AdminDriver } from '../delivery.schema';
import { useDrivers, useSetDriverFlags } from './drivers.queries';
import { formatOnTimeRate } from './on-time-rate';

/**
 * Driver Management: approval and online status, strikes, deliveries, how often they beat their ETA and how many
 * they left at the door with a photo.
 */
export function DriversTab({ actor }: { actor: RoleHolder }) {
  const drivers = useDrivers();
  const canManage = can(actor, 'manage:drivers');
  const list = drivers.data?.drivers ?? [];
  return (
    <TabSection id="drivers-heading" title="Driver Management">
      <ListStates
        query={drivers}
        empty={list.length === 0}
        skeleton={<DriversSkeleton />}
        errorMessage="The drivers could not be loaded."
        emptyState={
          <EmptyState icon={Truck}>
            No drivers yet. Give a member the Driver role in the Roles tab.
          </EmptyState>
        }
      >
        <ul className="grid gap-3 md:grid-cols-2" aria-live="polite">
          {list.map((driver) => (
            <li key={driver.id}>
              <DriverCard driver={driver} canManage={canManage} />
            </li>
          ))}
        </ul>
      </ListStates>
    </TabSection>
  );
}

function DriverCard({ driver, canManage }: { driver: AdminDriver; canManage: boolean }) {
  const setFlags = useSetDriverFlags({
    onSuccess: () => toast.success('Driver updated'),
    onError: (error) => showErrorToast(error, 'Driver not updated'),
  });
  return (
    <article
      aria-label={driver.name}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
    >
      <header className="flex items-center gap-3">
        <Avatar src={driver.avatarUrl} />
        <h3 className="min-w-0 flex-1 truncate text-lg font-semibold">{driver.name}</h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${driver.isOnline ? 'bg-accent/15 text-accent' : 'bg-surface-raised text-text-muted'}`}
        >
          {driver.isOnline ? 'Online' : 'Offline'}
        </span>
      </header>
      <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
        <Stat label="Strikes" value={String(driver.strikes)} alert={driver.strikes > 0} />
        <Stat label="Deliveries" value={String(driver.deliveries)} />
        <Stat
          label="On time"
          value={driver.onTimeRate === null ? '–' : formatOnTimeRate(driver.onTimeRate)}
        />
        <Stat label="Left at door" value={String(driver.leftAtDoor)} />
      </dl>
      {canManage && (
        <div className="flex flex-col border-t border-border pt-2">
          <SwitchField
            label="Approved driver"
            description="Approved drivers can call dibs."
            checked={driver.isApprovedDriver}
            disabled={setFlags.isPending}
            onCheckedChange={(isApprovedDriver) => setFlags.mutate({ driverId: driver.id, isApprovedDriver })}
          />
          <SwitchField
            label="Online"
            checked={driver.isOnline}
            disabled={setFlags.isPending}
            onCheckedChange={(isOnline) => setFlags.mutate({ driverId: driver.id, isOnline })}
          />
        </div>
      )}
    </article>
  );
}

function Stat({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
  return (
    <div className="rounded-xl border border-border bg-background px-2 py-2">
      <dt className="text-xs text-text-muted">{label}</dt>
      <dd className={`text-xl font-bold tabular ${alert ? 'text-danger' : 'text-text'}`}>{value}</dd>
    </div>
  );
}

function DriversSkeleton() {
  return (
    <ListSkeleton
      label="Loading drivers"
      count={2}
      className="grid gap-3 md:grid-cols-2"
      item={<SkeletonCard className="h-40" />}
    />
  );
}
