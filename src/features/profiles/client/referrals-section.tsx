import { Check, Copy, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { EmptyState, ListSkeleton, ListStates, SkeletonBlock } from '~/client/components/ui/list-states';
import { formatDate } from '~/client/lib/format-time';
import { paths } from '~/client/lib/paths';
import { SectionCard } from '~/client/components/ui/section-card';
import { useOwnProfile } from './profiles.queries';

/** The member's code to invite friends, and who joined with it. */
export function ReferralsSection({ referralCode }: { referralCode: string }) {
  return (
    <SectionCard title="Referrals" description="Friends who join with your code are listed here.">
      <ReferralCode code={referralCode} />
      <ReferralList />
    </SectionCard>
  );
}

function ReferralCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast.success('Referral code copied');
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Could not copy', { description: `Your referral code is ${code}.` });
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-background px-4 py-3">
      <div className="min-w-0">
        <p className="text-xs font-medium text-text-muted">Your referral code</p>
        <p className="font-mono text-lg font-semibold tracking-wider text-text select-all">{code}</p>
      </div>
      <Button variant="secondary" onClick={() => void copy()} aria-label={`Copy referral code ${code}`}>
        {copied ? (
          <Check className="size-5 text-accent" aria-hidden />
        ) : (
          <Copy className="size-5" aria-hidden />
        )}
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}

function ReferralList() {
  const profile = useOwnProfile();
  const referrals = profile.data?.referrals ?? [];
  return (
    <div className="mt-4">
      <ListStates
        query={profile}
        empty={referrals.length === 0}
        skeleton={<ReferralsSkeleton />}
        errorMessage="Your referrals could not be loaded."
        emptyState={
          <EmptyState icon={Users}>No referrals yet. Share your code to invite friends.</EmptyState>
        }
      >
        <ul aria-label="Your referrals" className="flex flex-col divide-y divide-border">
          {referrals.map((referral) => (
            <li key={referral.id}>
              <Link
                to={paths.publicProfile(referral.id)}
                className="flex min-h-12 items-center justify-between gap-3 rounded-lg px-1 py-2 transition-colors duration-150 hover:bg-surface-raised"
              >
                <span className="min-w-0 truncate font-medium">{referral.fullName}</span>
                <span className="shrink-0 text-sm text-text-muted">
                  Joined {formatDate(referral.joinDate)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </ListStates>
    </div>
  );
}

function ReferralsSkeleton() {
  return (
    <ListSkeleton
      label="Loading referrals"
      count={2}
      className="flex flex-col gap-2"
      item={<SkeletonBlock className="h-12 rounded-xl" />}
    />
  );
}
