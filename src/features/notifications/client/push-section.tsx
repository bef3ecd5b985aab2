import { BellOff, Info } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { SectionCard } from '~/client/components/ui/section-card';
import { SkeletonBlock } from '~/client/components/ui/list-states';
import { SwitchField } from '~/client/components/ui/switch-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { formatDate } from '~/client/lib/format-time';
import {
  currentPushEndpoint,
  notificationPermission,
  pushAvailability,
  PushPermissionError,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushAvailability,
} from '~/client/lib/push';
import type { PushDevice } from '../push.schema';
import {
  fetchPushPublicKey,
  usePushDevices,
  useRemovePushDevice,
  useSavePushSubscription,
  useUpdatePushDevice,
} from './push.queries';

interface DeviceState {
  availability: PushAvailability;
  permission: NotificationPermission | undefined;
  endpoint: string | undefined;
}

/** What this browser can do, read once when the section opens (the service worker may take a moment). */
function useDeviceState() {
  const [state, setState] = useState<DeviceState>();
  useEffect(() => {
    let live = true;
    void (async () => {
      const availability = await pushAvailability();
      const permission = availability === 'unsupported' ? undefined : notificationPermission();
      const endpoint = availability === 'available' ? await currentPushEndpoint() : undefined;
      if (live) setState({ availability, permission, endpoint });
    })();
    return () => {
      live = false;
    };
  }, []);
  return [state, setState] as const;
}

/**
 * Account settings' push notifications: one switch for this device, the lock-screen details opt-in, and the
 * member's other devices that receive pushes. Says plainly when this browser cannot, or has been told not to.
 */
export function PushSection() {
  const [device, setDevice] = useDeviceState();
  const devices = usePushDevices();
  const items = devices.data?.items ?? [];
  const current = device?.endpoint ? items.find((item) => item.endpoint === device.endpoint) : undefined;
  const others = items.filter((item) => item !== current);
  return (
    <SectionCard
      id="push"
      title="Push Notifications"
      description="Order updates, your driver on the way, new messages and, for drivers online, new delivery orders, even when the app is closed."
    >
      <div className="flex flex-col gap-3" aria-live="polite">
        {!device || devices.isPending ? (
          <div
            role="status"
            className="flex flex-col gap-2"
            aria-busy="true"
            aria-label="Checking this device"
          >
            <SkeletonBlock className="h-5 w-2/3" />
            <SkeletonBlock className="h-3.5 w-1/2" />
          </div>
        ) : (
          <ThisDevice device={device} current={current} onChange={setDevice} />
        )}
      </div>
      {others.length > 0 && <OtherDevices devices={others} />}
    </SectionCard>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-3 text-base text-text-muted">
      <Info className="mt-0.5 size-5 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}

function ThisDevice({
  device,
  current,
  onChange,
}: {
  device: DeviceState;
  current: PushDevice | undefined;
  onChange: (state: DeviceState) => void;
}) {
  const [busy, setBusy] = useState(false);
  const save = useSavePushSubscription();
  const remove = useRemovePushDevice();
  const update = useUpdatePushDevice();

  if (device.availability === 'unsupported') {
    return (
      <Notice>
        This browser cannot receive push notifications. On an iPhone or iPad, add The Vault to your Home
        Screen and open it from there.
      </Notice>
    );
  }
  if (device.permission === 'denied') {
    return (
      <p className="flex items-start gap-3 text-base text-text-muted">
        <BellOff className="mt-0.5 size-5 shrink-0" aria-hidden />
        <span>
          Notifications are blocked for this site in your browser. To allow them, open the site settings (the
          icon beside the address), set Notifications to Allow, then reload this page.
        </span>
      </p>
    );
  }

  if (device.availability === 'no-service-worker') {
    return <Notice>Push notifications are not available on this device yet.</Notice>;
  }
  const on = current !== undefined;
  async function turnOn() {
    setBusy(true);
    try {
      const { publicKey } = await fetchPushPublicKey();
      const json = await subscribeThisDevice(publicKey);
      const endpoint = json.endpoint ?? '';
      try {
        await save.mutateAsync({
          endpoint,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        });
      } catch (error) {
        await unsubscribeThisDevice();
        throw error;
      }
      onChange({ ...device, permission: 'granted', endpoint });
      toast.success('Push notifications are on for this device.');
    } catch (error) {
      if (error instanceof PushPermissionError) {
        onChange({ ...device, permission: notificationPermission() });
      } else if (error instanceof DOMException) {
        // The browser's own push service refused or did not answer (pushManager.subscribe).
        toast.error('Push notifications could not be turned on', {
          description: 'This browser could not reach its push service. Please try again later.',
        });
      } else {
        showErrorToast(error, 'Push notifications could not be turned on');
      }
    } finally {
      setBusy(false);
    }
  }
  async function turnOff() {
    if (!current) return;
    setBusy(true);
    try {
      await remove.mutateAsync(current.id);
      await unsubscribeThisDevice();
      onChange({ ...device, endpoint: undefined });
      toast.success('Push notifications are off for this device.');
    } catch (error) {
      showErrorToast(error, 'Push notifications could not be turned off');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <SwitchField
        checked={on}
        disabled={busy}
        onCheckedChange={(checked) => void (checked ? turnOn() : turnOff())}
        label="Push notifications on this device"
        description={
          on
            ? 'On. This device is notified even when The Vault is closed.'
            : 'Off. Your browser asks for permission when you turn this on.'
        }
      />
      <SwitchField
        checked={current?.showDetails ?? false}
        disabled={!on || update.isPending}
        onCheckedChange={(showDetails) => {
          if (current)
            update.mutate({ id: current.id, showDetails }, { onError: (error) => showErrorToast(error) });
        }}
        label="Show details on the lock screen"
        description={
          current?.showDetails
            ? 'Notifications show the order number or the sender’s name.'
            : 'Notifications only say “New activity in The Vault”.'
        }
      />
    </>
  );
}

/** A name for a device from its push service: the endpoint's host is all the server keeps. */
function serviceName(endpoint: string): string {
  const host = new URL(endpoint).hostname;
  if (host.endsWith('googleapis.com')) return 'Chrome, Edge or Android';
  if (host.endsWith('mozilla.com')) return 'Firefox';
  if (host.endsWith('apple.com')) return 'Safari';
  if (host.endsWith('windows.com')) return 'Windows';
  return host;
}

function OtherDevices({ devices }: { devices: PushDevice[] }) {
  const remove = useRemovePushDevice({
    onSuccess: () => toast.success('That device will no longer get push notifications.'),
    onError: (error) => showErrorToast(error),
  });
  return (
    <div className="mt-4 border-t border-border pt-3">
      <h3 className="text-base font-medium">Your other devices with push notifications</h3>
      <ul className="flex flex-col divide-y divide-border">
        {devices.map((item) => (
          <li key={item.id} className="flex items-center gap-3 py-3 last:pb-0">
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="text-base [overflow-wrap:anywhere]">{serviceName(item.endpoint)}</span>
              <span className="text-sm text-text-muted">Since {formatDate(item.createdAt)}</span>
            </div>
            <Button
              variant="secondary"
              className="shrink-0"
              disabled={remove.isPending}
              onClick={() => remove.mutate(item.id)}
              aria-label={`Turn off push notifications for ${serviceName(item.endpoint)}, since ${formatDate(item.createdAt)}`}
            >
              Turn off
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
