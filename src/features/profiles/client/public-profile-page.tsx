import { ArrowLeft, Coins, Pencil, UserRoundX } from 'lucide-react';
import type { ReactNode } from 'react';

import { Link, useLocation, useNavigate, useParams } from 'react-router';

import { MessageMemberButton } from '~/client/components/message-member-button';

import { Button } from '~/client/components/ui/button';

import { Spinner } from '~/client/components/ui/spinner';

import { ApiError } from '~/client/lib/api-client';

import { paths } from '~/client/lib/paths';

import { useSession } from '~/client/lib/session';

import { PUBLIC_REFERRALS_SHOWN, type PublicProfile } from '../profiles.schema';

import { ProfileSection } from './profile-section';

import { usePublicProfile } from './profiles.queries';

/** /profile/:userId: what any member may see about another (never email, phone, address or telegram). */
export function Component() {
  const { userId = '' } = useParams();
  const profile = usePublicProfile(userId);

  if (profile.isPending) return <PublicProfileSkeleton />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) return <UserNotFound />;
    return (
      <Page title="Member Profile">
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-card border border-danger/50 bg-surface px-6 py-10 text-center"
        >
          <p className="text-base">This profile could not be loaded.</p>
          <Button variant="secondary" disabled={profile.isFetching} onClick={() => void profile.refetch()}>
            {profile.isFetching && <Spinner />}
            Try Again
          </Button>
        </div>
      </Page>
    );
  }
  return <MemberProfile member={profile.data} />;
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-8">
      <title>{`${title} · The Vault`}</title>
      {children}
    </main>
  );
}

function MemberProfile({ member }: { member: PublicProfile }) {
  const isMe = useSession().data?.user?.id === member.id;
  const more = member.referralCount - member.referrals.length;
  return (
    <Page title={member.fullName}>
      <section
        aria-label="Member"
        className="flex flex-col items-center gap-4 rounded-card border border-border bg-surface p-5 text-center sm:flex-row sm:text-left"
      >
        <img
          src={member.avatarUrl}
          alt=""
          width={96}
          height={96}
          className="size-24 shrink-0 rounded-full border border-border bg-surface-raised object-cover"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{member.fullName}</h1>
          <p className="text-base font-semibold text-coin">{member.level.title}</p>
          <p className="text-sm text-text-muted tabular">Level {member.level.level}</p>
        </div>
        <div className="flex shrink-0 flex-col items-center gap-0.5 rounded-xl border border-border bg-background px-4 py-3">
          <span className="flex items-center gap-1.5 text-xs font-medium text-text-muted">
            <Coins className="size-4 text-coin" aria-hidden />
            Exotic Coins
          </span>
          <span className="text-xl font-semibold text-coin tabular">
            {member.exoticCoins.toLocaleString('en-US')}
          </span>
        </div>
      </section>

      {isMe ? (
        <div>
          <Button asChild variant="secondary">
            <Link to={paths.profile()}>
              <Pencil className="size-5" aria-hidden />
              Edit my profile
            </Link>
          </Button>
        </div>
      ) : (
        member.messageable && (
          <div>
            <MessageMemberButton memberId={member.id} memberName={member.fullName} />
          </div>
        )
      )}

      <ProfileSection title="About">
        <dl className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <dt className="text-xs font-medium text-text-muted">Bio</dt>
            <dd className={`whitespace-pre-line break-words ${member.bio ? 'text-text' : 'text-text-muted'}`}>
              {member.bio || 'No bio yet.'}
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-xs font-medium text-text-muted">Smoke preference</dt>
            <dd>{member.smokePreference}</dd>
          </div>
        </dl>
      </ProfileSection>

      <ProfileSection
        title="Referrals"
        action={
          <span className="shrink-0 text-sm text-text-muted tabular">
            {member.referralCount === 1 ? '1 member' : `${member.referralCount} members`}
          </span>
        }
      >
        {member.referrals.length === 0 ? (
          <p className="py-2 text-sm text-text-muted">No referrals yet.</p>
        ) : (
          <>
            <ul
              aria-label={`Referred by ${member.fullName}`}
              className="flex flex-col divide-y divide-border"
            >
              {member.referrals.slice(0, PUBLIC_REFERRALS_SHOWN).map((referral) => (
                <li key={referral.id}>
                  <Link
                    to={paths.publicProfile(referral.id)}
                    className="flex min-h-11 items-center rounded-lg px-1 font-medium transition-colors duration-150 hover:bg-surface-raised"
                  >
                    {referral.fullName}
                  </Link>
                </li>
              ))}
            </ul>
            {more > 0 && <p className="mt-2 px-1 text-sm text-text-muted">...and {more} more.</p>}
          </>
        )}
      </ProfileSection>
    </Page>
  );
}

/** The spec's unknown-id screen: Go Back returns where the member came from, or to the feed. */
function UserNotFound() {
  const navigate = useNavigate();
  const location = useLocation();
  // The first page of this visit has the key 'default': there is nothing of ours to go back to.
  const canGoBack = location.key !== 'default';
  return (
    <Page title="User Not Found">
      <div className="mt-6 flex flex-col items-center gap-3 rounded-card border border-dashed border-border bg-surface px-6 py-12 text-center">
        <UserRoundX className="size-10 text-text-muted" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight">User Not Found</h1>
        <p className="text-base text-text-muted">This member does not exist or has been removed.</p>
        <Button
          className="mt-2"
          onClick={() => void (canGoBack ? navigate(-1) : navigate(paths.feed(), { replace: true }))}
        >
          <ArrowLeft className="size-5" aria-hidden />
          Go Back
        </Button>
      </div>
    </Page>
  );
}

function PublicProfileSkeleton() {
  return (
    <Page title="Member Profile">
      <div role="status" aria-label="Loading profile" className="flex flex-col gap-4">
        <div className="flex animate-pulse flex-col items-center gap-4 rounded-card border border-border bg-surface p-5 sm:flex-row">
          <div className="size-24 shrink-0 rounded-full bg-surface-raised" />
          <div className="flex w-full flex-1 flex-col items-center gap-2 sm:items-start">
            <div className="h-7 w-2/3 rounded bg-surface-raised sm:w-1/2" />
            <div className="h-4 w-1/3 rounded bg-surface-raised" />
            <div className="h-4 w-1/5 rounded bg-surface-raised" />
          </div>
        </div>
        <div className="h-40 animate-pulse rounded-card border border-border bg-surface" />
      </div>
    </Page>
  );
}
