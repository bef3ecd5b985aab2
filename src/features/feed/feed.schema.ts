import { z } from 'zod';
import { pageQuerySchema, type Page } from '~/shared/pagination';
import {
  COMMENT_LOGIN_REQUIRED,
  COMMENT_MAX_LENGTH,
  POST_MAX_LENGTH,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  SEARCH_MAX_LENGTH,
  type MediaType,
  type ReportReason,
} from './feed.constants';

const idSchema = z.string().min(1).max(64);

export const createPostSchema = z
  .strictObject(
    {
      content: z
        .string('Write your post as text.')
        .trim()
        .max(POST_MAX_LENGTH, `Keep your post under ${POST_MAX_LENGTH.toLocaleString('en-US')} characters.`)
        .default(''),
      isAnonymous: z.boolean().default(false),
      /** An upload of this member's from POST /api/feed/media; never a URL. */
      mediaId: idSchema.optional(),
    },
    { error: 'Send only the post’s text, whether it is anonymous, and its uploaded media.' },
  )
  .refine((post) => post.content.length > 0 || post.mediaId !== undefined, {
    message: 'Write something or add a photo or video.',
    path: ['content'],
  });
export type CreatePostInput = z.input<typeof createPostSchema>;
export type CreatePostValues = z.output<typeof createPostSchema>;

export const createCommentSchema = z.strictObject({
  content: z
    .string(COMMENT_LOGIN_REQUIRED)
    .trim()
    .min(1, COMMENT_LOGIN_REQUIRED)
    .max(COMMENT_MAX_LENGTH, `Keep your comment under ${COMMENT_MAX_LENGTH} characters.`),
  isAnonymous: z.boolean().default(false),
});
export type CreateCommentInput = z.input<typeof createCommentSchema>;

export const feedQuerySchema = pageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters.`)
    .optional(),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

export const commentsQuerySchema = pageQuerySchema;
export const postIdSchema = z.object({ postId: idSchema });
export const commentIdSchema = z.object({ commentId: idSchema });

/** Someone on the feed with a name: never set for an anonymous post or comment. */
export interface FeedAuthor {
  id: string;
  fullName: string;
  avatarUrl: string;
}

export interface PostMedia {
  type: MediaType;
  /** Our own URL: an upload (members only) or bundled artwork. */
  url: string;
  width: number | null;
  height: number | null;
}

export interface PostView {
  id: string;
  /** Null when anonymous, for everyone: staff reveal the author only through the audited reveal. */
  author: FeedAuthor | null;
  isAnonymous: boolean;
  /** The viewer wrote it (the only way an anonymous post's author sees it as theirs). */
  isMine: boolean;
  content: string;
  media: PostMedia | null;
  likeCount: number;
  likedByMe: boolean;
  commentCount: number;
  pinned: boolean;
  createdAt: string;
}

/** The posts that are not pinned, newest first, page by page. */
export interface FeedPage extends Page<PostView> {
  /** Pinned Posts: only on the first page (no cursor). */
  pinned: PostView[];
}

export interface CommentView {
  id: string;
  postId: string;
  author: FeedAuthor | null;
  isAnonymous: boolean;
  isMine: boolean;
  content: string;
  createdAt: string;
}

/** A post's comments, oldest first, page by page. */
export type CommentsPage = Page<CommentView>;

/** Coins and XP a post or comment earned, or null while its cooldown runs (posting itself is never blocked). */
export type EarnedAward = { coins: number; xp: number } | null;

export interface CreatePostResponse {
  post: PostView;
  award: EarnedAward;
}

export interface CreateCommentResponse {
  comment: CommentView;
  commentCount: number;
  award: EarnedAward;
}

export interface MediaUploadResponse {
  media: { id: string; type: MediaType; url: string; width: number | null; height: number | null };
}

export interface LikeResponse {
  liked: boolean;
  likeCount: number;
}

// Moderation (issue 10): reports, reveal, the Content tab.

export const reportSchema = z
  .strictObject({
    reason: z.enum(REPORT_REASONS, 'Choose a reason: spam, harassment, illegal or other.'),
    details: z
      .string()
      .trim()
      .max(REPORT_DETAILS_MAX_LENGTH, `Keep the details under ${REPORT_DETAILS_MAX_LENGTH} characters.`)
      .default(''),
  })
  .refine((report) => report.reason !== 'other' || report.details.length > 0, {
    message: 'Tell the moderators what is wrong.',
    path: ['details'],
  });
export type ReportInput = z.input<typeof reportSchema>;

export const contentQuerySchema = pageQuerySchema;

export interface ReportResponse {
  reported: true;
}

/** Who really wrote an anonymous post or comment; every reveal is audited. */
export interface RevealResponse {
  author: FeedAuthor;
}

/** A reported post or comment on the Content tab, with its open reports. */
export interface ReportedItem {
  post: PostView;
  /** Set when the report is about one of the post's comments. */
  comment: CommentView | null;
  reportCount: number;
  reasons: { reason: ReportReason; count: number }[];
  /** The reporters' own words, newest first (reporters stay unnamed). */
  details: string[];
  lastReportedAt: string;
}

/** Every post, newest first (pinned ones marked), page by page. */
export interface ContentPage extends Page<PostView> {
  /** Open reports, most reported first, above the posts: only on the first page. */
  reported: ReportedItem[];
}
