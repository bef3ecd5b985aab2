import { useEffect, useState, type CSSProperties } from 'react';
import './sky.css';

const STAR_COUNT = 50;
const STAR_COLOURS = [
  'var(--color-text)',
  'var(--color-primary)',
  'var(--color-accent)',
  'var(--color-coin)',
];

interface Star {
  left: number;
  top: number;
  size: number;
  colour: string;
  duration: number;
  delay: number;
}

function randomStars(random = Math.random): Star[] {
  return Array.from({ length: STAR_COUNT }, () => ({
    left: random() * 100,
    top: random() * 100,
    size: 1 + Math.round(random() * 2),
    colour: STAR_COLOURS[Math.floor(random() * STAR_COLOURS.length)]!,
    duration: 3 + random() * 5,
    delay: -random() * 8,
  }));
}

/**
 * The night sky behind every screen (DESIGN.md, motion): 50 randomly placed twinkling stars and a slow layer of
 * clouds. Fixed behind the content and out of the layout, animated with opacity and transform only (the
 * compositor's work, no layout or paint per frame); still under `prefers-reduced-motion` (sky.css) and paused
 * while the tab is hidden.
 */
export function Sky() {
  const [stars] = useState(randomStars);
  const [hidden, setHidden] = useState(() => document.visibilityState === 'hidden');
  useEffect(() => {
    const onChange = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  return (
    <div className="vault-sky" data-paused={hidden || undefined} aria-hidden>
      <div className="vault-sky-clouds" />
      {stars.map((star, index) => (
        <span
          key={index}
          className="vault-sky-star"
          style={
            {
              left: `${star.left}%`,
              top: `${star.top}%`,
              width: star.size,
              height: star.size,
              background: star.colour,
              animationDuration: `${star.duration}s`,
              animationDelay: `${star.delay}s`,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}
