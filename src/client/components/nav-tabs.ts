import {
  Gift,
  Inbox,
  Newspaper,
  ShieldCheck,
  Sticker,
  Target,
  Trophy,
  Truck,
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
export function activeTab(tabs: NavTab[], pathname: string): NavTab | undefined {
  return tabs.find((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`));
}
