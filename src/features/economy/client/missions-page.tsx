import { BadgePercent, ChevronRight, Clock, Coins, Gift, Sparkles } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { EconomySettings } from '~/shared/economy-settings';
import { levelFromXp } from '~/shared/economy';
import { timeLeftText } from '~/shared/time';
import { LevelProgress } from '~/client/components/level-progress';
import { Button } from '~/client/components/ui/button';
import { ProgressBar } from '~/client/components/ui/progress-bar';
import { ListSkeleton, SkeletonRow } from '~/client/components/ui/list-states';
import { Page, PageHeading } from '~/client/components/ui/page';
import { paths } from '~/client/lib/paths';
import { useMinuteClock } from '~/client/lib/use-clock';
import { useSession } from '~/client/lib/session';
import type { CooldownsResponse } from '../economy.schema';
import type { LevelPerk } from '../loyalty.schema';
import { rewardHighlights } from '../rewards.constants';
import { useCooldowns, useEconomySettings } from './economy.queries';
import { useLevelPerks } from './loyalty.queries';
import { RewardArt } from './reward-art';
import { useRewards } from './rewards.queries';

type TimedAction = keyof CooldownsResponse['nextAt'];

/** One way to earn: what it pays, how often, where to do it, and which cooldown (if any) holds it back. */
interface Mission {
  title: string;
  amount: number;
  unit: 'XP' | 'coins';
  /** "Every 24 hours", "Once" … */
  when: string;
  to?: string;
  cooldown?: TimedAction;
}

const every = (hours: number) => (hours === 1 ? 'Every hour' : `Every ${hours} hours`);

function xpMissions(s: EconomySettings): Mission[] {
  return [
    {
      title: 'Weekly Login',
      amount: s.weeklyLoginXp,
      unit: 'XP',
      when: `Every ${s.weeklyLoginIntervalDays} days`,
      cooldown: 'weeklyLogin',
    },
    {
      title: 'Create a Post',
      amount: s.postXp,
      unit: 'XP',
      when: every(s.postCooldownHours),
      to: paths.feed(),
      cooldown: 'post',
    },
    {
      title: 'Engage (Comment)',
      amount: s.commentXp,
      unit: 'XP',
      when: every(s.commentCooldownHours),
      to: paths.feed(),
      cooldown: 'comment',
    },
    {
      title: 'Rate a Product',
      amount: s.ratingXp,
      unit: 'XP',
      when: every(s.ratingCooldownHours),
      to: paths.menu(),
      cooldown: 'rating',
    },
    {
      title: 'Approved Referral',
      amount: s.approvedReferralXp,
      unit: 'XP',
      when: 'Each friend',
      to: paths.profile(),
    },
    {
      title: 'Referral Repeat Purchase',
      amount: s.referralRepeatPurchaseXp,
      unit: 'XP',
      when: 'Each order',
      to: paths.profile(),
    },
    {
      title: 'Personal Purchase',
      amount: s.personalPurchaseXp,
      unit: 'XP',
      when: 'Each order',
      to: paths.menu(),
    },
    {
      title: 'Hitting Reward Milestone',
      amount: s.rewardMilestoneXp,
      unit: 'XP',
      when: 'Each milestone',
      to: paths.rewardsCenter(),
    },
  ];
}

/** A way to earn the shop may switch off: listed only while it pays something. */
const offered = (mission: Mission): Mission[] => (mission.amount > 0 ? [mission] : []);

function coinMissions(s: EconomySettings): Mission[] {
  return [
    {
      title: 'Weekly Login',
      amount: s.weeklyLoginCoins,
      unit: 'coins',
      when: `Every ${s.weeklyLoginIntervalDays} days`,
      cooldown: 'weeklyLogin',
    },
    {
      title: 'Create a Post',
      amount: s.postCoins,
      unit: 'coins',
      when: every(s.postCooldownHours),
      to: paths.feed(),
      cooldown: 'post',
    },
    {
      title: 'Engage (Comment)',
      amount: s.commentCoins,
      unit: 'coins',
      when: every(s.commentCooldownHours),
      to: paths.feed(),
      cooldown: 'comment',
    },
    ...offered({
      title: 'Buy Stickers',
      amount: s.coinsPerDollar,
      unit: 'coins',
      when: 'For each $1 spent on stickers, paid when the order is completed',
      to: paths.menu(),
    }),
    ...offered({
      title: 'Welcome Reward',
      amount: s.welcomeCoins,
      unit: 'coins',
      when: 'For a friend you invite, when their first order is completed',
      to: paths.profile(),
    }),
    {
      title: 'Super Referrer',
      amount: s.superReferrerCoins,
      unit: 'coins',
      when: 'Once',
      to: paths.profile(),
    },
  ];
}

