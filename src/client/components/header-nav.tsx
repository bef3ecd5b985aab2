import { Check, ChevronDown, Package } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { CountBadge } from './ui/count-badge';
import { Menu, MenuGroup, MenuItem, MenuSeparator } from './ui/menu';
import { paths } from '../lib/paths';
import { activeTab, currentPage, type NavTab } from './nav-tabs';

/** Tabs from 768 px up. NavLink marks the current one with aria-current="page". */
export function DesktopTabs({ tabs }: { tabs: NavTab[] }) {
  return (
    <nav aria-label="Main" className="hidden min-w-0 md:block">
      <ul className="flex items-center gap-0.5 overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              className="relative inline-flex min-h-11 items-center rounded-lg px-2.5 text-sm font-medium whitespace-nowrap text-text-muted transition-colors duration-150 after:absolute after:inset-x-2.5 after:bottom-1 after:h-0.5 after:rounded-full after:bg-primary after:opacity-0 after:transition-opacity hover:bg-surface-raised hover:text-text aria-[current=page]:text-text aria-[current=page]:after:opacity-100 lg:px-3"
            >
              {tab.label}
              <TabBadge count={tab.badge} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const menuItem =
  'flex min-h-11 items-center gap-3 rounded-lg px-3 text-base text-text outline-none data-highlighted:bg-surface aria-[current=page]:font-semibold';

/**
 * Below 768 px the tabs fold into one menu button that names the page the member is on (a tab, or Cart, My
 * Orders, Profile), in full: the header keeps it the room. The menu adds My Orders, whose icon the bar has no room
 * for on phones.
 */
export function PhoneNavMenu({ tabs }: { tabs: NavTab[] }) {
  const { pathname } = useLocation();
  const current = activeTab(tabs, pathname);
  const page = currentPage(tabs, pathname);
  const onOrders = pathname === paths.orders();
  return (
    <nav aria-label="Main" className="flex md:hidden">
      <Menu
        trigger={{
          'aria-label': `${page ? `Navigation, ${page.label}` : 'Navigation'}${unreadNote(tabs)}`,
          className:
            'relative inline-flex min-h-11 items-center gap-1 rounded-xl border border-border bg-surface-raised px-2 text-sm font-semibold whitespace-nowrap text-text transition-colors duration-150 hover:border-text-muted data-[state=open]:border-primary min-[400px]:gap-1.5 min-[400px]:px-3',
          children: (
            <>
              {page && <page.icon className="size-5 shrink-0 text-primary max-[399px]:hidden" aria-hidden />}
              <span>{page?.label ?? 'Pages'}</span>
              <ChevronDown className="size-4 shrink-0 text-text-muted" aria-hidden />
              {tabs.some((tab) => tab.badge) && (
                <span
                  className="absolute -top-1 -right-1 size-2.5 rounded-full bg-primary ring-2 ring-surface"
                  aria-hidden
                />
              )}
            </>
          ),
        }}
        align="start"
        className="min-w-56"
      >
        <MenuGroup aria-label="Tabs">
          {tabs.map((tab) => {
            const isCurrent = tab === current;
            return (
              <MenuItem key={tab.to} asChild>
                <Link to={tab.to} aria-current={isCurrent ? 'page' : undefined} className={menuItem}>
                  <tab.icon
                    className={`size-5 ${isCurrent ? 'text-primary' : 'text-text-muted'}`}
                    aria-hidden
                  />
                  <span className="flex-1">{tab.label}</span>
                  <TabBadge count={tab.badge} />
                  {isCurrent && <Check className="size-4 text-primary" aria-hidden />}
                </Link>
              </MenuItem>
            );
          })}
        </MenuGroup>
        <MenuSeparator className="mx-2 my-1.5 h-px bg-border" />
        <MenuItem asChild>
          <Link to={paths.orders()} aria-current={onOrders ? 'page' : undefined} className={menuItem}>
            <Package className={`size-5 ${onOrders ? 'text-primary' : 'text-text-muted'}`} aria-hidden />
            <span className="flex-1">My Orders</span>
            {onOrders && <Check className="size-4 text-primary" aria-hidden />}
          </Link>
        </MenuItem>
      </Menu>
    </nav>
  );
}

/** A small filled count beside a tab's label, read as "3 unread". */
function TabBadge({ count }: { count: number | undefined }) {
  return (
    <CountBadge count={count} className="ml-1.5 inline-grid px-1.5 leading-5">
      <span className="sr-only"> unread</span>
    </CountBadge>
  );
}

/** For the phone menu button's name: ", 3 unread in Inbox". */
function unreadNote(tabs: NavTab[]): string {
  return tabs
    .filter((tab) => tab.badge)
    .map((tab) => `, ${tab.badge} unread in ${tab.label}`)
    .join('');
}
