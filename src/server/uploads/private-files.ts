import type { ServiceContext } from '../service-context';
import { secretBoxFor } from '../secret-box';
import { processImage } from './image-pipeline';
import { storeFile } from './stored-files';

/** A private picture as its capability-checked route serves it. */
export interface PrivateImage {
  bytes: Buffer;
  contentType: string;
}

/**
 * A private picture (an ID photo, ARCHITECTURE.md "Private files"): re-encoded by the uploads pipeline (type from
 * the bytes, metadata gone, at most `maxDimension` on its longer side), then sealed with the server secret
 * (secret-box.ts) and stored under a `.sealed` key, which the public uploads route refuses. A copy of the storage
 * without the server secret shows nothing. The answer is its key.
 */
export async function storePrivateImage(
  { config, storage }: Pick<ServiceContext, 'config' | 'storage'>,
  bytes: Buffer,
  maxDimension: number,
): Promise<string> {
  const image = await processImage(bytes, {
    maxBytes: config.imageUploadLimitBytes,
    maxPixels: 40_000_000,
    maxDimension,
  });
  const sealed = secretBoxFor(config).seal(
    JSON.stringify({ contentType: image.contentType, data: image.bytes.toString('base64') }),
  );
  return storeFile(storage, Buffer.from(sealed, 'utf8'), 'sealed');
}

/** The picture behind a private key, or undefined when it is gone (or sealed with another secret). */
export async function readPrivateImage(
  { config, storage }: Pick<ServiceContext, 'config' | 'storage'>,
  key: string,
): Promise<PrivateImage | undefined> {
  const stored = await storage.get(key);
  const opened = stored && secretBoxFor(config).open(stored.toString('utf8'));
  if (!opened) return undefined;
  const { contentType, data } = JSON.parse(opened) as { contentType: string; data: string };
  return { bytes: Buffer.from(data, 'base64'), contentType };
}

/** Deletes stored private files once the rows naming them are gone; a failure leaves an orphan, logged. */
export async function deletePrivateFiles(
  { storage, logger }: Pick<ServiceContext, 'storage' | 'logger'>,
  keys: readonly (string | undefined)[],
): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await storage.delete(key).catch((err: unknown) => logger.warn({ err }, 'a private file stayed'));
  }
}

/** How a capability-checked route answers with a private picture: never cached, never run as a page. */
export function privateImageResponse({ bytes, contentType }: PrivateImage): Response {
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': contentType,
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}
