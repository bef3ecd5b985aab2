import { Coins, ArrowRight, Settings, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { paths } from '~/client/lib/paths';
import type { SessionUser } from '~/shared/session';
import { useSession } from '~/client/lib/session';
import { AvatarUpload } from './avatar-upload';
import { LevelProgress } from '~/client/components/level-progress';
import { HistorySection } from './history-section';
import { SectionCard } from '~/client/components/ui/section-card';
import { PrivacySection } from './privacy-section';
import { PublicProfileForm } from './public-profile-form';
import { ReferralsSection } from './referrals-section';
import { Page, PageHeading } from '~/client/components/ui/page';

/**
 * /profile: the member's own page. Balances and fields come from the session, which the event stream keeps
 * current; the referrals come from the profile API.
 */
export function Component() {
  const user = useSession().data?.user;
  // The signed-in layout renders pages only with a member.
  if (!user) return null;
  return (
    <Page title="My Profile">
      <PageHeading
        link={
          <Link to={paths.publicProfile(user.id)}>
            View public profile
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        }
      >
        My Profile
      </PageHeading>

      <IdentityCard user={user} />

      <SectionCard
        title="Public Profile"
        description="Other members see this on your profile, with your name, level and coins."
      >
        <PublicProfileForm user={user} />
      </SectionCard>

      <SectionCard
        title="Account Settings"
        description="Your e-mail, password, phone, address and the devices you are signed in on."
      >
        <Button asChild variant="secondary" className="w-full sm:w-auto">
          <Link to={paths.account()}>
            <Settings className="size-5" aria-hidden />
            Account settings
          </Link>
        </Button>
      </SectionCard>

      <ReferralsSection referralCode={user.referralCode} />

      <HistorySection />

      <PrivacySection user={user} />
    </Page>
  );
}

function IdentityCard({ user }: { user: SessionUser }) {
  return (
    <section
      aria-label="Avatar and level"
      className="flex flex-col items-center gap-5 rounded-card border border-border bg-surface p-4 sm:flex-row sm:items-start sm:p-5"
    >
      <AvatarUpload user={user} />
      <div className="flex w-full min-w-0 flex-1 flex-col gap-4">
        <h2 className="truncate text-center text-2xl font-semibold tracking-tight sm:text-left">
          {user.fullName}
        </h2>
        <LevelProgress xp={user.xp} />
        <dl className="grid grid-cols-2 gap-3">
          <Stat label="Total XP" icon={<Sparkles className="size-5 text-primary" aria-hidden />}>
            {user.xp.toLocaleString('en-US')}
          </Stat>
          <Stat label="Exotic Coins" icon={<Coins className="size-5 text-coin" aria-hidden />} coin>
            {user.exoticCoins.toLocaleString('en-US')}
          </Stat>
        </dl>
      </div>
    </section>
  );
}

function Stat({
  label,
  icon,
  coin,
  children,
}: {
  label: string;
  icon: ReactNode;
  coin?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-border bg-background px-3.5 py-3">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-text-muted">
        {icon}
        {label}
      </dt>
      <dd className={`text-xl font-semibold tabular ${coin ? 'text-coin' : 'text-text'}`}>{children}</dd>
    </div>
  );
}
