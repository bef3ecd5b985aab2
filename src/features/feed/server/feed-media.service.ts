import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '~/shared/app-error';
import { DAY_MS, type Clock } from '~/shared/time';
import { IMAGES, processImage } from '~/server/uploads/image-pipeline';
import type { Accepted } from '~/server/uploads/upload';
import { keyFromUploadUrl, uploadUrl } from '~/server/uploads/upload-urls';
import type { Config } from '~/server/config';
import type { Db, Executor } from '~/server/db/client';
import { feedMediaUpload } from '~/server/db/tables/feed.tables';
import type { Storage } from '~/server/storage';
import { MAX_VIDEO_BYTES, type MediaType, type MediaUploadResponse } from '../feed.schema';
import { processVideo, VIDEO_MIME_TYPES, type VideoMimeType } from './video-pipeline';

export interface MediaDeps {
  db: Db;
  storage: Storage;
  config: Config;
  clock: Clock;
}

/** What a post may carry: photos and videos, decided from the bytes. */
export const POST_MEDIA: Accepted = {
  types: [...IMAGES.types, ...VIDEO_MIME_TYPES],
  refusal: 'Only photos (PNG, JPEG, GIF, WebP) and videos (MP4, MOV, WebM) can be posted.',
};
/** An upload not posted within a day is removed with its file. */
const UNCLAIMED_TTL_MS = DAY_MS;

const refuse = (message: string) => new AppError('BAD_REQUEST', message, { title: 'Upload Failed' });

/**
 * Stores a photo or video for a post the member is writing. The type comes from the bytes; photos are
 * re-encoded by the uploads pipeline, videos remuxed without their metadata. The answer's id is what the post
 * then names: a browser never sends a media URL. The route's upload() has counted it against the rate limit.
 */
export async function uploadPostMedia(
  deps: MediaDeps,
  userId: string,
  file: Buffer,
): Promise<MediaUploadResponse['media']> {
  if (file.length === 0) throw refuse('The file is empty.');
  const detected = await fileTypeFromBuffer(file);
  let stored: { bytes: Buffer; extension: string; width: number | null; height: number | null };
  let type: MediaType;
  if (detected && IMAGES.types.includes(detected.mime)) {
    const image = await processImage(file, {
      maxBytes: deps.config.imageUploadLimitBytes,
      maxPixels: 40_000_000,
      maxDimension: 1600,
    });
    stored = image;
    type = 'image';
  } else if (detected && (VIDEO_MIME_TYPES as readonly string[]).includes(detected.mime)) {
    stored = await processVideo(file, detected.mime as VideoMimeType, {
      maxBytes: Math.min(MAX_VIDEO_BYTES, deps.config.uploadLimitBytes),
    });
    type = 'video';
  } else {
    throw refuse(POST_MEDIA.refusal);
  }

  const key = `${randomBytes(16).toString('hex')}.${stored.extension}`;
  await deps.storage.put(key, stored.bytes);
  const id = randomUUID();
  try {
    await deps.db.insert(feedMediaUpload).values({
      id,
      userId,
      storageKey: key,
      mediaType: type,
      width: stored.width,
      height: stored.height,
      createdAt: deps.clock.now(),
    });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  await sweepUnclaimedMedia(deps);
  return { id, type, url: uploadUrl(key), width: stored.width, height: stored.height };
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
export async function sweepUnclaimedMedia(deps: Pick<MediaDeps, 'db' | 'storage' | 'clock'>): Promise<void> {
  const stale = await deps.db
    .delete(feedMediaUpload)
    .where(lt(feedMediaUpload.createdAt, new Date(deps.clock.now().getTime() - UNCLAIMED_TTL_MS)))
    .returning({ storageKey: feedMediaUpload.storageKey });
  for (const { storageKey } of stale) await deps.storage.delete(storageKey);
}

/** Removes a deleted post's file from storage (bundled seed artwork has none). */
export async function deleteStoredMedia(storage: Storage, mediaUrl: string | null): Promise<void> {
  const key = mediaUrl ? keyFromUploadUrl(mediaUrl) : undefined;
  if (key) await storage.delete(key);
}
