import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { AppError } from '~/shared/app-error';
import { DAY_MS } from '~/shared/time';
import { IMAGES } from '~/server/uploads/image-pipeline';
import { storeFile, storeImage } from '~/server/uploads/stored-files';
import type { Accepted, UploadedFile } from '~/server/uploads/upload';
import { uploadUrl } from '~/server/uploads/upload-urls';
import type { Executor } from '~/server/db/client';
import { feedMediaUpload } from '~/server/db/tables/feed.tables';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { MediaUploadResponse } from '../feed.schema';
import { MAX_VIDEO_BYTES, type MediaType } from '../feed.constants';
import { processVideo, VIDEO_MIME_TYPES, type VideoMimeType } from './video-pipeline';

/** What a post may carry: photos and videos, decided from the bytes. */
export const POST_MEDIA: Accepted = {
  types: [...IMAGES.types, ...VIDEO_MIME_TYPES],
  refusal: 'Only photos (PNG, JPEG, GIF, WebP) and videos (MP4, MOV, WebM) can be posted.',
};
/** An upload not posted within a day is removed with its file. */
const UNCLAIMED_TTL_MS = DAY_MS;

const refuse = (message: string) => new AppError('BAD_REQUEST', message, { title: 'Upload Failed' });

/**
 * Stores a photo or video for a post the member is writing. The type comes from the bytes (upload() read it and
 * refused anything not in POST_MEDIA); photos are
 * re-encoded by the uploads pipeline, videos remuxed without their metadata. The answer's id is what the post
 * then names: a browser never sends a media URL. The route's upload() has counted it against the rate limit.
 */
export async function uploadPostMedia(
  ctx: ServiceContext,
  actor: Actor,
  file: UploadedFile,
): Promise<MediaUploadResponse['media']> {
  const { db, storage, now } = ctx;
  let stored: { key: string; width: number | null; height: number | null };
  let type: MediaType;
  if (IMAGES.types.includes(file.type)) {
    stored = await storeImage(ctx, file.bytes, 1600);
    type = 'image';
  } else {
    const video = await processVideo(file.bytes, file.type as VideoMimeType, {
      maxBytes: Math.min(MAX_VIDEO_BYTES, ctx.config.uploadLimitBytes),
    });
    stored = { ...video, key: await storeFile(storage, video.bytes, video.extension) };
    type = 'video';
  }
  const id = randomUUID();
  try {
    await db.insert(feedMediaUpload).values({
      id,
      userId: actor.id,
      storageKey: stored.key,
      mediaType: type,
      width: stored.width,
      height: stored.height,
      createdAt: now,
    });
  } catch (error) {
    await storage.delete(stored.key);
    throw error;
  }
  await sweepUnclaimedMedia(ctx);
  return { id, type, url: uploadUrl(stored.key), width: stored.width, height: stored.height };
}

/** Takes the member's own pending upload for their post (once: a second post naming it gets nothing). */
export async function claimUpload(tx: Executor, userId: string, mediaId: string) {
  const [claimed] = await tx
    .delete(feedMediaUpload)
    .where(and(eq(feedMediaUpload.id, mediaId), eq(feedMediaUpload.userId, userId)))
    .returning();
  if (!claimed) throw refuse('This photo or video is no longer available. Add it again.');
  return {
    mediaUrl: uploadUrl(claimed.storageKey),
    mediaType: claimed.mediaType as MediaType,
    mediaWidth: claimed.width,
    mediaHeight: claimed.height,
  };
}

/** Uploads nobody posted within a day: rows and files go. Safe to run on several instances at once. */
export async function sweepUnclaimedMedia({ db, storage, now }: ServiceContext): Promise<void> {
  const stale = await db
    .delete(feedMediaUpload)
    .where(lt(feedMediaUpload.createdAt, new Date(now.getTime() - UNCLAIMED_TTL_MS)))
    .returning({ storageKey: feedMediaUpload.storageKey });
  for (const { storageKey } of stale) await storage.delete(storageKey);
}
