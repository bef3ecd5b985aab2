// Describing rows of the audit log for a viewer: the names they refer to, loaded at once, then each row's actor
// and sentence, with only what this viewer may read.
import { inArray } from 'drizzle-orm';
import { AUDIT_EVENTS, isAuditEventType, type AuditRight } from '~/shared/audit-events';
import { can, hasRole } from '~/shared/permissions';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { promoCode } from '~/server/db/tables/loyalty.tables';
import { reward } from '~/server/db/tables/rewards.tables';
import { sticker } from '~/server/db/tables/shop.tables';
import type { Actor } from '~/server/service-context';
import type { AuditLogEntry, DetailPart } from '../audit.schema';
import { FORMER_MEMBER, SYSTEM_ACTOR } from '../audit.constants';
import type { AuditRow } from './audit-log-query';
import { sentenceOf, text, type Named, type Names } from './audit-sentences';

/** What this viewer may read in a row beyond the event itself. */
export type Viewer = Record<AuditRight, boolean>;

export const viewerOf = (actor: Actor): Viewer => ({
  contacts: can(actor, 'read:contact-details'),
  reveals: can(actor, 'reveal:anonymous-authors'),
  // Not a capability an Admin holds: the Owner's own sign-in addresses are the Owner's to read.
  ips: hasRole(actor, 'Owner'),
});

export async function namesOf(db: Executor, ids: string[]): Promise<Map<string, Named>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.id, ids));
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}

/** The members, stickers, rewards and promo codes a page of rows names, loaded at once; then each row as its readable entry. */
export async function describeRows(db: Executor, viewer: Viewer, rows: AuditRow[]): Promise<AuditLogEntry[]> {
  const memberIds = new Set<string>();
  const stickerIds = new Set<string>();
  const rewardIds = new Set<string>();
  const promoCodeIds = new Set<string>();
  for (const row of rows) {
    if (row.actorId) memberIds.add(row.actorId);
    for (const key of ['driverId', 'previousDriverId', 'memberId'] as const) {
      const id = text(row.meta[key]);
      if (id) memberIds.add(id);
    }
    // An anonymous author's id is looked up only for a viewer who may see who they are.
    const authorId = text(row.meta.authorId);
    if (authorId && viewer.reveals) memberIds.add(authorId);
    if (row.eventType === 'AUDIT_LOG_EXPORTED' && row.meta.filters && typeof row.meta.filters === 'object') {
      const filters = row.meta.filters as Record<string, unknown>;
      for (const id of [text(filters.driverId), text(filters.actorId)]) if (id) memberIds.add(id);
    }
    const stickerId = text(row.meta.stickerId);
    if (stickerId) stickerIds.add(stickerId);
    const rewardId = text(row.meta.rewardId);
    if (rewardId) rewardIds.add(rewardId);
    const promoCodeId = text(row.meta.promoCodeId);
    if (promoCodeId) promoCodeIds.add(promoCodeId);
  }
  const [members, stickers, rewards, promoCodes] = await Promise.all([
    namesOf(db, [...memberIds]),
    stickerIds.size
      ? db
          .select({ id: sticker.id, name: sticker.name })
          .from(sticker)
          .where(inArray(sticker.id, [...stickerIds]))
      : [],
    rewardIds.size
      ? db
          .select({ id: reward.id, title: reward.title })
          .from(reward)
          .where(inArray(reward.id, [...rewardIds]))
      : [],
    promoCodeIds.size
      ? db
          .select({ id: promoCode.id, code: promoCode.code })
          .from(promoCode)
          .where(inArray(promoCode.id, [...promoCodeIds]))
      : [],
  ]);
  const names: Names = {
    members,
    stickers: new Map(stickers.map((row) => [row.id, row.name])),
    rewards: new Map(rewards.map((row) => [row.id, row.title])),
    promoCodes: new Map(promoCodes.map((row) => [row.id, row.code])),
  };
  return rows.map((row) => describeRow(row, viewer, names));
}

/** One row as the viewer may read it: when, what, who, and a sentence built from its ids. */
function describeRow(row: AuditRow, viewer: Viewer, names: Names): AuditLogEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    eventType: row.eventType,
    actor: actorOf(row, names.members),
    details: detailsOf(row, viewer, names),
  };
}

function actorOf(row: AuditRow, members: Map<string, Named>): AuditLogEntry['actor'] {
  if (!row.actorId) {
    const byVisitor = isAuditEventType(row.eventType) && AUDIT_EVENTS[row.eventType].byVisitor;
    return { name: byVisitor ? 'Unknown visitor' : SYSTEM_ACTOR, memberId: null };
  }
  const member = members.get(row.actorId);
  return member ? { name: member.name, memberId: row.actorId } : { name: FORMER_MEMBER, memberId: null };
}

/**
 * The row's sentence. It is told only the rights its event's entry restricts a part to, so a right the entry does
 * not list reads as not held. An event this build does not know reads "Recorded TYPE." with none of its data.
 */
function detailsOf(row: AuditRow, viewer: Viewer, names: Names): DetailPart[] {
  const type = row.eventType;
  if (!isAuditEventType(type)) return [{ text: `Recorded ${type}.` }];
  const rights = Object.keys(AUDIT_EVENTS[type].restricted) as AuditRight[];
  return sentenceOf(type, {
    meta: row.meta,
    ip: row.ip,
    viewer: Object.fromEntries(rights.map((right) => [right, viewer[right]])),
    names,
  });
}
