import { Suspense, type ComponentType } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { PageTitle } from '~/client/components/ui/page-title';
import { Tabs } from '~/client/components/ui/tabs';
import { onDemand } from '~/client/lib/on-demand';
import { useSession } from '~/client/lib/session';
import { ADMIN_TABS, can, type AdminTabId } from '~/shared/permissions';
import { AuditLogTab } from '~/features/audit/client/audit-log-tab';
import {
  StaffTwoFactorNotice,
  staffTwoFactorBlocks,
} from '~/features/accounts/client/staff-two-factor-notice';
import { DispatchActions } from '~/features/delivery/client/dispatch-actions';
import { DriverQueueTab } from '~/features/delivery/client/driver-queue-tab';
import { DriversTab } from '~/features/delivery/client/drivers-tab';
import { ContentTab } from '~/features/feed/client/content-tab';
import { CatalogTab } from '~/features/shop/client/catalog-tab';
import { EconomyTab } from '~/features/economy/client/economy-tab';
import { LocationsTab } from '~/features/shop/client/locations-tab';
import type { Actor } from '~/shared/permissions';
import { MembersTab } from '~/features/members/client/members-tab';
import { OrdersTab } from '~/features/shop/client/orders-tab';
import { OverviewLoading } from '~/features/insights/client/overview-skeleton';
import { RolesTab } from '~/features/members/client/roles-tab';
import { SmsTab } from '~/features/sms/client/sms-tab';
import { AdminSettingsTab } from './admin-settings-tab';

/** Every tab of the dashboard, shown in ADMIN_TABS order to those holding its capability. */
const TABS: Record<AdminTabId, { label: string; Panel: ComponentType<{ actor: Actor }> }> = {
  overview: { label: 'Overview', Panel: OverviewPanel },
  orders: { label: 'Orders', Panel: OrdersWithDispatch },
  drivers: { label: 'Drivers', Panel: DriversTab },
  members: { label: 'Members', Panel: MembersTab },
  logs: { label: 'Audit Log', Panel: AuditLogTab },
  content: { label: 'Content', Panel: ContentTab },
  catalog: { label: 'Catalog', Panel: CatalogTab },
  locations: { label: 'Locations', Panel: LocationsTab },
  economy: { label: 'Economy', Panel: EconomyTab },
  roles: { label: 'Roles', Panel: RolesTab },
  sms: { label: 'Mass SMS', Panel: SmsTab },
  settings: { label: 'Settings', Panel: AdminSettingsTab },
  'driver-queue': { label: 'Driver Queue', Panel: DriverQueueTab },
};

/** The orders desk with the delivery feature's dispatch on each delivery order. */
function OrdersWithDispatch({ actor }: { actor: Actor }) {
  return <OrdersTab actor={actor} RunActions={DispatchActions} />;
}

/** The Overview tab and its chart library load when it is first opened, never with the dashboard's own code. */
const OverviewTab = onDemand(() =>
  import('~/features/insights/client/overview-tab').then((module) => module.OverviewTab),
);

function OverviewPanel({ actor }: { actor: Actor }) {
  return (
    <Suspense fallback={<OverviewLoading />}>
      <OverviewTab actor={actor} />
    </Suspense>
  );
}

/**
 * The spec opens the dashboard on orders when nothing else is asked for; those who read insights open it on
 * Overview (decision 043).
 */
const defaultTabOf = (user: Actor): AdminTabId => (can(user, 'read:insights') ? 'overview' : 'orders');

/**
 * The Admin Dashboard: the tabs the member's roles allow. The open tab lives in `?tab=`; without it, a tab
 * passed in navigation state (`navigate('/admin', { state: { tab: 'economy' } })`), then Overview or orders, then
 * the first tab there is. Switching tabs leaves the last tab's own parameters behind (its view, its filters, its
 * days), so no tab opens on another's (the audit log and Overview both read `from` and `to`).
 */
export function Component() {
  const session = useSession().data;
  const user = session?.user;
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  // RequireCapability renders this page only for a signed-in member.
  if (!user) return null;

  // Every role that opens the dashboard holds at least one tab's capability (permissions.test.ts).
  const tabs = ADMIN_TABS.flatMap(({ id, capability }) =>
    can(user, capability) ? [{ id, ...TABS[id] }] : [],
  );
  const stateTab = (location.state as { tab?: unknown } | null)?.tab;
  const requested = searchParams.get('tab') ?? (typeof stateTab === 'string' ? stateTab : defaultTabOf(user));
  const current = tabs.find((tab) => tab.id === requested) ?? tabs[0];

  const open = (id: string) =>
    setSearchParams(new URLSearchParams({ tab: id }), { replace: true, preventScrollReset: true });

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
      <PageTitle page="Admin Dashboard" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Admin Dashboard</h1>
      <StaffTwoFactorNotice user={user} policy={session.staffTwoFactor} />
      {current && !staffTwoFactorBlocks(user, session.staffTwoFactor) && (
        <Tabs
          label="Dashboard sections"
          value={current.id}
          onValueChange={open}
          variant="underline"
          className="mt-5 gap-6"
          items={tabs.map((tab) => ({
            value: tab.id,
            label: tab.label,
            content: <tab.Panel actor={user} />,
          }))}
        />
      )}
    </main>
  );
}
