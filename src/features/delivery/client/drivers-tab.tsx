import { RotateCw, Truck } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '~/client/components/ui/button';
import { SwitchField } from '~/client/components/ui/switch-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { can, type RoleHolder } from '~/shared/permissions';
import type { AdminDriver } from '../delivery.schema';
import { useDrivers, useSetDriverFlags } from './delivery.queries';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

/** Driver Management: approval and online status, strikes, deliveries and how often they beat their ETA. */
export function DriversTab({ actor }: { actor: RoleHolder }) {
  const drivers = useDrivers();
  const canManage = can(actor, 'manage:drivers');
  if (drivers.isPending) {
    return (
      <div role="status" aria-label="Loading drivers" className="grid gap-3 md:grid-cols-2">
        {[0, 1].map((index) => (
          <div key={index} className="h-40 animate-pulse rounded-card border border-border bg-surface" />
        ))}
      </div>
    );
  }
  if (drivers.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-card border border-danger/50 bg-surface px-6 py-10 text-center"
      >
        <p className="text-base text-text">The drivers could not be loaded.</p>
        <Button variant="secondary" onClick={() => void drivers.refetch()}>
          <RotateCw className="size-5" aria-hidden />
          Try again
        </Button>
      </div>
    );
  }
  if (drivers.data.drivers.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-border bg-surface px-6 py-12 text-center">
        <Truck className="size-8 text-text-muted" aria-hidden />
        <p className="text-base text-text-muted">
          No drivers yet. Give a member the Driver role in the Roles tab.
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-live="polite">
      {drivers.data.drivers.map((driver) => (
        <li key={driver.id}>
          <DriverCard driver={driver} canManage={canManage} />
        </li>
      ))}
    </ul>
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
        <img
          src={driver.avatarUrl}
          alt=""
          width={44}
          height={44}
          className="size-11 rounded-full bg-surface-raised"
        />
        <h3 className="min-w-0 flex-1 truncate text-lg font-semibold">{driver.name}</h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${driver.isOnline ? 'bg-accent/15 text-accent' : 'bg-surface-raised text-text-muted'}`}
        >
          {driver.isOnline ? 'Online' : 'Offline'}
        </span>
      </header>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <Stat label="Strikes" value={String(driver.strikes)} alert={driver.strikes > 0} />
        <Stat label="Deliveries" value={String(driver.deliveries)} />
        <Stat label="On time" value={driver.onTimeRate === null ? '–' : percent.format(driver.onTimeRate)} />
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
