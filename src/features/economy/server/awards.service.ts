import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '~/shared/time';
import { notify } from '~/features/notifications/server/notifications.service';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { awardCause, ledgerEntry } from '~/server/db/tables/economy.tables';
import { wasErased } from '~/server/erased-identity';
import type { ServiceContext } from '~/server/service-context';
import type { UserRow } from '~/server/session';
import { takeCooldown, type CooldownAction } from './cooldown.service';
import { readEconomySettings } from './economy-settings.service';
import { applyAward, type Award } from './ledger.service';

/**
 * Awards: what members earn for what they do, always through the ledger (applyAward). Features call these in the
 * transaction that records the action.
 */

/**
 * Coins and XP for an action, at most once per cooldown (a post, a comment): the cooldown is taken by one conditional upsert
 * in the writing transaction, so of many posts at once exactly one is rewarded. The action itself always happens.
 */
export async function awardOnce(
  tx: Executor,
  award: {
    userId: string;
    action: CooldownAction;
    coins: number;
    xp: number;
    cooldownHours: number;
    reason: string;
    /** What earned it (a post's id), unless that is anonymous: the ledger must not tie a member to it either. */
    reference: string | null;
    at: Date;
  },
): Promise<{ coins: number; xp: number } | null> {
  if (award.coins <= 0 && award.xp <= 0) return null;
  if (!(await takeCooldown(tx, award.userId, award.action, award.cooldownHours * HOUR_MS, award.at)))
    return null;
  const coins = await withinDailyCap(tx, award);
  if (coins <= 0 && award.xp <= 0) return null;
  await applyAward(tx, {
    userId: award.userId,
    coins,
    xp: award.xp,
    reason: award.reason,
    ...(award.reference ? { reference: award.reference } : {}),
    at: award.at,
  });
  return { coins, xp: award.xp };
}

/**
 * The coins an action may still pay the member: what one kind of action paid them in the last 24 hours counts
 * against the economy setting's daily cap (XP is not capped).
 */
async function withinDailyCap(
  tx: Executor,
  award: { userId: string; reason: string; coins: number; at: Date },
) {
  if (award.coins <= 0) return 0;
  const { dailyCoinCap } = await readEconomySettings(tx);
  const [paid] = await tx
    .select({ coins: sql<number>`coalesce(sum(${ledgerEntry.deltaCoins}), 0)::int` })
    .from(ledgerEntry)
    .where(
      and(
        eq(ledgerEntry.userId, award.userId),
        eq(ledgerEntry.reason, award.reason),
        gt(ledgerEntry.createdAt, new Date(award.at.getTime() - DAY_MS)),
      ),
    );
  return Math.max(0, Math.min(award.coins, dailyCoinCap - (paid?.coins ?? 0)));
}

/**
 * Pays an award once per cause: inserts the cause's key, and only the transaction that inserted it pays (a
 * second completion, a retry or a race finds the key taken and pays nothing). False when it was paid before.
 */
async function awardForCause(
  tx: Executor,
  cause: { key: string; kind: string },
  award: Omit<Award, 'reason'> & { message: string | null },
): Promise<boolean> {
  const [claimed] = await tx
    .insert(awardCause)
    .values({ key: cause.key, kind: cause.kind, userId: award.userId, createdAt: award.at })
    .onConflictDoNothing()
    .returning({ key: awardCause.key });
  if (!claimed) return false;
  if (award.coins > 0 || award.xp > 0) {
    const { message, ...paid } = award;
    await applyAward(tx, { ...paid, reason: cause.kind });
    if (message)
      await notify(tx, { userId: award.userId, message, link: '/missions', from: 'staff', at: award.at });
  }
  return true;
}

const amount = (coins: number, xp: number) =>
  [xp > 0 ? `+${xp} XP` : null, coins > 0 ? `+${coins} coins` : null].filter(Boolean).join(' and ');

/** Two members at one phone number or one address are one household: it does not earn referral awards. */
const sameHousehold = (a: Pick<UserRow, 'phone' | 'address'>, b: Pick<UserRow, 'phone' | 'address'>) => {
  const digits = (phone: string) => phone.replace(/\D/g, '');
  const place = (address: string) => address.trim().toLowerCase().replace(/\s+/g, ' ');
  return (
    (digits(a.phone) !== '' && digits(a.phone) === digits(b.phone)) ||
    (place(a.address) !== '' && place(a.address) === place(b.address))
  );
};

