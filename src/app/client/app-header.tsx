import { LogOut, Package, Settings, ShoppingCart, UserRound, Volume2, VolumeX } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { toast } from '~/client/lib/toast';
import type { SessionUser } from '~/shared/session';
import { useLogout } from '~/features/accounts/client/accounts.queries';
import { useInboxUnread } from '~/features/inbox/client/inbox.queries';
import { Avatar } from '~/client/components/ui/avatar';
import { CountBadge } from '~/client/components/ui/count-badge';
import { Menu, MenuCheckboxItem, MenuItem } from '~/client/components/ui/menu';
import { TouchLabel } from '~/client/components/ui/touch-label';
import { NotificationBell } from '~/features/notifications/client/notification-bell';
import { useCartCount } from '~/client/lib/cart-storage';
import { useCartRewards } from '~/features/economy/client/rewards.queries';
import { showErrorToast } from '~/client/lib/error-toast';
import { paths } from '~/client/lib/paths';
import { useShopName } from '~/client/lib/shop-name';
import { DesktopTabs, PhoneNavMenu } from '~/client/components/header-nav';
import { LevelBar } from '~/client/components/level-bar';
import { navTabsFor } from '~/client/components/nav-tabs';
import { VaultLogo } from '~/client/components/vault-logo';
import { MusicToggle, useMusicChoice } from '~/client/ambience/music-toggle';

/** A 44 px icon target; the page it opens is marked while the member is on it. */
const iconButton =
  'relative grid size-11 shrink-0 place-items-center rounded-xl text-text-muted transition-colors duration-150 hover:bg-surface-raised hover:text-text disabled:opacity-50 aria-[current=page]:bg-surface-raised aria-[current=page]:text-primary';
/** From 1280 px an icon has its name beside it (there is room); below, its name shows as a tooltip (title). */
const labelledIconButton = `${iconButton} xl:flex xl:w-auto xl:gap-2 xl:px-3 xl:text-sm xl:font-medium`;

/**
 * The signed-in header: compact and sticky, tabs (or a menu naming the page on phones), cart, My Orders (in the
 * menu on phones), bell, avatar, logout, and the XP line. Every icon has a name, shown as a tooltip. `banner` under
 * it stays in view with it (the driver's ETA countdown).
 */
