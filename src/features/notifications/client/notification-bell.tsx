import { Bell, BellOff, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { TimeAgo } from '~/client/components/time-ago';
import { CountBadge } from '~/client/components/ui/count-badge';
import { EmptyState, ListSkeleton, SkeletonLines } from '~/client/components/ui/list-states';
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '~/client/components/ui/menu';
import type { NotificationItem } from '../notifications.schema';
import { useMarkAllNotificationsRead, useNotifications } from './notifications.queries';

/** Only routes inside the app are followed; anything else in `link` is shown but not followed. */
const isAppRoute = (link: string | null): link is string =>
  typeof link === 'string' && link.startsWith('/') && !link.startsWith('//');

/**
 * The header's bell: the unread count as a badge, and a menu titled Notifications with the five newest.
 * Selecting one follows its link; selecting one or closing the menu (outside click, focus leaving, Escape)
 * marks all of them read (spec sections 2 and 4).
 */
export function NotificationBell({ triggerClassName = '' }: { triggerClassName?: string }) {
  const { data } = useNotifications();
  const markAllRead = useMarkAllNotificationsRead();
  const unread = data?.unreadCount ?? 0;

  const titleId = useId();

  return (
    <>
      <Menu
        trigger={{
          className: `${triggerClassName} data-[state=open]:bg-surface-raised data-[state=open]:text-text`,
          'aria-label': unread > 0 ? `Notifications, ${unread} unread` : 'Notifications',
          title: 'Notifications',
          children: (
            <>
              <Bell className="size-5" aria-hidden />
              <CountBadge count={unread} onIcon className="animate-fade-in" />
            </>
          ),
        }}
        align="end"
        labelledBy={titleId}
        className="w-[min(22rem,calc(100vw-1rem))]"
        // Closing it, however (focus leaving, a tap elsewhere, Escape), marks everything read.
        onOpenChange={(open) => {
          if (!open && unread > 0) markAllRead.mutate();
        }}
      >
        <NotificationMenu titleId={titleId} items={data?.items} />
      </Menu>
      {/* Announces a change of the count without moving focus; empty once everything is read. */}
      <span className="sr-only" aria-live="polite">
        {unread > 0 ? `${unread} unread notification${unread === 1 ? '' : 's'}` : ''}
      </span>
    </>
  );
}

function NotificationMenu({ titleId, items }: { titleId: string; items: NotificationItem[] | undefined }) {
  // Mounted each time the menu opens, so the relative times are as of opening.
  const [now] = useState(Date.now);
  return (
    <>
      <MenuLabel id={titleId} className="px-3 pt-2 pb-1.5 text-base font-semibold text-text">
        Notifications
      </MenuLabel>
      <MenuSeparator className="mx-1.5 mb-1 h-px bg-border" />
      {items === undefined ? (
        <ListSkeleton
          label="Loading notifications"
          count={1}
          // The menu is already the raised surface: the blocks take the border colour to show on it.
          item={
            <SkeletonLines
              className="flex flex-col gap-2 px-3 py-2.5"
              lines={['h-4 w-4/5', 'h-3 w-1/3']}
              onRaised
            />
          }
        />
      ) : items.length === 0 ? (
        <EmptyState icon={BellOff}>No notifications yet.</EmptyState>
      ) : (
        items.map((item) => <NotificationRow key={item.id} item={item} now={now} />)
      )}
    </>
  );
}

function NotificationRow({ item, now }: { item: NotificationItem; now: number }) {
  const body = (
    <>
      <span
        aria-hidden
        className={`mt-1.5 size-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-primary'}`}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span
          className={`text-sm leading-snug break-words ${item.read ? 'font-normal text-text-muted' : 'font-semibold text-text'}`}
        >
          {!item.read && <span className="sr-only">Unread: </span>}
          {item.message}
        </span>
        <span className="flex items-center gap-2">
          {item.fromStaff && <StaffBadge />}
          <TimeAgo at={item.createdAt} now={now} />
        </span>
      </span>
    </>
  );
  const rowClass =
    'flex min-h-11 w-full cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 text-left outline-none select-none data-highlighted:bg-surface';
  return isAppRoute(item.link) ? (
    <MenuItem asChild>
      <Link to={item.link} className={rowClass}>
        {body}
      </Link>
    </MenuItem>
  ) : (
    <MenuItem className={rowClass}>{body}</MenuItem>
  );
}

/**
 * Marks what The Vault and its staff send. The server sets it (`fromStaff`); a member cannot write it into a name,
 * so "Admin Team" typed by a member still arrives without it.
 */
function StaffBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-semibold text-primary">
      <ShieldCheck aria-hidden className="size-3.5" />
      Vault Team
    </span>
  );
}
