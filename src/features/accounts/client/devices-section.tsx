import { LogOut, Monitor, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { EmptyState, ListSkeleton, ListStates, SkeletonRow } from '~/client/components/ui/list-states';
import { SectionCard } from '~/client/components/ui/section-card';
import { showErrorToast } from '~/client/lib/error-toast';
import { formatDay } from '~/client/lib/format-time';
import type { AccountSession } from '../accounts.schema';
import { useAccountSessions, useSignOutOtherSessions, useSignOutSession } from './account-settings.queries';

/** A tablet, a phone, or else a computer, from the server's name for the device. */
function DeviceIcon({ device }: { device: string }) {
  if (/iPad|tablet/i.test(device)) return <Tablet className="size-5" aria-hidden />;
  if (/iPhone|iPod|phone/i.test(device)) return <Smartphone className="size-5" aria-hidden />;
  return <Monitor className="size-5" aria-hidden />;
}

/** Where the member is signed in: this device first-class, any other one can be signed out. */
export function DevicesSection() {
  const sessions = useAccountSessions();
  const items = sessions.data?.items ?? [];
  const others = items.filter((item) => !item.current);
  return (
    <SectionCard
      title="Devices"
      description="Where you are signed in. Sign out of any device you do not recognise."
    >
      <ListStates
        query={sessions}
        empty={items.length === 0}
        skeleton={
          <ListSkeleton
            label="Loading your devices"
            count={2}
            item={
              <SkeletonRow lead="size-10" lines={['h-4 w-1/2', 'h-3.5 w-1/3']} trail="h-11 w-24 rounded-xl" />
            }
          />
        }
        errorMessage="Your devices could not be loaded."
        emptyState={<EmptyState>You are not signed in on any device.</EmptyState>}
      >
        <ul className="flex flex-col divide-y divide-border" aria-label="Signed-in devices">
          {items.map((item) => (
            <DeviceRow key={item.id} session={item} />
          ))}
        </ul>
        {others.length > 0 && <SignOutOthers count={others.length} />}
      </ListStates>
    </SectionCard>
  );
}

function DeviceRow({ session }: { session: AccountSession }) {
  const name = `${session.device} · ${session.browser}`;
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-surface-raised text-text-muted">
        <DeviceIcon device={session.device} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="text-base font-medium [overflow-wrap:anywhere]">{name}</span>
        <span className="text-sm text-text-muted">
          {session.current ? 'Active now' : `Last active ${formatDay(session.lastActiveOn)}`}
        </span>
      </div>
      {session.current ? (
        <span className="shrink-0 rounded-full border border-accent/60 px-2.5 py-0.5 text-sm font-medium text-accent">
          This device
        </span>
      ) : (
        <SignOutDevice session={session} name={name} />
      )}
    </li>
  );
}

function SignOutDevice({ session, name }: { session: AccountSession; name: string }) {
  const [open, setOpen] = useState(false);
  const signOut = useSignOutSession({
    onSuccess: () => {
      setOpen(false);
      toast.success('Device signed out', { description: name });
    },
    onError: (error) => showErrorToast(error, 'Device not signed out'),
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" className="shrink-0" aria-label={`Sign out ${name}`}>
          Sign out
        </Button>
      }
      title="Sign Out This Device?"
      description={`${name} will be signed out. Whoever uses it must sign in again.`}
      confirmLabel="Sign Out"
      pending={signOut.isPending}
      onConfirm={() => signOut.mutate(session.id)}
    />
  );
}

function SignOutOthers({ count }: { count: number }) {
  const [open, setOpen] = useState(false);
  const signOut = useSignOutOtherSessions({
    onSuccess: ({ ended }) => {
      setOpen(false);
      toast.success(ended === 1 ? 'Signed out of 1 other device' : `Signed out of ${ended} other devices`);
    },
    onError: (error) => showErrorToast(error, 'Devices not signed out'),
  });
  return (
    <div className="mt-4 border-t border-border pt-4">
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="secondary" className="w-full sm:w-auto">
            <LogOut className="size-5" aria-hidden />
            Sign out of all other devices
          </Button>
        }
        title="Sign Out Other Devices?"
        description={
          count === 1
            ? 'Your other device will be signed out. Only this one stays signed in.'
            : `Your ${count} other devices will be signed out. Only this one stays signed in.`
        }
        confirmLabel="Sign Out"
        pending={signOut.isPending}
        onConfirm={() => signOut.mutate()}
      />
    </div>
  );
}
