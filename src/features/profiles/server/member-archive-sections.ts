import { eq, or } from 'drizzle-orm';
import { levelFromXp } from '~/shared/economy';
import { levelTitle } from '~/shared/level-titles';
import { describeDevice } from '~/features/accounts/server/account-settings.service';
import { session, user } from '~/server/db/tables/auth.tables';
import { ledgerEntry } from '~/server/db/tables/economy.tables';
import { joinRequest } from '~/server/db/tables/join-requests.tables';
import { feedComment, feedLike, feedPost, feedReport } from '~/server/db/tables/feed.tables';
import { conversation, conversationMessage } from '~/server/db/tables/inbox.tables';
import { notification } from '~/server/db/tables/notifications.tables';
import { orderItem, shopOrder, storeCreditEntry } from '~/server/db/tables/orders.tables';
import { rewardRedemption } from '~/server/db/tables/rewards.tables';
import { sticker, stickerRating } from '~/server/db/tables/shop.tables';
import { archiveSection, nestedSection, type ArchiveSection } from './archive-section';

/**
 * The sections of Download My Data's `data.json` (docs/decisions/025), in the order they appear. Only the member's
 * own rows are read; other people appear by the name the member sees in the app (staff as "Admin Team"), never by
 * e-mail, phone, address or a staff id. A new kind of member data is one more entry here, and a line in
 * src/server/db/table-lifecycle.ts for its table.
 */

const iso = (date: Date | null) => date?.toISOString() ?? null;

const referrals = nestedSection({
  table: user,
  columns: { id: user.id, name: user.name, roles: user.roles, role: user.role, createdAt: user.createdAt },
  key: user.referredBy,
  parentKey: user.id,
  orderBy: [user.createdAt],
});

const orderItems = nestedSection({ table: orderItem, key: orderItem.orderId, parentKey: shopOrder.id });

const messages = nestedSection({
  table: conversationMessage,
  key: conversationMessage.conversationId,
  parentKey: conversation.id,
  orderBy: [conversationMessage.seq],
  sized: true,
});

