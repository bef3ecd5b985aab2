import { randomBytes } from 'node:crypto';
import type { ServiceContext } from '../service-context';
import type { Storage } from '../storage';
import { processImage, type ProcessedImage } from './image-pipeline';
import { keyFromUploadUrl, uploadUrl } from './upload-urls';

/** Stores a processed file under a new random name; the answer is its key. */
export async function storeFile(storage: Storage, bytes: Buffer, extension: string): Promise<string> {
  const key = `${randomBytes(16).toString('hex')}.${extension}`;
  await storage.put(key, bytes);
  return key;
}

/**
 * An uploaded picture, re-encoded by the uploads pipeline (type from the bytes, metadata gone, at most
 * `maxDimension` on its longer side) and stored; `url` is where the browser fetches it.
 */
export async function storeImage(
  { config, storage }: Pick<ServiceContext, 'config' | 'storage'>,
  bytes: Buffer,
  maxDimension: number,
): Promise<ProcessedImage & { key: string; url: string }> {
  const image = await processImage(bytes, {
    maxBytes: config.imageUploadLimitBytes,
    maxPixels: 40_000_000,
    maxDimension,
  });
  const key = await storeFile(storage, image.bytes, image.extension);
  return { ...image, key, url: uploadUrl(key) };
}

/** Removes the file behind an upload URL once nothing names it (bundled artwork and generated avatars have none). */
export async function deleteUploadedFile(storage: Storage, url: string | null | undefined): Promise<void> {
  const key = url ? keyFromUploadUrl(url) : undefined;
  if (key) await storage.delete(key);
}
