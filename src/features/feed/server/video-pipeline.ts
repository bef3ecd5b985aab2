import {
  ALL_FORMATS,
  BufferSource,
  BufferTarget,
  Conversion,
  Input,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
} from 'mediabunny';
import { AppError } from '~/shared/app-error';

export interface ProcessedVideo {
  bytes: Buffer;
  extension: 'mp4' | 'webm';
  width: number | null;
  height: number | null;
}

/** Containers we take, by the type file-type reads from the bytes. QuickTime is what iPhones record. */
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export type VideoMimeType = (typeof VIDEO_MIME_TYPES)[number];

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)} MB` : `${Math.floor(bytes / 1024)} KB`;

const refuse = (message: string) => new AppError('BAD_REQUEST', message, { title: 'Upload Failed' });

/**
 * Rebuilds the video's container from its audio and video samples with mediabunny (docs/decisions: video
 * metadata). Nothing else survives: no GPS (QuickTime ©xyz or Apple location keys), no titles, dates, XMP,
 * thumbnails, chapters, or extra tracks, and no bytes appended after the media. Samples are copied, never
 * re-encoded. QuickTime (.mov) comes out as MP4, which every browser plays; WebM stays WebM.
 */
export async function processVideo(
  input: Buffer,
  mime: VideoMimeType,
  limits: { maxBytes: number },
): Promise<ProcessedVideo> {
  if (input.length > limits.maxBytes) {
    throw refuse(`The video is too large. Videos can be up to ${sizeText(limits.maxBytes)}.`);
  }
  const webm = mime === 'video/webm';
  try {
    const source = new Input({ source: new BufferSource(input), formats: ALL_FORMATS });
    const video = await source.getPrimaryVideoTrack();
    if (!video) throw refuse('This file has no video in it.');
    const width = video.displayWidth || null;
    const height = video.displayHeight || null;

    const target = new BufferTarget();
    const output = new Output({
      format: webm ? new WebMOutputFormat() : new Mp4OutputFormat({ fastStart: 'in-memory' }),
      target,
    });
    const conversion = await Conversion.init({
      input: source,
      output,
      tracks: 'primary',
      tags: {},
      showWarnings: false,
    });
    // A track that cannot be copied as it is would need re-encoding, which the server does not do.
    if (!conversion.isValid || conversion.discardedTracks.some((d) => d.track.type === 'video')) {
      throw refuse('This video’s format is not supported. Try an MP4, MOV or WebM video.');
    }
    await conversion.execute();
    if (!target.buffer) throw refuse('The video could not be read. It may be damaged; try another file.');
    return { bytes: Buffer.from(target.buffer), extension: webm ? 'webm' : 'mp4', width, height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse('The video could not be read. It may be damaged; try another file.');
  }
}