export function AppHeader({ user, banner }: { user: SessionUser; banner?: ReactNode }) {
  const inboxUnread = useInboxUnread().data ?? 0;
  const tabs = navTabsFor(user).map((tab) =>
    tab.to === paths.inbox() ? { ...tab, badge: inboxUnread } : tab,
  );
  const shopName = useShopName();
  const navigate = useNavigate();
  const headerRef = useHeaderHeight();
  // The device's sticker lines and the member's rewards in the cart (on the server, the same on every device).
  const cartCount = useCartCount(user.id) + (useCartRewards().data?.length ?? 0);
  const logout = useLogout({
    onSuccess: () => {
      toast('Logged out', { description: 'See you soon!' });
      void navigate(paths.login());
    },
    onError: (error) => showErrorToast(error, 'Logout failed'),
  });

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-border bg-surface/95 pt-[env(safe-area-inset-top)] backdrop-blur"
    >
      <div className="mx-auto flex h-14 w-full max-w-6xl items-center gap-1.5 px-3 min-[400px]:gap-2 sm:px-4">
        {/* A long shop name gives way before the tabs do: it is cut short (the tooltip has it whole). */}
        <Link
          to={paths.feed()}
          className="flex min-h-11 min-w-11 shrink-[1000] items-center justify-center gap-2 rounded-xl"
          aria-label={`${shopName}, go to the feed`}
          title={shopName}
        >
          <VaultLogo className="size-9 shrink-0" title="" />
          <span className="hidden min-w-0 truncate text-base font-bold tracking-tight lg:block">
            {shopName}
          </span>
        </Link>
        <PhoneNavMenu tabs={tabs} />
        <DesktopTabs tabs={tabs} />
        <div className="ml-auto flex shrink-0 items-center min-[380px]:gap-1">
          {/* On phones the header has no room for it: the Your profile menu holds it there. */}
          <TouchLabel label="Background music">
            <MusicToggle className={`${iconButton} max-md:hidden`} />
          </TouchLabel>
          <TouchLabel label="Cart">
            <NavLink
              to={paths.cart()}
              className={iconButton}
              aria-label={cartCount === 1 ? 'Cart, 1 item' : `Cart, ${cartCount} items`}
              title="Cart"
            >
              <ShoppingCart className="size-5" aria-hidden />
              <CountBadge count={cartCount} onIcon />
            </NavLink>
          </TouchLabel>
          {/* On phones the tab menu keeps the room: My Orders is in the menu there. */}
          <NavLink
            to={paths.orders()}
            className={`${labelledIconButton} max-md:hidden`}
            aria-label="My Orders"
            title="My Orders"
          >
            <Package className="size-5" aria-hidden />
            <span className="hidden xl:inline">My Orders</span>
          </NavLink>
          <TouchLabel label="Notifications">
            <NotificationBell triggerClassName={iconButton} />
          </TouchLabel>
          <TouchLabel label="Your profile">
            <AvatarMenu user={user} />
          </TouchLabel>
          <TouchLabel label="Log out">
            <button
              type="button"
              className={labelledIconButton}
              aria-label="Log out"
              title="Log out"
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
            >
              <LogOut className="size-5" aria-hidden />
              <span className="hidden xl:inline">Log out</span>
            </button>
          </TouchLabel>
        </div>
      </div>
      <LevelBar xp={user.xp} />
      {banner}
    </header>
  );
}

const avatarMenuItem =
  'flex min-h-11 items-center gap-3 rounded-lg px-3 text-base text-text outline-none data-highlighted:bg-surface aria-[current=page]:font-semibold';

/** The avatar opens the member's own pages; it is marked while the member is on one of them. */
function AvatarMenu({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  const music = useMusicChoice();
  const items = [
    { to: paths.profile(), label: 'My Profile', icon: UserRound },
    { to: paths.account(), label: 'Account Settings', icon: Settings },
  ];
  return (
    <Menu
      trigger={{
        className: iconButton,
        'aria-label': 'Your profile',
        title: `Your profile (${user.fullName})`,
        'aria-current': items.some((item) => item.to === pathname) ? 'page' : undefined,
        children: <Avatar src={user.avatarUrl} size="sm" />,
      }}
      align="end"
      className="min-w-52"
    >
      {items.map(({ to, label, icon: Icon }) => (
        <MenuItem key={to} asChild>
          <Link to={to} aria-current={to === pathname ? 'page' : undefined} className={avatarMenuItem}>
            <Icon className="size-5 text-text-muted" aria-hidden />
            {label}
          </Link>
        </MenuItem>
      ))}
      {/* Phones only: from md the header shows the music control itself. */}
      <MenuCheckboxItem
        checked={music.on}
        onCheckedChange={music.setOn}
        onSelect={(event) => event.preventDefault()}
        className={`${avatarMenuItem} md:hidden`}
      >
        {music.on ? (
          <Volume2 className="size-5 text-text-muted" aria-hidden />
        ) : (
          <VolumeX className="size-5 text-text-muted" aria-hidden />
        )}
        Background music
      </MenuCheckboxItem>
    </Menu>
  );
}

/**
 * Keeps `--app-header-height` on the document at the header's height (the safe area, the bar, the XP line and any
 * banner), so what sits just under it (the toasts on phones) never goes behind it.
 */
function useHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      root.setProperty('--app-header-height', `${header.getBoundingClientRect().height}px`),
    );
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.removeProperty('--app-header-height');
    };
  }, []);
  return ref;
}