export const ARCHIVE_SECTIONS: readonly ArchiveSection[] = [
  archiveSection({
    name: 'profile',
    table: user,
    rows: (memberId) => eq(user.id, memberId),
    one: true,
    nested: [referrals],
    people: (member) => [member.referredBy],
    shape: (member, archive) => {
      const level = levelFromXp(member.xp);
      return {
        id: member.id,
        name: member.name,
        email: member.email,
        emailVerified: member.emailVerified,
        phone: member.phone,
        address: member.address,
        telegram: member.telegram,
        bio: member.bio,
        smokePreference: member.smokePreference,
        avatar: archive.file(member.image, 'avatar'),
        roles: member.roles,
        joinedAt: iso(member.createdAt),
        xp: member.xp,
        exoticCoins: member.exoticCoins,
        storeCreditCents: member.storeCreditCents,
        level: level.level,
        levelTitle: levelTitle(level.level),
        referralCode: member.referralCode,
        referredBy: member.referredBy ? archive.nameOf(member.referredBy) : null,
        referrals: archive
          .within(referrals, member.id)
          .map((r) => ({ name: archive.nameOf(r), joinedAt: iso(r.createdAt) })),
        strikes: member.strikes,
        isApprovedDriver: member.isApprovedDriver,
        lastWeeklyBonusAt: iso(member.lastWeeklyBonusAt),
      };
    },
  }),
  archiveSection({
    name: 'consents',
    table: user,
    columns: {
      ageConfirmedAt: user.ageConfirmedAt,
      dataConsent: user.dataConsent,
      smsConsent: user.smsConsent,
    },
    rows: (memberId) => eq(user.id, memberId),
    one: true,
    shape: (member) => ({
      ageConfirmedAt: iso(member.ageConfirmedAt),
      dataConsent: member.dataConsent,
      smsConsent: member.smsConsent,
    }),
  }),
  // Under staff approval: when the member asked to join and what staff decided (never which staff member).
  archiveSection({
    name: 'joinRequests',
    table: joinRequest,
    rows: (memberId) => eq(joinRequest.userId, memberId),
    shape: (request) => ({
      requestedAt: iso(request.requestedAt),
      decidedAt: iso(request.decidedAt),
      declineReason: request.declineReason,
    }),
  }),
  archiveSection({
    name: 'orders',
    table: shopOrder,
    rows: (memberId) => eq(shopOrder.userId, memberId),
    orderBy: [shopOrder.createdAt],
    sized: true,
    nested: [orderItems],
    shape: (o, archive) => ({
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
      levelPerkCents: o.perkCents,
      promoCode: o.promoCode,
      promoCents: o.promoCents,
      deliveryFeeCents: o.deliveryFeeCents,
      storeCreditCents: o.storeCreditCents,
      totalCents: o.totalCents,
      purchaseCoins: o.purchaseCoins,
      deliveryZip: o.deliveryZip,
      deliveryArea: o.deliveryAreaName,
      etaMinutes: o.etaMinutes,
      // Nobody answered: when it was left at the door and the driver's note (the photo shows in the app while kept).
      leftAtDoorAt: iso(o.leftAtDoorAt),
      doorNote: o.doorNote,
      completedAt: iso(o.completedAt),
      cancelledByMemberAt: iso(o.cancelledByMemberAt),
      items: archive.within(orderItems, o.id).map((i) => ({
        name: i.stickerName,
        size: i.size,
        quantity: i.quantity,
        unitPriceCents: i.unitPriceCents,
        lineTotalCents: i.lineTotalCents,
      })),
    }),
  }),
  // As a driver: the runs, without the customers' details.
  archiveSection({
    name: 'deliveryRuns',
    table: shopOrder,
    columns: {
      id: shopOrder.id,
      status: shopOrder.status,
      claimedAt: shopOrder.claimedAt,
      etaMinutes: shopOrder.etaMinutes,
      completedAt: shopOrder.completedAt,
    },
    rows: (memberId) => eq(shopOrder.assignedDriverId, memberId),
    orderBy: [shopOrder.createdAt],
    shape: (r) => ({
      orderId: r.id,
      status: r.status,
      claimedAt: iso(r.claimedAt),
      etaMinutes: r.etaMinutes,
      completedAt: iso(r.completedAt),
    }),
  }),
  archiveSection({
    name: 'posts',
    table: feedPost,
    rows: (memberId) => eq(feedPost.userId, memberId),
    orderBy: [feedPost.createdAt],
    sized: true,
    shape: (p, archive) => ({
      id: p.id,
      content: p.content,
      anonymous: p.isAnonymous,
      media: archive.file(p.mediaUrl, `posts/${p.id}`),
      likes: p.likeCount,
      comments: p.commentCount,
      createdAt: iso(p.createdAt),
    }),
  }),
  archiveSection({
    name: 'comments',
    table: feedComment,
    rows: (memberId) => eq(feedComment.userId, memberId),
    orderBy: [feedComment.createdAt],
    sized: true,
    shape: (c) => ({
      id: c.id,
      postId: c.postId,
      content: c.content,
      anonymous: c.isAnonymous,
      createdAt: iso(c.createdAt),
    }),
  }),
  archiveSection({
    name: 'likes',
    table: feedLike,
    rows: (memberId) => eq(feedLike.userId, memberId),
    orderBy: [feedLike.createdAt],
    shape: (l) => ({ postId: l.postId, createdAt: iso(l.createdAt) }),
  }),
  archiveSection({
    name: 'reports',
    table: feedReport,
    rows: (memberId) => eq(feedReport.reporterId, memberId),
    orderBy: [feedReport.createdAt],
    shape: (r) => ({
      postId: r.postId,
      commentId: r.commentId,
      reason: r.reason,
      details: r.details,
      createdAt: iso(r.createdAt),
    }),
  }),
  archiveSection({
    name: 'conversations',
    table: conversation,
    rows: (memberId) => or(eq(conversation.userLowId, memberId), eq(conversation.userHighId, memberId)),
    orderBy: [conversation.createdAt],
    nested: [messages],
    people: (c, memberId) => [c.userLowId, c.userHighId].filter((other) => other !== memberId),
    shape: (c, archive) => {
      const withName = archive.nameOf(c.userLowId === archive.memberId ? c.userHighId : c.userLowId);
      return {
        id: c.id,
        with: withName,
        messages: archive.within(messages, c.id).map((m) => ({
          from: m.senderId === archive.memberId ? 'me' : withName,
          content: m.content,
          sentAt: iso(m.createdAt),
        })),
      };
    },
  }),
  archiveSection({
    name: 'ratings',
    table: stickerRating,
    columns: {
      sticker: sticker.name,
      smell: stickerRating.smell,
      taste: stickerRating.taste,
      high: stickerRating.high,
      createdAt: stickerRating.createdAt,
    },
    leftJoin: { table: sticker, on: eq(sticker.id, stickerRating.stickerId) },
    rows: (memberId) => eq(stickerRating.userId, memberId),
    orderBy: [stickerRating.createdAt],
    shape: (r) => ({
      sticker: r.sticker,
      smell: r.smell,
      taste: r.taste,
      high: r.high,
      createdAt: iso(r.createdAt),
    }),
  }),
  archiveSection({
    name: 'ledger',
    table: ledgerEntry,
    rows: (memberId) => eq(ledgerEntry.userId, memberId),
    orderBy: [ledgerEntry.createdAt],
    sized: true,
    shape: (l) => ({
      coins: l.deltaCoins,
      xp: l.deltaXp,
      reason: l.reason,
      note: l.note,
      createdAt: iso(l.createdAt),
    }),
  }),
  // Store credit: rewards paid as credit, orders paid with it, cancels that gave it back (never which staff member).
  archiveSection({
    name: 'storeCredit',
    table: storeCreditEntry,
    rows: (memberId) => eq(storeCreditEntry.userId, memberId),
    orderBy: [storeCreditEntry.createdAt],
    shape: (entry) => ({
      cents: entry.deltaCents,
      reason: entry.reason,
      reference: entry.reference,
      createdAt: iso(entry.createdAt),
    }),
  }),
  archiveSection({
    name: 'redemptions',
    table: rewardRedemption,
    rows: (memberId) => eq(rewardRedemption.userId, memberId),
    orderBy: [rewardRedemption.createdAt],
    shape: (r) => ({
      id: r.id,
      title: r.title,
      costCoins: r.costCoins,
      status: r.status,
      orderId: r.orderId,
      note: r.note,
      createdAt: iso(r.createdAt),
    }),
  }),
  archiveSection({
    name: 'notifications',
    table: notification,
    rows: (memberId) => eq(notification.userId, memberId),
    orderBy: [notification.createdAt],
    sized: true,
    shape: (n) => ({ message: n.message, link: n.link, read: n.read, createdAt: iso(n.createdAt) }),
  }),
  // Devices signed in: no tokens, no addresses.
  archiveSection({
    name: 'sessions',
    table: session,
    rows: (memberId) => eq(session.userId, memberId),
    orderBy: [session.createdAt],
    shape: (s) => ({
      ...describeDevice(s.userAgent),
      signedInAt: iso(s.createdAt),
      lastActiveAt: iso(s.updatedAt),
      expiresAt: iso(s.expiresAt),
    }),
  }),
];
