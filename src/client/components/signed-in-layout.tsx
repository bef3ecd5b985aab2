import { Outlet } from 'react-router';
import { useSession } from '~/client/lib/session';
import { WeeklyBonus } from '~/features/economy/client/weekly-bonus';
import { AppHeader } from './app-header';
import { StickerMenuButton } from './sticker-menu-button';

/** Every signed-in page: the header on top, the page, and the floating Sticker Menu button. */
export function SignedInLayout() {
  const user = useSession().data?.user;
  // RequireSession above renders this only with a member; during sign-out it is about to unmount.
  if (!user) return null;
  return (
    <div className="flex min-h-dvh flex-col">
      <WeeklyBonus userId={user.id} />
      <AppHeader user={user} />
      <div className="flex-1 pb-40">
        <Outlet />
      </div>
      <StickerMenuButton />
    </div>
  );
}
