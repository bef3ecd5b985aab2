import {
  Gift,
  Inbox,
  Newspaper,
  Package,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Sticker,
  Target,
  Trophy,
  Truck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { can, type Capability, type RoleHolder } from '~/shared/permissions';
import { paths } from '../lib/paths';

export interface NavTab {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown only to members who have it; the server refuses the page's calls to everyone else anyway. */
  capability?: Capability;
  /** A count beside the label (unread messages on Inbox); hidden at 0. */
  badge?: number;
}

/** The header's tabs in the spec's order. */
const TABS: NavTab[] = [
  { label: 'Feed', to: paths.feed(), icon: Newspaper },
  { label: 'Menu', to: paths.menu(), icon: Sticker },
  { label: 'Leaders', to: paths.leaderboard(), icon: Trophy },
  { label: 'Missions', to: paths.missions(), icon: Target },
  { label: 'Rewards', to: paths.rewardsCenter(), icon: Gift },
  { label: 'Inbox', to: paths.inbox(), icon: Inbox },
  { label: 'Admin', to: paths.admin(), icon: ShieldCheck, capability: 'view:admin' },
  { label: 'Driver', to: paths.driverQueue(), icon: Truck, capability: 'view:driver-queue' },
];

export function navTabsFor(user: RoleHolder): NavTab[] {
  return TABS.filter((tab) => !tab.capability || can(user, tab.capability));
}

/** The tab a path belongs to (/inbox/abc is under Inbox), for the phone menu's label. */
export function activeTab<T extends Pick<NavTab, 'to'>>(tabs: T[], pathname: string): T | undefined {
  return tabs.find((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`));
}

/** The signed-in pages outside the tabs (reached by the header's icons), so the phone's menu button can name them. */
const OTHER_PAGES: Pick<NavTab, 'label' | 'to' | 'icon'>[] = [
  { label: 'Cart', to: paths.cart(), icon: ShoppingCart },
  { label: 'My Orders', to: paths.orders(), icon: Package },
  { label: 'Profile', to: paths.profile(), icon: UserRound },
  { label: 'Account', to: paths.account(), icon: Settings },
];

/** Where the member is: the current tab, else the page's own name (Cart, My Orders, Profile, Account). */
export function currentPage(tabs: NavTab[], pathname: string): Pick<NavTab, 'label' | 'icon'> | undefined {
  return activeTab(tabs, pathname) ?? activeTab(OTHER_PAGES, pathname);
}
