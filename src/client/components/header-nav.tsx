import { Check, ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, NavLink, useLocation } from 'react-router';
import { CountBadge } from './ui/count-badge';
import { MenuContent } from './ui/menu';
import { activeTab, type NavTab } from './nav-tabs';

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

/** Below 768 px the tabs fold into one menu button that names the current tab. */
export function PhoneNavMenu({ tabs }: { tabs: NavTab[] }) {
  const { pathname } = useLocation();
  const current = activeTab(tabs, pathname);
  return (
    <nav aria-label="Main" className="flex min-w-0 md:hidden">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={`${current ? `Navigation, ${current.label}` : 'Navigation'}${unreadNote(tabs)}`}
          className="inline-flex min-h-11 max-w-36 min-w-0 items-center gap-1 rounded-xl border border-border bg-surface-raised px-2.5 text-sm min-[400px]:gap-1.5 min-[400px]:px-3 font-semibold text-text transition-colors duration-150 hover:border-text-muted data-[state=open]:border-primary"
        >
          {current && (
            <current.icon className="size-5 shrink-0 text-primary max-[399px]:hidden" aria-hidden />
          )}
          <span className="truncate">{current?.label ?? 'Menu'}</span>
          {tabs.some((tab) => tab.badge) && (
            <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden />
          )}
          <ChevronDown className="size-4 shrink-0 text-text-muted" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <MenuContent align="start" className="min-w-56">
            {tabs.map((tab) => {
              const isCurrent = tab === current;
              return (
                <DropdownMenu.Item key={tab.to} asChild>
                  <Link
                    to={tab.to}
                    aria-current={isCurrent ? 'page' : undefined}
                    className="flex min-h-11 items-center gap-3 rounded-lg px-3 text-base text-text outline-none data-highlighted:bg-surface aria-[current=page]:font-semibold"
                  >
                    <tab.icon
                      className={`size-5 ${isCurrent ? 'text-primary' : 'text-text-muted'}`}
                      aria-hidden
                    />
                    <span className="flex-1">{tab.label}</span>
                    <TabBadge count={tab.badge} />
                    {isCurrent && <Check className="size-4 text-primary" aria-hidden />}
                  </Link>
                </DropdownMenu.Item>
              );
            })}
          </MenuContent>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
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