/**
 * /missions: how to earn XP and Exotic Coins, with amounts from the economy settings in force, the member's
 * progress to the next level, and each timed action's cooldown from the server (struck through with the time
 * left until it earns again; re-read every minute and after every award).
 */
export function Component() {
  const session = useSession();
  const settings = useEconomySettings();
  const cooldowns = useCooldowns();
  const user = session.data?.user;
  return (
    <Page title="Missions and Rewards" className="max-w-3xl gap-6">
      <PageHeading
        description={<span className="font-medium text-coin">Stack Coins. Climb Levels. Live Exotic.</span>}
      >
        Missions and Rewards
      </PageHeading>

      {user && (
        <section
          aria-label="Your progress"
          className="rounded-card border border-border bg-surface p-4 sm:p-5"
        >
          <LevelProgress xp={user.xp} />
          <p className="mt-3 flex items-center gap-1.5 text-sm text-text-muted">
            <Coins className="size-4 text-coin" aria-hidden />
            <span className="tabular font-semibold text-text">
              {user.exoticCoins.toLocaleString('en-US')}
            </span>{' '}
            Exotic Coins to spend
          </p>
        </section>
      )}

      {settings.isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-card border border-border bg-surface p-4"
        >
          <p className="text-base text-text">The missions could not be loaded.</p>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            Try Again
          </Button>
        </div>
      ) : !settings.data ? (
        <MissionsSkeleton />
      ) : (
        <>
          <MissionList
            title="Earn XP"
            icon={<Sparkles className="size-5 text-primary" aria-hidden />}
            missions={xpMissions(settings.data.settings)}
            cooldowns={cooldowns.data}
          />
          <MissionList
            title="Earn Coins"
            icon={<Coins className="size-5 text-coin" aria-hidden />}
            missions={coinMissions(settings.data.settings)}
            cooldowns={cooldowns.data}
          />
        </>
      )}

      <LevelPerks level={user ? levelFromXp(user.xp).level : null} />

      <RewardHighlights balance={user?.exoticCoins ?? 0} />
    </Page>
  );
}

