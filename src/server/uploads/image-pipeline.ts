import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '~/shared/app-error';
import type { Accepted } from './upload';

export interface ImageLimits {
  maxBytes: number;
  /** Refuses decompression bombs before decoding them. */
  maxPixels: number;
  /** The longer side after resizing. */
  maxDimension: number;
}

export interface ProcessedImage {
  bytes: Buffer;
  extension: 'png' | 'jpg' | 'gif' | 'webp';
  contentType: string;
  width: number;
  height: number;
}

const ACCEPTED = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;

/** What the avatar and sticker routes take (the feed adds videos). */
export const IMAGES: Accepted = {
  types: Object.keys(ACCEPTED),
  refusal: 'Only PNG, JPEG, GIF or WebP images can be uploaded.',
};

type Sharp = ReturnType<typeof sharp>;

const refuse = (message: string) => new AppError('BAD_REQUEST', message, { title: 'Upload Failed' });

/**
 * Decides the type from the bytes (never the name or the browser's word), then decodes and re-encodes the
 * image: orientation applied, resized to fit, every piece of metadata (EXIF, GPS, XMP, comments) dropped.
 * Animated GIFs stay animated GIFs (docs/decisions/008-uploads.md).
 */
export async function processImage(input: Buffer, limits: ImageLimits): Promise<ProcessedImage> {
  if (input.length === 0) throw refuse('The file is empty.');
  if (input.length > limits.maxBytes) {
    throw refuse(
      `The file is too large. Images can be up to ${Math.floor(limits.maxBytes / 1024 / 1024)} MB.`,
    );
  }
  const detected = await fileTypeFromBuffer(input);
  const extension = detected && ACCEPTED[detected.mime as keyof typeof ACCEPTED];
  if (!extension) throw refuse(IMAGES.refusal);

  const animated = extension === 'gif' || extension === 'webp';
  let pipeline: Sharp;
  let metadata: Awaited<ReturnType<Sharp['metadata']>>;
  try {
    pipeline = sharp(input, { animated, limitInputPixels: limits.maxPixels, failOn: 'truncated' });
    metadata = await pipeline.metadata();
  } catch (error) {
    throw refuseDecodeError(error);
  }
  const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
  if ((metadata.width ?? 0) * frameHeight * (metadata.pages ?? 1) > limits.maxPixels) {
    throw refuse('The image has too many pixels. Try a smaller image.');
  }

  pipeline = pipeline.rotate().resize({
    width: limits.maxDimension,
    height: limits.maxDimension,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const encoded =
    extension === 'png'
      ? pipeline.png({ compressionLevel: 9 })
      : extension === 'gif'
        ? pipeline.gif()
        : extension === 'webp'
          ? pipeline.webp({ quality: 82 })
          : pipeline.jpeg({ quality: 82, mozjpeg: true });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      extension,
      contentType: detected!.mime,
      width: info.width,
      height: info.pageHeight ?? info.height,
    };
  } catch (error) {
    throw refuseDecodeError(error);
  }
}

function refuseDecodeError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) return refuse('The image has too many pixels. Try a smaller image.');
  return refuse('The image could not be read. It may be damaged; try another file.');
}

export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};
