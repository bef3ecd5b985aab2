import { Sticker } from 'lucide-react';
import { useState, type CSSProperties } from 'react';

/** Pairs of theme colours for the generated artwork; each sticker keeps its own pair and angle. */
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

function placeholderStyle(seed: string): CSSProperties {
  const hash = hashOf(seed);
  const [from, to] = PALETTES[hash % PALETTES.length]!;
  const mix = (colour: string, percent: number) =>
    `color-mix(in oklch, var(${colour}) ${percent}%, var(--color-surface))`;
  return { backgroundImage: `linear-gradient(${hash % 360}deg, ${mix(from, 45)}, ${mix(to, 25)})` };
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/**
 * The sticker's picture, whole, in a fixed 4:3 frame so nothing moves as it loads (square artwork sits on the
 * page's background colour, which is also the frame's colour while it loads). Without an image (or when it fails
 * to load) the frame shows artwork generated from the sticker: its initials on a gradient of theme colours.
 */
export function StickerImage({ id, name, imageUrl }: { id: string; name: string; imageUrl: string }) {
  const [failed, setFailed] = useState(false);
  const showImage = imageUrl !== '' && !failed;
  return (
    <div
      className="relative aspect-[4/3] w-full overflow-hidden bg-background"
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
          className="absolute inset-0 size-full object-contain"
        />
      ) : (
        <div role="img" aria-label={name} className="absolute inset-0 grid place-items-center">
          <span aria-hidden className="text-5xl font-black tracking-tight text-text/80">
            {initialsOf(name)}
          </span>
          <Sticker className="absolute right-3 bottom-3 size-5 text-text/60" aria-hidden />
        </div>
      )}
    </div>
  );
}