/**
 * What a completed order earns, in the transaction that completes it (a driver's delivery, or staff setting it
 * completed): the member's Personal Purchase XP and the order's coins (coins per dollar, fixed when it was placed);
 * for a referred member, their Welcome coins on the first completed order, their referrer's Approved Referral XP
 * on it and Referral Repeat Purchase XP on each later one; and Super Referrer coins once, when the referrer's
 * approved referrals reach the threshold. Each is paid once per cause. A member whose e-mail or phone belonged to
 * a deleted account, or who shares a household with their referrer, earns no welcome and their referrer nothing.
 * `shortId` is the number the member knows the order by (the shop's `shortOrderId`): the economy never imports the
 * shop, which calls it.
 */
export async function awardCompletedOrder(
  tx: Executor,
  { now: at, config }: Pick<ServiceContext, 'now' | 'config'>,
  order: { id: string; userId: string; shortId: string; purchaseCoins: number },
): Promise<void> {
  const settings = await readEconomySettings(tx);
  const note = `Order #${order.shortId}`;
  const xpPaid = await awardForCause(
    tx,
    { key: `personal-purchase:${order.id}`, kind: 'personal-purchase' },
    {
      userId: order.userId,
      coins: 0,
      xp: settings.personalPurchaseXp,
      reference: order.id,
      note,
      at,
      message: null,
    },
  );
  const coinsPaid = await awardForCause(
    tx,
    { key: `purchase-coins:${order.id}`, kind: 'purchase-coins' },
    { userId: order.userId, coins: order.purchaseCoins, xp: 0, reference: order.id, note, at, message: null },
  );
  const earned = amount(coinsPaid ? order.purchaseCoins : 0, xpPaid ? settings.personalPurchaseXp : 0);
  if (earned) {
    await notify(tx, {
      userId: order.userId,
      message: `You earned ${earned} for your order #${order.shortId}.`,
      link: '/missions',
      from: 'staff',
      at,
    });
  }

  const [member] = await tx.select().from(user).where(eq(user.id, order.userId));
  if (!member?.referredBy) return;
  const [referrer] = await tx.select().from(user).where(eq(user.id, member.referredBy));
  if (!referrer || referrer.banned || sameHousehold(member, referrer)) return;
  // An e-mail or phone of a deleted account registered again earns its referrer nothing (decision 025).
  if (await wasErased(tx, config, member)) return;
  // The friend's welcome, once, on their first completed order once staff let them in.
  if (member.status === 'approved') {
    await awardForCause(
      tx,
      { key: `welcome:${member.id}`, kind: 'welcome' },
      {
        userId: member.id,
        coins: settings.welcomeCoins,
        xp: 0,
        reference: order.id,
        note,
        at,
        message: `Welcome to the Vault: you earned ${amount(settings.welcomeCoins, 0)} for your first order, thanks to your invitation.`,
      },
    );
  }
  // This order's referral award: once, whichever kind it turns out to be.
  const [firstForOrder] = await tx
    .insert(awardCause)
    .values({ key: `referral-order:${order.id}`, kind: 'referral-order', userId: referrer.id, createdAt: at })
    .onConflictDoNothing()
    .returning({ key: awardCause.key });
  if (!firstForOrder) return;
  const approved = await awardForCause(
    tx,
    { key: `approved-referral:${member.id}`, kind: 'approved-referral' },
    {
      userId: referrer.id,
      coins: 0,
      xp: settings.approvedReferralXp,
      at,
      message: `${member.name} completed their first order: you earned ${amount(0, settings.approvedReferralXp)} for the referral.`,
    },
  );
  if (!approved) {
    await awardForCause(
      tx,
      { key: `referral-repeat:${order.id}`, kind: 'referral-repeat-purchase' },
      {
        userId: referrer.id,
        coins: 0,
        xp: settings.referralRepeatPurchaseXp,
        at,
        message: `${member.name} ordered again: you earned ${amount(0, settings.referralRepeatPurchaseXp)}.`,
      },
    );
    return;
  }
  const approvedReferrals = await tx.$count(
    awardCause,
    and(eq(awardCause.userId, referrer.id), eq(awardCause.kind, 'approved-referral')),
  );
  if (approvedReferrals >= settings.superReferrerThreshold) {
    await awardForCause(
      tx,
      { key: `super-referrer:${referrer.id}`, kind: 'super-referrer' },
      {
        userId: referrer.id,
        coins: settings.superReferrerCoins,
        xp: 0,
        at,
        message: `You are a Super Referrer: ${approvedReferrals} friends have ordered. You earned ${amount(settings.superReferrerCoins, 0)}.`,
      },
    );
  }
}

