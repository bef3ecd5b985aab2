import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingVault } from '~/client/components/loading-vault';
import { useSession } from '~/client/lib/session';
import { can } from '~/shared/permissions';
import { ConfirmEmailBanner } from '~/features/accounts/client/confirm-email-banner';
import { EtaDueBanner } from '~/features/delivery/client/eta-due-banner';
import { WeeklyBonus } from '~/features/economy/client/weekly-bonus';
import { AppHeader } from './app-header';
import { StickerMenuButton } from '~/client/components/sticker-menu-button';

// Loaded on demand: members already let in never need it (nor its forms).
const NotLetInLayout = lazy(() =>
  import('./not-let-in-layout').then((module) => ({ default: module.NotLetInLayout })),
);

/**
 * Every signed-in page: the header on top (with a driver's ETA countdown while one is due), the reminder to
 * confirm the e-mail, the page, and the Sticker Menu button.
 */
export function SignedInLayout() {
  const user = useSession().data?.user;
  // RequireSession above renders this only with a member; during sign-out it is about to unmount.
  if (!user) return null;
  if (user.status !== 'approved') {
    return (
      <Suspense fallback={<LoadingVault />}>
        <NotLetInLayout user={user} />
      </Suspense>
    );
  }
  return (
    // data-signed-in-layout: the floating mute control gives way to the header's (styles.css).
    <div data-signed-in-layout className="flex min-h-dvh flex-col">
      <WeeklyBonus userId={user.id} />
      <AppHeader user={user} banner={can(user, 'claim:order') && <EtaDueBanner />} />
      <ConfirmEmailBanner user={user} />
      <div className="flex-1 pb-[env(safe-area-inset-bottom)]">
        <Outlet />
      </div>
      <StickerMenuButton />
    </div>
  );
}

/** The router loads this layout on demand (a visitor's first load never needs the header). */
export const Component = SignedInLayout;