function MissionList({
  title,
  icon,
  missions,
  cooldowns,
}: {
  title: string;
  icon: ReactNode;
  missions: Mission[];
  cooldowns: (CooldownsResponse & { clockOffsetMs: number }) | undefined;
}) {
  const now = useMinuteClock() + (cooldowns?.clockOffsetMs ?? 0);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        {icon}
        {title}
      </h2>
      <ul className="flex flex-col overflow-hidden rounded-card border border-border bg-surface">
        {missions.map((mission) => {
          const nextAt = mission.cooldown ? cooldowns?.nextAt[mission.cooldown] : null;
          const msLeft = nextAt ? Date.parse(nextAt) - now : 0;
          return (
            <li key={mission.title} className="border-b border-border last:border-b-0">
              <MissionRow mission={mission} msLeft={msLeft} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function MissionRow({ mission, msLeft }: { mission: Mission; msLeft: number }) {
  const waiting = msLeft > 0;
  const body = (
    <>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className={`text-base font-medium ${waiting ? 'text-text-muted line-through' : 'text-text'}`}>
          {mission.title}
        </span>
        <span className="flex items-center gap-1 text-sm text-text-muted">
          {waiting ? (
            <>
              <Clock className="size-4" aria-hidden />
              {timeLeftText(msLeft)}
            </>
          ) : (
            mission.when
          )}
        </span>
      </span>
      <span
        className={`shrink-0 text-base font-semibold tabular ${mission.unit === 'coins' ? 'text-coin' : 'text-primary'}`}
      >
        +{mission.amount.toLocaleString('en-US')}{' '}
        {mission.unit === 'coins' && mission.amount === 1 ? 'coin' : mission.unit}
      </span>
    </>
  );
  const row = 'flex min-h-16 items-center gap-3 px-4 py-3';
  if (waiting || !mission.to) {
    return (
      <div className={`${row} ${waiting ? 'opacity-60' : ''}`} aria-disabled={waiting || undefined}>
        {body}
        {mission.to && <span className="size-5 shrink-0" aria-hidden />}
      </div>
    );
  }
  return (
    <Link
      to={mission.to}
      className={`${row} transition-colors hover:bg-surface-raised focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary`}
    >
      {body}
      <ChevronRight className="size-5 shrink-0 text-text-muted" aria-hidden />
    </Link>
  );
}

/**
 * The level perks in force: from a level on, a percentage off sticker lines at checkout (the highest level reached
 * applies). The member's own is marked. Nothing while there are none.
 */
function LevelPerks({ level }: { level: number | null }) {
  const perks = useLevelPerks().data?.perks ?? [];
  const headingId = useId();
  if (perks.length === 0) return null;
  const yours = level === null ? undefined : perkAt(perks, level);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <BadgePercent className="size-5 text-coin" aria-hidden />
        Level Perks
      </h2>
      <ul className="flex flex-col overflow-hidden rounded-card border border-border bg-surface">
        {perks.map((perk) => (
          <li
            key={perk.fromLevel}
            className="flex min-h-16 flex-col justify-center border-b border-border px-4 py-3 last:border-b-0"
          >
            <p className="text-base font-medium text-text">
              <span className="tabular">Level {perk.fromLevel}</span>: {perk.percentOff}% off sticker lines
            </p>
            <p className={`text-sm ${perk === yours ? 'font-medium text-accent' : 'text-text-muted'}`}>
              {perkStanding(perk, yours, level)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where the member stands with a perk: theirs now, still to reach, or passed (a higher one applies). */
function perkStanding(perk: LevelPerk, yours: LevelPerk | undefined, level: number | null): string {
  if (perk === yours) return 'Your perk now: taken off at checkout';
  if (level === null || perk.fromLevel > level) return `Taken off at checkout from level ${perk.fromLevel}`;
  return 'A higher perk applies to you now';
}

/** The perk a level has: the one of the highest level it has reached (perks come lowest level first). */
const perkAt = (perks: LevelPerk[], level: number) => perks.findLast((perk) => perk.fromLevel <= level);

function MissionsSkeleton() {
  return (
    <ListSkeleton
      label="Loading missions"
      count={5}
      className="flex flex-col gap-px overflow-hidden rounded-card border border-border"
      item={
        <SkeletonRow
          lines={['h-4 w-2/5', 'h-3 w-1/4']}
          trail="h-5 w-16"
          className="min-h-16 bg-surface px-4 py-3"
        />
      }
    />
  );
}

/** The rewards the member is closest to affording, each with how far there is to go, and the Rewards Center. */
function RewardHighlights({ balance }: { balance: number }) {
  const rewards = useRewards();
  const highlights = rewardHighlights(rewards.data?.rewards ?? [], balance);
  return (
    <section
      aria-labelledby="reward-highlights-heading"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Gift className="size-6 shrink-0 text-accent" aria-hidden />
          <div>
            <h2 id="reward-highlights-heading" className="text-lg font-semibold">
              Rewards
            </h2>
            <p className="text-sm text-text-muted">The rewards you are closest to.</p>
          </div>
        </div>
        <Button asChild variant="secondary">
          <Link to={paths.rewardsCenter()}>Rewards Center</Link>
        </Button>
      </div>
      {highlights.length > 0 && (
        <ul className="flex flex-col gap-3">
          {highlights.map((reward) => {
            const short = reward.costCoins - balance;
            return (
              <li key={reward.id} className="flex items-center gap-3">
                <RewardArt
                  art={reward.art}
                  imageUrl={reward.imageUrl}
                  className="size-12 shrink-0 rounded-lg"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-semibold break-words">{reward.title}</span>
                    <span className="text-sm text-text-muted tabular">
                      {short > 0 ? `${short.toLocaleString('en-US')} more coins` : 'Ready to redeem'}
                    </span>
                  </p>
                  <ProgressBar
                    label={reward.title}
                    value={Math.min(balance, reward.costCoins)}
                    max={reward.costCoins}
                    valueText={`${Math.min(balance, reward.costCoins).toLocaleString('en-US')} of ${reward.costCoins.toLocaleString('en-US')} coins`}
                    tone={short > 0 ? 'coin' : 'accent'}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
