import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { writeAudit } from '~/server/audit';
import type { Executor } from '~/server/db/client';
import { reward } from '~/server/db/tables/rewards.tables';
import { publish } from '~/server/events';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { UploadedFile } from '~/server/uploads/upload';
import { deleteUploadedFile, storeImage } from '~/server/uploads/stored-files';
import type { RewardAdminView, RewardFormInput, RewardView, UpdateRewardInput } from '../rewards.schema';
import { CREDIT_NEEDS_APPROVAL, type RewardArt, type RewardKind } from '../rewards.constants';

/** The reward catalogue: what members see in the Rewards Center, and the staff's edits in the Economy tab. */

export type RewardRow = typeof reward.$inferSelect;

/** The longer side of an uploaded reward picture. */
const REWARD_IMAGE_SIZE = 800;

export function toRewardView(row: RewardRow): RewardView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    costCoins: row.costCoins,
    kind: row.kind as RewardKind,
    art: row.art as RewardArt,
    imageUrl: row.imageUrl,
    needsApproval: row.needsApproval,
    creditCents: row.creditCents,
  };
}

/** A reward worth store credit waits for staff, who choose credit or cash when they approve it. */
function checkCreditNeedsApproval(row: { creditCents: number | null; needsApproval: boolean }): void {
  if (row.creditCents !== null && !row.needsApproval) {
    throw new AppError('BAD_REQUEST', CREDIT_NEEDS_APPROVAL, {
      fields: { needsApproval: CREDIT_NEEDS_APPROVAL },
    });
  }
}

const toAdminView = (row: RewardRow): RewardAdminView => ({ ...toRewardView(row), hidden: row.hidden });

/** Cheapest first: the order members climb them in. */
const byCost = [asc(reward.costCoins), asc(reward.title), asc(reward.id)] as const;

/** The rewards members may redeem now (hidden ones leave at once). */
export async function listRewards({ db }: ServiceContext): Promise<RewardView[]> {
  const rows = await db
    .select()
    .from(reward)
    .where(eq(reward.hidden, false))
    .orderBy(...byCost);
  return rows.map(toRewardView);
}

/** Every reward, hidden ones too, for the Economy tab. */
export async function listRewardCatalog({ db }: ServiceContext): Promise<RewardAdminView[]> {
  const rows = await db
    .select()
    .from(reward)
    .orderBy(...byCost);
  return rows.map(toAdminView);
}

/** Members' Rewards Centers and the Economy tab refetch when the catalogue changes. */
const catalogChanged = (tx: Executor) => publish(tx, 'rewards.catalog', {}, [{ kind: 'everyone' }]);

export async function createReward(
  { db, now }: ServiceContext,
  actor: Actor,
  input: Required<RewardFormInput>,
): Promise<RewardAdminView> {
  checkCreditNeedsApproval(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reward)
      .values({ id: `reward-${randomBytes(4).toString('hex')}`, ...input, createdAt: now, updatedAt: now })
      .returning();
    await writeAudit(tx, {
      eventType: 'REWARD_CREATED',
      actorId: actor.id,
      meta: { rewardId: row!.id },
      at: now,
    });
    await catalogChanged(tx);
    return toAdminView(row!);
  });
}

/** Changes what the edit names; audited with the fields changed (hiding and showing as their own events). */
export async function updateReward(
  { db, now }: ServiceContext,
  actor: Actor,
  { rewardId, ...changes }: UpdateRewardInput & { rewardId: string },
): Promise<RewardAdminView> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(reward).where(eq(reward.id, rewardId)).for('update');
    if (!existing) throw new AppError('NOT_FOUND', 'This reward does not exist.');
    const changed = (Object.keys(changes) as (keyof typeof changes)[]).filter(
      (key) => changes[key] !== undefined && changes[key] !== existing[key],
    );
    if (changed.length === 0) return toAdminView(existing);
    checkCreditNeedsApproval({
      creditCents: changes.creditCents === undefined ? existing.creditCents : changes.creditCents,
      needsApproval: changes.needsApproval ?? existing.needsApproval,
    });
    const [row] = await tx
      .update(reward)
      .set({ ...changes, updatedAt: now })
      .where(eq(reward.id, rewardId))
      .returning();
    const visibility = changed.includes('hidden')
      ? changes.hidden
        ? 'REWARD_HIDDEN'
        : 'REWARD_SHOWN'
      : null;
    const edited = changed.filter((key) => key !== 'hidden');
    if (visibility) {
      await writeAudit(tx, { eventType: visibility, actorId: actor.id, meta: { rewardId }, at: now });
    }
    if (edited.length) {
      await writeAudit(tx, {
        eventType: 'REWARD_UPDATED',
        actorId: actor.id,
        meta: { rewardId, changed: edited },
        at: now,
      });
    }
    await catalogChanged(tx);
    return toAdminView(row!);
  });
}

/** A new picture for a reward, in place of its generated artwork (or its previous picture, which is removed). */
export async function replaceRewardImage(
  ctx: ServiceContext,
  actor: Actor,
  { rewardId, bytes }: { rewardId: string } & UploadedFile,
): Promise<RewardAdminView> {
  await existingReward(ctx, rewardId);
  const image = await storeImage(ctx, bytes, REWARD_IMAGE_SIZE);
  return setRewardImage(ctx, actor, rewardId, image.url);
}

/** Back to the generated artwork: the uploaded picture is removed. */
export async function removeRewardImage(
  ctx: ServiceContext,
  actor: Actor,
  { rewardId }: { rewardId: string },
): Promise<RewardAdminView> {
  const existing = await existingReward(ctx, rewardId);
  if (!existing.imageUrl) return toAdminView(existing);
  return setRewardImage(ctx, actor, rewardId, '');
}

async function existingReward({ db }: ServiceContext, rewardId: string): Promise<RewardRow> {
  const [existing] = await db.select().from(reward).where(eq(reward.id, rewardId));
  if (!existing) throw new AppError('NOT_FOUND', 'This reward does not exist.');
  return existing;
}

/** The reward's picture set (or cleared, ''), audited; the one it replaced is deleted once nothing names it. */
async function setRewardImage(
  ctx: ServiceContext,
  actor: Actor,
  rewardId: string,
  imageUrl: string,
): Promise<RewardAdminView> {
  const { updated, previous } = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(reward).where(eq(reward.id, rewardId)).for('update');
    if (!before) throw new AppError('NOT_FOUND', 'This reward does not exist.');
    const [row] = await tx
      .update(reward)
      .set({ imageUrl, updatedAt: ctx.now })
      .where(eq(reward.id, rewardId))
      .returning();
    await writeAudit(tx, {
      eventType: 'REWARD_UPDATED',
      actorId: actor.id,
      meta: { rewardId, changed: ['image'] },
      at: ctx.now,
    });
    await catalogChanged(tx);
    return { updated: toAdminView(row!), previous: before.imageUrl };
  });
  await deleteUploadedFile(ctx.storage, previous);
  return updated;
}
