import { Sticker } from 'lucide-react';
import { useState, type CSSProperties } from 'react';

/** Pairs of theme colours for the generated artwork; each sticker keeps its own pair, angle and glows. */
const PALETTES = [
  ['--color-primary', '--color-accent'],
  ['--color-accent', '--color-primary'],
  ['--color-primary-strong', '--color-primary'],
] as const;

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

/** A calm gradient of theme colours with two soft glows, placed by the sticker's id so each keeps its own. */
function placeholderStyle(seed: string): CSSProperties {
  const hash = hashOf(seed);
  const [from, to] = PALETTES[hash % PALETTES.length]!;
  const mix = (colour: string, percent: number) =>
    `color-mix(in oklch, var(${colour}) ${percent}%, var(--color-surface))`;
  const glow = (colour: string, x: number, y: number) =>
    `radial-gradient(circle at ${x}% ${y}%, ${mix(colour, 55)}, transparent 45%)`;
  return {
    backgroundImage: [
      glow(from, 15 + (hash % 30), 15 + ((hash >>> 5) % 30)),
      glow(to, 60 + ((hash >>> 10) % 30), 55 + ((hash >>> 15) % 30)),
      `linear-gradient(${hash % 360}deg, ${mix(from, 30)}, ${mix(to, 15)})`,
    ].join(', '),
  };
}

/**
 * The sticker's picture, cropped to fill a fixed frame so nothing moves as it loads (the frame shows the page's
 * background colour meanwhile). `className` sizes the frame: 4:3 across its column unless told otherwise. Without
 * an image (or when it fails to load) the frame shows calm artwork generated from theme colours with a small
 * sticker mark.
 */
export function StickerImage({
  id,
  name,
  imageUrl,
  className = 'aspect-[4/3] w-full',
}: {
  id: string;
  name: string;
  imageUrl: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const showImage = imageUrl !== '' && !failed;
  return (
    <div
      className={`relative shrink-0 overflow-hidden bg-background ${className}`}
      style={showImage ? undefined : placeholderStyle(id)}
    >
      {showImage ? (
        <img
          src={imageUrl}
          alt={name}
          width={640}
          height={480}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div role="img" aria-label={name} className="absolute inset-0 grid place-items-center">
          <span
            aria-hidden
            className="grid size-11 place-items-center rounded-full border border-text/15 bg-background/35 text-text/75"
          >
            <Sticker className="size-5" />
          </span>
        </div>
      )}
    </div>
  );
}
