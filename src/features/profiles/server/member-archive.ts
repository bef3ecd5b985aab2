import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { isStaff } from '~/shared/permissions';
import { levelFromXp } from '~/shared/economy';
import { levelTitle } from '~/shared/level-titles';
import { describeDevice } from '~/features/accounts/server/account-settings.service';
import { ADMIN_TEAM_NAME, UNKNOWN_NAME, UNNAMED } from '~/features/inbox/inbox.constants';
import type { Executor } from '~/server/db/client';
import { session, user } from '~/server/db/tables/auth.tables';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { feedComment, feedLike, feedPost, feedReport } from '~/server/db/tables/feed.tables';
import { conversation, conversationMessage } from '~/server/db/tables/inbox.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { orderItem, shopOrder } from '~/server/db/tables/orders.tables';
import { rewardRedemption } from '~/server/db/tables/rewards.tables';
import { sticker, stickerRating } from '~/server/db/tables/shop.tables';
import type { UserRow } from '~/server/session';
import type { Storage } from '~/server/storage';
import { keyFromUploadUrl } from '~/server/uploads/upload-urls';

/**
 * What Download My Data holds (docs/decisions/025): `data.json` with everything the app keeps about one member,
 * and their uploaded files under `files/`. Only the member's own rows are read; other people appear by the name
 * the member sees in the app (staff as "Admin Team"), never by e-mail, phone, address or a staff id.
 */

export const ARCHIVE_FORMAT = 'the-vault-member-data';

type Holder = Pick<UserRow, 'id' | 'name' | 'roles' | 'role'>;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Another person as the member sees them in the inbox: staff masked, never an id. */
function nameFor(viewer: Holder, other: Holder | undefined): string {
  if (!other) return UNKNOWN_NAME;
  if (!isStaff(viewer) && isStaff(other)) return ADMIN_TEAM_NAME;
  return other.name.trim() || UNNAMED;
}

/** How much there is to pack: rows and files. Large archives are built in the background. */
export async function archiveSize(db: Executor, memberId: string): Promise<number> {
  const counted = await Promise.all([
    db.select({ n: count() }).from(feedPost).where(eq(feedPost.userId, memberId)),
    db.select({ n: count() }).from(feedComment).where(eq(feedComment.userId, memberId)),
    db.select({ n: count() }).from(shopOrder).where(eq(shopOrder.userId, memberId)),
    db.select({ n: count() }).from(ledgerEntry).where(eq(ledgerEntry.userId, memberId)),
    db.select({ n: count() }).from(notification).where(eq(notification.userId, memberId)),
    db
      .select({ n: count() })
      .from(conversationMessage)
      .innerJoin(conversation, eq(conversation.id, conversationMessage.conversationId))
      .where(or(eq(conversation.userLowId, memberId), eq(conversation.userHighId, memberId))),
  ]);
  return counted.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
}

