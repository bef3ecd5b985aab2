import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListStates, ListSkeleton, SkeletonBlock } from '~/client/components/ui/list-states';
import { Page, PageHeading } from '~/client/components/ui/page';
import { SectionCard } from '~/client/components/ui/section-card';
import type { AccountDetails } from '../accounts.schema';
import { useAccount } from './account-settings.queries';
import { ContactDetailsForm } from './contact-details-form';
import { DevicesSection } from './devices-section';
import { EmailSection } from './email-section';
import { PasswordForm } from './password-form';
import { TwoFactorSection } from './two-factor-section';

/**
 * /account: the member's contact details, e-mail, password and signed-in devices (ARCHITECTURE.md, 22).
 * `notifications` is another feature's section (push notifications), composed in src/app/client/pages/account-page.
 */
export function AccountSettingsPage({ notifications }: { notifications?: ReactNode }) {
  const account = useAccount();
  return (
    <Page title="Account Settings">
      <PageHeading description="Your contact details, e-mail, password, two-factor sign-in and the devices you are signed in on.">
        Account Settings
      </PageHeading>
      <ListStates
        query={account}
        empty={!account.data}
        skeleton={<AccountSkeleton />}
        errorMessage="Your account settings could not be loaded."
        emptyState={null}
      >
        {account.data && <AccountSections account={account.data} />}
      </ListStates>
      {notifications}
      <DevicesSection />
    </Page>
  );
}

function AccountSections({ account }: { account: AccountDetails }) {
  return (
    <>
      <SectionCard title="Contact Details" description="Checkout fills in your phone and address from here.">
        <ContactDetailsForm account={account} />
      </SectionCard>
      {account.ownerAccount ? (
        <SectionCard title="E-mail and Password">
          <p className="flex items-start gap-3 text-base text-text-muted">
            <KeyRound className="mt-0.5 size-5 shrink-0" aria-hidden />
            You sign in with the owner password. The operator changes it on the server (npm run reset-password
            owner).
          </p>
        </SectionCard>
      ) : (
        <>
          <SectionCard title="E-mail" description="Where we send links, and what you sign in with.">
            <EmailSection account={account} />
          </SectionCard>
          <SectionCard title="Password">
            <PasswordForm />
          </SectionCard>
        </>
      )}
      <SectionCard
        id="two-factor"
        title="Two-Factor Sign-In"
        description="A code from your phone at each sign-in."
      >
        <TwoFactorSection ownerAccount={account.ownerAccount} />
      </SectionCard>
    </>
  );
}

function AccountSkeleton() {
  return (
    <ListSkeleton
      label="Loading your account settings"
      count={2}
      className="flex flex-col gap-4"
      item={
        <div className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5">
          <SkeletonBlock className="h-5 w-1/3" />
          <SkeletonBlock className="h-3.5 w-2/3" />
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex flex-col gap-2">
              <SkeletonBlock className="h-3.5 w-1/4" />
              <SkeletonBlock className="h-11 rounded-xl" />
            </div>
          ))}
        </div>
      }
    />
  );
}
