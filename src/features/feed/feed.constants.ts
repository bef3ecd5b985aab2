import type { EarnedAward } from './feed.schema';

/**
 * The feed's plain values: the spec's texts, the limits, the lists and the helpers a screen shows. No zod: a screen
 * that imports a text does not load the contract's schemas (docs/structure.md, "constants").
 */

/** The spec's texts (sections 2, 5 and 8). */
export const EMPTY_FEED = 'No posts yet. Be the first to share!';
export const NO_SEARCH_RESULTS = 'No posts match your search.';
export const LOGIN_REQUIRED_TITLE = 'Login Required';
export const LIKE_LOGIN_REQUIRED = 'Please log in to like posts.';
export const COMMENT_LOGIN_REQUIRED = 'Please log in and type a comment to post.';
export const SEARCH_PLACEHOLDER = 'Search posts or users...';
export const ANONYMOUS_NAME = 'Anonymous';

export const POST_MAX_LENGTH = 2000;
export const COMMENT_MAX_LENGTH = 500;
export const SEARCH_MAX_LENGTH = 100;
export const FEED_PAGE_SIZE = 20;
/** Pinned Posts shows at most this many, newest first. */
export const PINNED_MAX = 20;
export const COMMENTS_PAGE_SIZE = 50;
/** Videos are stored as they came (remuxed without metadata), so they are kept to this size. */
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024;

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** What the picker offers; the server decides the real type from the file's bytes. */
export const ACCEPTED_MEDIA =
  'image/png,image/jpeg,image/gif,image/webp,video/mp4,video/webm,video/quicktime,.mov';

/** The toast after a post or comment: what it earned, if anything. */
export function awardText(award: EarnedAward): string | undefined {
  if (!award || (award.coins === 0 && award.xp === 0)) return undefined;
  const parts = [award.xp ? `+${award.xp} XP` : '', award.coins ? `+${award.coins} Coins` : ''];
  return `You earned ${parts.filter(Boolean).join(' and ')}!`;
}

// Moderation (issue 10): reports.

export const REPORT_REASONS = ['spam', 'harassment', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  illegal: 'Illegal',
  other: 'Other',
};
export const REPORT_DETAILS_MAX_LENGTH = 500;
export const REPORT_RECEIVED_TITLE = 'Report received';
export const REPORT_RECEIVED = 'Thank you. A moderator will review it.';

/** Where a post's notifications lead: the feed, one link per post, so an hour of likes on it is one bell line. */
export const postLink = (postId: string) => `/feed?post=${encodeURIComponent(postId)}`;

/** "Alex liked your post.", "Alex and 3 others liked your post.": the newest liker, and how many more. */
export function likedYourPost(newest: string, others: number): string {
  const and = others === 0 ? '' : ` and ${others} ${others === 1 ? 'other' : 'others'}`;
  return `${newest || 'Someone'}${and} liked your post.`;
}