/** The member's data as one JSON document, and the storage keys of their files with the names they get. */
export async function collectMemberData(
  db: Executor,
  member: UserRow,
  at: Date,
): Promise<{ data: Record<string, unknown>; files: { key: string; name: string }[] }> {
  const id = member.id;
  const files: { key: string; name: string }[] = [];
  const fileFor = (url: string | null, name: string) => {
    const key = url ? keyFromUploadUrl(url) : undefined;
    if (!key) return null;
    const file = `files/${name}.${key.split('.').pop()}`;
    files.push({ key, name: file });
    return file;
  };

  const [referrer] = member.referredBy
    ? await db
        .select({ id: user.id, name: user.name, roles: user.roles, role: user.role })
        .from(user)
        .where(eq(user.id, member.referredBy))
    : [];
  const referred = await db
    .select({ id: user.id, name: user.name, roles: user.roles, role: user.role, createdAt: user.createdAt })
    .from(user)
    .where(eq(user.referredBy, id))
    .orderBy(asc(user.createdAt));

  const orders = await db
    .select()
    .from(shopOrder)
    .where(eq(shopOrder.userId, id))
    .orderBy(asc(shopOrder.createdAt));
  const items = orders.length
    ? await db
        .select()
        .from(orderItem)
        .where(
          inArray(
            orderItem.orderId,
            orders.map((o) => o.id),
          ),
        )
    : [];
  const runs = await db
    .select({
      id: shopOrder.id,
      status: shopOrder.status,
      claimedAt: shopOrder.claimedAt,
      etaMinutes: shopOrder.etaMinutes,
      completedAt: shopOrder.completedAt,
    })
    .from(shopOrder)
    .where(eq(shopOrder.assignedDriverId, id))
    .orderBy(asc(shopOrder.createdAt));

  const posts = await db
    .select()
    .from(feedPost)
    .where(eq(feedPost.userId, id))
    .orderBy(asc(feedPost.createdAt));
  const comments = await db
    .select()
    .from(feedComment)
    .where(eq(feedComment.userId, id))
    .orderBy(asc(feedComment.createdAt));
  const likes = await db
    .select()
    .from(feedLike)
    .where(eq(feedLike.userId, id))
    .orderBy(asc(feedLike.createdAt));
  const reports = await db
    .select()
    .from(feedReport)
    .where(eq(feedReport.reporterId, id))
    .orderBy(asc(feedReport.createdAt));

  const conversations = await db
    .select()
    .from(conversation)
    .where(or(eq(conversation.userLowId, id), eq(conversation.userHighId, id)))
    .orderBy(asc(conversation.createdAt));
  const otherIds = conversations.flatMap((c) => [c.userLowId, c.userHighId]).filter((o) => o && o !== id);
  const others = otherIds.length
    ? await db
        .select({ id: user.id, name: user.name, roles: user.roles, role: user.role })
        .from(user)
        .where(inArray(user.id, otherIds as string[]))
    : [];
  const messages = conversations.length
    ? await db
        .select()
        .from(conversationMessage)
        .where(
          inArray(
            conversationMessage.conversationId,
            conversations.map((c) => c.id),
          ),
        )
        .orderBy(asc(conversationMessage.conversationId), asc(conversationMessage.seq))
    : [];

  const ratings = await db
    .select({
      sticker: sticker.name,
      smell: stickerRating.smell,
      taste: stickerRating.taste,
      high: stickerRating.high,
      createdAt: stickerRating.createdAt,
    })
    .from(stickerRating)
    .leftJoin(sticker, eq(sticker.id, stickerRating.stickerId))
    .where(eq(stickerRating.userId, id))
    .orderBy(asc(stickerRating.createdAt));
  const ledger = await db
    .select()
    .from(ledgerEntry)
    .where(eq(ledgerEntry.userId, id))
    .orderBy(asc(ledgerEntry.createdAt));
  const redemptions = await db
    .select()
    .from(rewardRedemption)
    .where(eq(rewardRedemption.userId, id))
    .orderBy(asc(rewardRedemption.createdAt));
  const notifications = await db
    .select()
    .from(notification)
    .where(eq(notification.userId, id))
    .orderBy(asc(notification.createdAt));
  const sessions = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, id)))
    .orderBy(asc(session.createdAt));

  const level = levelFromXp(member.xp);
  const data = {
    format: ARCHIVE_FORMAT,
    formatVersion: 1,
    exportedAt: at.toISOString(),
    profile: {
      id,
      name: member.name,
      email: member.email,
      emailVerified: member.emailVerified,
      phone: member.phone,
      address: member.address,
      telegram: member.telegram,
      bio: member.bio,
      smokePreference: member.smokePreference,
      avatar: fileFor(member.image, 'avatar'),
      roles: member.roles,
      joinedAt: iso(member.createdAt),
      xp: member.xp,
      exoticCoins: member.exoticCoins,
      level: level.level,
      levelTitle: levelTitle(level.level),
      referralCode: member.referralCode,
      referredBy: member.referredBy ? nameFor(member, referrer) : null,
      referrals: referred.map((r) => ({ name: nameFor(member, r), joinedAt: iso(r.createdAt) })),
      strikes: member.strikes,
      isApprovedDriver: member.isApprovedDriver,
      lastWeeklyBonusAt: iso(member.lastWeeklyBonusAt),
    },
    consents: {
      ageConfirmedAt: iso(member.ageConfirmedAt),
      dataConsent: member.dataConsent,
      smsConsent: member.smsConsent,
    },
    orders: orders.map((o) => ({
      id: o.id,
      status: o.status,
      placedAt: iso(o.createdAt),
      deliveryMethod: o.deliveryMethod,
      pickupLocation: o.pickupLocation,
      paymentMethod: o.paymentMethod,
      name: o.userName,
      email: o.userEmail,
      phone: o.userPhone,
      address: o.userAddress,
      notes: o.notes,
      subtotalCents: o.subtotalCents,
      deliveryFeeCents: o.deliveryFeeCents,
      totalCents: o.totalCents,
      etaMinutes: o.etaMinutes,
      completedAt: iso(o.completedAt),
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({
          name: i.stickerName,
          size: i.size,
          quantity: i.quantity,
          unitPriceCents: i.unitPriceCents,
          lineTotalCents: i.lineTotalCents,
        })),
    })),
    // As a driver: the runs, without the customers' details.
    deliveryRuns: runs.map((r) => ({
      orderId: r.id,
      status: r.status,
      claimedAt: iso(r.claimedAt),
      etaMinutes: r.etaMinutes,
      completedAt: iso(r.completedAt),
    })),
    posts: posts.map((p) => ({
      id: p.id,
      content: p.content,
      anonymous: p.isAnonymous,
      media: fileFor(p.mediaUrl, `posts/${p.id}`),
      likes: p.likeCount,
      comments: p.commentCount,
      createdAt: iso(p.createdAt),
    })),
    comments: comments.map((c) => ({
      id: c.id,
      postId: c.postId,
      content: c.content,
      anonymous: c.isAnonymous,
      createdAt: iso(c.createdAt),
    })),
    likes: likes.map((l) => ({ postId: l.postId, createdAt: iso(l.createdAt) })),
    reports: reports.map((r) => ({
      postId: r.postId,
      commentId: r.commentId,
      reason: r.reason,
      details: r.details,
      createdAt: iso(r.createdAt),
    })),
    conversations: conversations.map((c) => {
      const otherId = c.userLowId === id ? c.userHighId : c.userLowId;
      const withName = nameFor(
        member,
        others.find((o) => o.id === otherId),
      );
      return {
        id: c.id,
        with: withName,
        messages: messages
          .filter((m) => m.conversationId === c.id)
          .map((m) => ({
            from: m.senderId === id ? 'me' : withName,
            content: m.content,
            sentAt: iso(m.createdAt),
          })),
      };
    }),
    ratings: ratings.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    ledger: ledger.map((l) => ({
      coins: l.deltaCoins,
      xp: l.deltaXp,
      reason: l.reason,
      note: l.note,
      createdAt: iso(l.createdAt),
    })),
    redemptions: redemptions.map((r) => ({
      id: r.id,
      title: r.title,
      costCoins: r.costCoins,
      status: r.status,
      orderId: r.orderId,
      note: r.note,
      createdAt: iso(r.createdAt),
    })),
    notifications: notifications.map((n) => ({
      message: n.message,
      link: n.link,
      read: n.read,
      createdAt: iso(n.createdAt),
    })),
    // Devices signed in: no tokens, no addresses.
    sessions: sessions.map((s) => ({
      ...describeDevice(s.userAgent),
      signedInAt: iso(s.createdAt),
      lastActiveAt: iso(s.updatedAt),
      expiresAt: iso(s.expiresAt),
    })),
  };
  return { data, files };
}

/**
 * Packs the JSON and the files into one zip, reading one file at a time. Pictures and videos are already
 * compressed: they are stored as they are.
 */
export async function packArchive(
  storage: Storage,
  content: { data: Record<string, unknown>; files: { key: string; name: string }[] },
): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  const json = new ZipDeflate('data.json', { level: 6 });
  zip.add(json);
  json.push(strToU8(JSON.stringify(content.data, null, 2)), true);
  for (const file of content.files) {
    const bytes = await storage.get(file.key);
    if (!bytes) continue;
    const entry = new ZipPassThrough(file.name);
    zip.add(entry);
    entry.push(new Uint8Array(bytes), true);
  }
  zip.end();
  if (failure) throw failure;
  return Buffer.concat(chunks);
}
