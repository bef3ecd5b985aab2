import { randomUUID } from 'node:crypto';
import { HOUR_MS } from '~/shared/time';
import type { Executor } from '~/server/db/client';
import { feedComment, feedLike, feedPost } from '~/server/db/tables/feed.tables';

export interface NewPost {
  id?: string;
  userId: string;
  content: string;
  isAnonymous?: boolean;
  pinned?: boolean;
  media?: { type: 'image' | 'video'; url: string; width: number; height: number };
  createdAt: Date;
  likedBy?: string[];
  comments?: { userId: string; content: string; isAnonymous?: boolean; createdAt: Date }[];
}

/** A post with its likes and comments, counted as the services count them; the seed and tests share it. */
export async function insertPost(tx: Executor, post: NewPost): Promise<string> {
  const id = post.id ?? randomUUID();
  const likedBy = post.likedBy ?? [];
  const comments = post.comments ?? [];
  await tx.insert(feedPost).values({
    id,
    userId: post.userId,
    content: post.content,
    isAnonymous: post.isAnonymous ?? false,
    pinned: post.pinned ?? false,
    pinnedAt: post.pinned ? post.createdAt : null,
    mediaUrl: post.media?.url ?? null,
    mediaType: post.media?.type ?? null,
    mediaWidth: post.media?.width ?? null,
    mediaHeight: post.media?.height ?? null,
    likeCount: likedBy.length,
    commentCount: comments.length,
    createdAt: post.createdAt,
  });
  if (likedBy.length) {
    await tx
      .insert(feedLike)
      .values(likedBy.map((userId) => ({ postId: id, userId, createdAt: post.createdAt })));
  }
  if (comments.length) {
    await tx.insert(feedComment).values(
      comments.map((comment) => ({
        id: randomUUID(),
        postId: id,
        userId: comment.userId,
        content: comment.content,
        isAnonymous: comment.isAnonymous ?? false,
        createdAt: comment.createdAt,
      })),
    );
  }
  return id;
}

/** Bundled with the app (src/client/public/artwork), so the seed needs no upload. */
export const SEED_ARTWORK = {
  type: 'image',
  url: '/artwork/vault-nights.svg',
  width: 1200,
  height: 800,
} as const;

/**
 * The feed's part of the first-run seed: three posts (one pinned, one anonymous, one with artwork).
 * `authorIds` are the demo members in seed order: Owner, Moderator, then the two Members.
 */
export async function seedFeed(tx: Executor, authorIds: readonly string[], now: Date): Promise<void> {
  const [owner, moderator, jordan, tasha] = authorIds;
  if (!owner || !moderator || !jordan || !tasha) throw new Error('seedFeed needs the four demo members');
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  await insertPost(tx, {
    userId: owner,
    content:
      'Welcome to The Vault! This is our members-only space: be kind, keep it classy, and read the community ' +
      'rules before you post. New here? Say hi in the comments.',
    pinned: true,
    createdAt: ago(72),
    likedBy: [moderator, jordan, tasha],
    comments: [
      {
        userId: moderator,
        content: 'Glad to have everyone here. Report anything that looks off.',
        createdAt: ago(71),
      },
      { userId: tasha, content: 'Hi all! Happy to be here.', createdAt: ago(70) },
    ],
  });
  await insertPost(tx, {
    userId: tasha,
    content:
      'Does anyone else think the Velvet Nebula sticker looks even better in person? Asking for a friend.',
    isAnonymous: true,
    createdAt: ago(20),
    likedBy: [jordan],
    comments: [{ userId: jordan, content: 'Agreed. The purple really pops.', createdAt: ago(19) }],
  });
  await insertPost(tx, {
    userId: jordan,
    content: 'Made some artwork for the season: Vault Nights. What do you think?',
    media: SEED_ARTWORK,
    createdAt: ago(2),
    likedBy: [owner, tasha],
  });
}