/**
 * Hitting Reward Milestone: XP for the member's first redemption, and again each time the coins they have spent
 * on rewards pass another step (economy settings). Called once per redemption, in the transaction that makes it
 * count (it reaches the cart, at once or on approval; a refused request never counts), with the coins spent on
 * rewards before and after it. A redemption that passes two steps pays both; keyed by the redemption, it pays once.
 */
export async function awardRewardMilestones(
  tx: Executor,
  redemption: { id: string; userId: string; spentBefore: number; spentAfter: number },
  at: Date,
): Promise<void> {
  const { rewardMilestoneXp, rewardMilestoneStepCoins: step } = await readEconomySettings(tx);
  const first = redemption.spentBefore <= 0 ? 1 : 0;
  const steps = Math.floor(redemption.spentAfter / step) - Math.floor(redemption.spentBefore / step);
  const milestones = first + Math.max(0, steps);
  if (milestones === 0) return;
  const reached =
    steps > 0
      ? `${(Math.floor(redemption.spentAfter / step) * step).toLocaleString('en-US')} coins spent on rewards`
      : 'your first reward';
  await awardForCause(
    tx,
    { key: `reward-milestone:${redemption.id}`, kind: 'reward-milestone' },
    {
      userId: redemption.userId,
      coins: 0,
      xp: rewardMilestoneXp * milestones,
      reference: redemption.id,
      at,
      message: `Reward milestone: ${reached}. You earned ${amount(0, rewardMilestoneXp * milestones)}.`,
    },
  );
}

/**
 * An order cancelled after it was completed gives back the coins it paid (its coins per dollar, and the welcome
 * coins it brought), through the ledger: as many as the member still has, so a balance never goes below zero. The
 * causes are released, so the order pays again if it is ever completed again. How many coins were taken back.
 */
export async function takeBackOrderCoins(
  tx: Executor,
  order: { id: string; userId: string; shortId: string },
  at: Date,
): Promise<number> {
  const paid = await tx
    .select({ reason: ledgerEntry.reason, coins: sql<number>`sum(${ledgerEntry.deltaCoins})::int` })
    .from(ledgerEntry)
    .where(
      and(
        eq(ledgerEntry.userId, order.userId),
        eq(ledgerEntry.reference, order.id),
        inArray(ledgerEntry.reason, ['purchase-coins', 'welcome', 'order-coins-back']),
      ),
    )
    .groupBy(ledgerEntry.reason);
  const keys = [`purchase-coins:${order.id}`];
  if (paid.some((row) => row.reason === 'welcome')) keys.push(`welcome:${order.userId}`);
  const released = await tx
    .delete(awardCause)
    .where(and(inArray(awardCause.key, keys), eq(awardCause.userId, order.userId)))
    .returning({ key: awardCause.key });
  if (released.length === 0) return 0;
  const owed = paid.reduce((sum, row) => sum + row.coins, 0);
  const [member] = await tx
    .select({ coins: user.exoticCoins })
    .from(user)
    .where(eq(user.id, order.userId))
    .for('update');
  const coins = Math.min(owed, member?.coins ?? 0);
  if (coins <= 0) return 0;
  await applyAward(tx, {
    userId: order.userId,
    coins: -coins,
    xp: 0,
    reason: 'order-coins-back',
    reference: order.id,
    note: `Order #${order.shortId}`,
    at,
  });
  return coins;
}
