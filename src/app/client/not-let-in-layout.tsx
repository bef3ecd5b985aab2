import { Link, useLocation } from 'react-router';
import { VaultLogo } from '~/client/components/vault-logo';
import { Page } from '~/client/components/ui/page';
import { paths } from '~/client/lib/paths';
import { useShopName } from '~/client/lib/shop-name';
import type { SessionUser } from '~/shared/session';
import { AccountSettingsPage } from '~/features/accounts/client/account-page';
import { JoinRequestCard } from '~/features/accounts/client/join-request-card';
import { PrivacySection } from '~/features/profiles/client/privacy-section';

/**
 * What a member staff have not let in (pending or declined) sees at every signed-in address: their request, with
 * Download My Data and Delete My Account, or at /account their account settings. The server answers them nothing
 * else (403 ACCOUNT_PENDING), so nothing else is drawn.
 */
export function NotLetInLayout({ user }: { user: SessionUser }) {
  const onAccount = useLocation().pathname === paths.account();
  const shopName = useShopName();
  return (
    <div className="flex min-h-dvh flex-col pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)]">
      <header className="border-b border-border bg-surface/95">
        <div className="mx-auto flex h-14 w-full max-w-3xl items-center gap-2 px-4 sm:px-6">
          <Link
            to={paths.feed()}
            className="flex min-h-11 items-center gap-2 rounded-xl font-semibold"
            aria-label={`${shopName}, your request`}
          >
            <VaultLogo className="size-8" title="" />
            <span>{shopName}</span>
          </Link>
          {onAccount && (
            <Link
              to={paths.feed()}
              className="ml-auto inline-flex min-h-11 items-center px-2 text-sm font-semibold text-primary"
            >
              Back to your request
            </Link>
          )}
        </div>
      </header>
      {onAccount ? (
        <AccountSettingsPage />
      ) : (
        <Page title="Your Request">
          <JoinRequestCard user={user} />
          <PrivacySection user={user} />
        </Page>
      )}
    </div>
  );
}
