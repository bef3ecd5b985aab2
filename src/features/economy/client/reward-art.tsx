import { Banknote, Cigarette, Gift, Leaf, Plane, Star, Truck, Wind, type LucideIcon } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import type { RewardArt as RewardArtName } from '../rewards.constants';

/** Each generated artwork: an icon on a gradient of two theme colours, at its own angle. */
const ARTWORKS: Record<RewardArtName, { icon: LucideIcon; from: string; to: string; angle: number }> = {
  'pre-roll': { icon: Cigarette, from: '--color-accent', to: '--color-primary', angle: 135 },
  delivery: { icon: Truck, from: '--color-primary', to: '--color-accent', angle: 45 },
  gift: { icon: Gift, from: '--color-primary-strong', to: '--color-coin', angle: 160 },
  leaf: { icon: Leaf, from: '--color-accent', to: '--color-coin', angle: 200 },
  vape: { icon: Wind, from: '--color-primary', to: '--color-primary-strong', angle: 120 },
  cash: { icon: Banknote, from: '--color-coin', to: '--color-accent', angle: 30 },
  trip: { icon: Plane, from: '--color-coin', to: '--color-primary', angle: 250 },
  star: { icon: Star, from: '--color-coin', to: '--color-primary-strong', angle: 300 },
};

/** The names staff choose from in the reward form. */
export const REWARD_ART_LABELS: Record<RewardArtName, string> = {
  'pre-roll': 'Pre-roll',
  delivery: 'Delivery truck',
  gift: 'Gift',
  leaf: 'Leaf',
  vape: 'Vapour',
  cash: 'Cash',
  trip: 'Plane',
  star: 'Star',
};

const mix = (colour: string, percent: number) =>
  `color-mix(in oklch, var(${colour}) ${percent}%, var(--color-surface))`;

/**
 * A reward's picture in a fixed frame (`className` sets its size and shape): the uploaded image, cropped to fill,
 * or the generated artwork (also when the image fails to load). Decorative: the card names the reward.
 */
export function RewardArt({
  art,
  imageUrl,
  className = 'aspect-[4/3] w-full',
}: {
  art: RewardArtName;
  imageUrl: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const artwork = ARTWORKS[art] ?? ARTWORKS.gift;
  const Icon = artwork.icon;
  const style: CSSProperties = {
    backgroundImage: `radial-gradient(circle at 30% 25%, ${mix(artwork.from, 55)}, transparent 60%), linear-gradient(${artwork.angle}deg, ${mix(artwork.from, 40)}, ${mix(artwork.to, 30)})`,
  };
  return (
    <div aria-hidden className={`relative overflow-hidden bg-background ${className}`} style={style}>
      {imageUrl && !failed ? (
        <img
          src={imageUrl}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div className="absolute inset-0 grid place-items-center">
          <Icon className="size-1/3 max-h-16 max-w-16 min-h-5 min-w-5 text-text/85" strokeWidth={1.5} />
        </div>
      )}
    </div>
  );
}
