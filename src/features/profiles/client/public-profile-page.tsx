import { ArrowLeft, Coins, Pencil, UserRoundX, Users } from 'lucide-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { MessageMemberButton } from '~/client/components/message-member-button';
import { Avatar } from '~/client/components/ui/avatar';
import { Button } from '~/client/components/ui/button';
import {
  EmptyState,
  ListSkeleton,
  ListStates,
  SkeletonBlock,
  SkeletonCard,
  SkeletonLines,
} from '~/client/components/ui/list-states';
import { isApiError } from '~/client/lib/api-client';
import { paths } from '~/client/lib/paths';
import { useSession } from '~/client/lib/session';
import type { PublicProfile } from '../profiles.schema';
import { PUBLIC_REFERRALS_SHOWN } from '../profiles.constants';
import { SectionCard } from '~/client/components/ui/section-card';
import { usePublicProfile } from './profiles.queries';
import { Page } from '~/client/components/ui/page';

/** /profile/:userId: what any member may see about another (never email, phone, address or telegram). */
export function Component() {
  const { userId = '' } = useParams();
  const profile = usePublicProfile(userId);
  if (isApiError(profile.error, 'NOT_FOUND')) return <UserNotFound />;
  return (
    <Page title={profile.data?.fullName ?? 'Member Profile'}>
      <ListStates
        query={profile}
        empty={!profile.data}
        skeleton={<PublicProfileSkeleton />}
        errorMessage="This profile could not be loaded."
        emptyState={null}
      >
        {profile.data && <MemberProfile member={profile.data} />}
      </ListStates>
    </Page>
  );
}

function MemberProfile({ member }: { member: PublicProfile }) {
  const isMe = useSession().data?.user?.id === member.id;
  const more = member.referralCount - member.referrals.length;
  return (
    <>
      <section
        aria-label="Member"
        className="flex flex-col items-center gap-4 rounded-card border border-border bg-surface p-5 text-center sm:flex-row sm:text-left"
      >
        <Avatar src={member.avatarUrl} size="xl" />
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

      <SectionCard title="About">
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
      </SectionCard>

      <SectionCard
        title="Referrals"
        action={
          <span className="shrink-0 text-sm text-text-muted tabular">
            {member.referralCount === 1 ? '1 member' : `${member.referralCount} members`}
          </span>
        }
      >
        {member.referrals.length === 0 ? (
          <EmptyState icon={Users}>No referrals yet.</EmptyState>
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
      </SectionCard>
    </>
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
      <EmptyState
        icon={UserRoundX}
        title="User Not Found"
        level={1}
        action={
          <Button onClick={() => void (canGoBack ? navigate(-1) : navigate(paths.feed(), { replace: true }))}>
            <ArrowLeft className="size-5" aria-hidden />
            Go Back
          </Button>
        }
      >
        This member does not exist or has been removed.
      </EmptyState>
    </Page>
  );
}

function PublicProfileSkeleton() {
  return (
    <ListSkeleton
      label="Loading profile"
      count={1}
      item={
        <div className="flex flex-col gap-4">
          <SkeletonCard className="items-center gap-4 p-5 sm:flex-row">
            <SkeletonBlock className="size-24 shrink-0 rounded-full" />
            <SkeletonLines
              className="flex w-full flex-1 flex-col items-center gap-2 sm:items-start"
              lines={['h-7 w-2/3 sm:w-1/2', 'h-4 w-1/3', 'h-4 w-1/5']}
            />
          </SkeletonCard>
          <SkeletonCard className="h-40" />
        </div>
      }
    />
  );
}
