import type { PostMedia as Media } from '../feed.schema';

/**
 * A post's photo or video, in a box of its own aspect ratio so the feed does not jump as it loads. `firstScreen`:
 * the post is among the first the page shows, so its photo loads at once, first among images (often the largest
 * thing on a phone's first screen); further down, photos load as they come near.
 */
export function PostMedia({
  media,
  label,
  firstScreen = false,
}: {
  media: Media;
  label: string;
  firstScreen?: boolean;
}) {
  const ratio =
    media.width && media.height
      ? `${media.width} / ${media.height}`
      : media.type === 'video'
        ? '16 / 9'
        : '4 / 3';
  const box = 'block max-h-[70vh] w-full rounded-xl border border-border bg-surface-raised object-contain';
  if (media.type === 'video') {
    return (
      <video
        src={media.url}
        controls
        playsInline
        preload="metadata"
        aria-label={label}
        style={{ aspectRatio: ratio }}
        className={box}
      />
    );
  }
  return (
    <img
      src={media.url}
      alt={label}
      loading={firstScreen ? 'eager' : 'lazy'}
      fetchPriority={firstScreen ? 'high' : 'auto'}
      decoding="async"
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      style={{ aspectRatio: ratio }}
      className={`${box} h-auto`}
    />
  );
}
