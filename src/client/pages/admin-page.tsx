import { ShieldOff } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type { ComponentType } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useSession } from '~/client/lib/session';
import { ADMIN_TABS, can, type AdminTabId } from '~/shared/permissions';
import { DriverQueueTab } from '~/features/delivery/client/driver-queue-tab';
import { DriversTab } from '~/features/delivery/client/drivers-tab';
import { ContentTab } from '~/features/feed/client/content-tab';
import { CatalogTab } from '~/features/shop/client/catalog-tab';
import { EconomyTab } from '~/features/economy/client/economy-tab';
import { LocationsTab } from '~/features/shop/client/locations-tab';
import type { Actor } from '~/shared/permissions';
import { MembersTab } from '~/features/members/client/members-tab';
import { OrdersTab } from '~/features/shop/client/orders-tab';
import { RolesTab } from '~/features/members/client/roles-tab';
import { SettingsTab } from '~/features/shop/client/settings-tab';

/** The tabs whose feature has landed; each later issue adds its own. Shown in ADMIN_TABS order. */
const LANDED_TABS: Partial<Record<AdminTabId, { label: string; Panel: ComponentType<{ actor: Actor }> }>> = {
  orders: { label: 'Orders', Panel: OrdersTab },
  drivers: { label: 'Drivers', Panel: DriversTab },
  members: { label: 'Members', Panel: MembersTab },
  content: { label: 'Content', Panel: ContentTab },
  catalog: { label: 'Catalog', Panel: CatalogTab },
  locations: { label: 'Locations', Panel: LocationsTab },
  economy: { label: 'Economy', Panel: EconomyTab },
  roles: { label: 'Roles', Panel: RolesTab },
  settings: { label: 'Settings', Panel: SettingsTab },
  'driver-queue': { label: 'Driver Queue', Panel: DriverQueueTab },
};

/** The spec opens the dashboard on orders when nothing else is asked for. */
const DEFAULT_TAB: AdminTabId = 'orders';

/**
 * The Admin Dashboard: the tabs the member's roles allow. The open tab lives in `?tab=`; without it, a tab
 * passed in navigation state (`navigate('/admin', { state: { tab: 'economy' } })`), then orders, then the first
 * tab there is.
 */
export function Component() {
  const user = useSession().data?.user;
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  // RequireCapability renders this page only for a signed-in member.
  if (!user) return null;

  const tabs = ADMIN_TABS.flatMap(({ id, capability }) => {
    const landed = LANDED_TABS[id];
    return landed && can(user, capability) ? [{ id, ...landed }] : [];
  });
  const stateTab = (location.state as { tab?: unknown } | null)?.tab;
  const requested = searchParams.get('tab') ?? (typeof stateTab === 'string' ? stateTab : DEFAULT_TAB);
  const current = tabs.find((tab) => tab.id === requested) ?? tabs[0];

  const open = (id: string) =>
    setSearchParams(
      (params) => {
        params.set('tab', id);
        return params;
      },
      { replace: true },
    );

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <title>Admin Dashboard · The Vault</title>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Admin Dashboard</h1>
      {current ? (
        <Tabs.Root value={current.id} onValueChange={open} className="mt-5 flex flex-col gap-6">
          <Tabs.List
            aria-label="Dashboard sections"
            className="-mx-4 flex gap-1 overflow-x-auto border-b border-border px-4 [scrollbar-width:none] sm:mx-0 sm:px-0"
          >
            {tabs.map((tab) => (
              <Tabs.Trigger
                key={tab.id}
                value={tab.id}
                className="relative inline-flex min-h-11 shrink-0 items-center rounded-t-lg px-4 text-base font-medium whitespace-nowrap text-text-muted transition-colors duration-150 after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded-full after:bg-primary after:opacity-0 after:transition-opacity hover:bg-surface hover:text-text data-[state=active]:text-text data-[state=active]:after:opacity-100"
              >
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Content key={tab.id} value={tab.id} className="outline-none">
              <tab.Panel actor={user} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        <div className="mt-8 flex flex-col items-center gap-3 rounded-card border border-dashed border-border bg-surface px-6 py-12 text-center">
          <ShieldOff className="size-8 text-text-muted" aria-hidden />
          <p className="text-base text-text-muted">
            The dashboard sections your roles open are not available yet.
          </p>
        </div>
      )}
    </main>
  );
}
