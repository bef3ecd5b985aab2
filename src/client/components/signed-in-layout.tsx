import { Outlet } from 'react-router';
import { useSession } from '~/client/lib/session';
import { can } from '~/shared/permissions';
import { EtaDueBanner } from '~/features/delivery/client/eta-due-banner';
import { WeeklyBonus } from '~/features/economy/client/weekly-bonus';
import { AppHeader } from './app-header';
import { StickerMenuButton } from './sticker-menu-button';

/**
 * Every signed-in page: the header on top (with a driver's ETA countdown while one is due), the page, and the
 * Sticker Menu button.
 */
export function SignedInLayout() {
  const user = useSession().data?.user;
  // RequireSession above renders this only with a member; during sign-out it is about to unmount.
  if (!user) return null;
  return (
    <div className="flex min-h-dvh flex-col">
      <WeeklyBonus userId={user.id} />
      <AppHeader user={user} banner={can(user, 'claim:order') && <EtaDueBanner />} />
      <div className="flex-1 pb-[env(safe-area-inset-bottom)]">
        <Outlet />
      </div>
      <StickerMenuButton />
    </div>
  );
}
