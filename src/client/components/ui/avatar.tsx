import type { LucideIcon } from 'lucide-react';

const sizes = {
  xs: { box: 'size-8', px: 32, icon: 'size-4' },
  sm: { box: 'size-9', px: 36, icon: 'size-5' },
  md: { box: 'size-11', px: 44, icon: 'size-5' },
  xl: { box: 'size-24', px: 96, icon: 'size-10' },
} as const;

/**
 * A member's round picture at a fixed size, so nothing shifts while it loads; without a picture (an anonymous
 * author, the Admin Team, a member who has left), an icon in its place. Decorative: the name is always beside it.
 */
export function Avatar({
  src,
  icon: Icon,
  size = 'md',
  accent = false,
  lazy = false,
}: {
  src?: string | null | undefined;
  /** Shown when there is no picture. */
  icon?: LucideIcon;
  size?: keyof typeof sizes;
  /** The icon in the action colour (the Admin Team). */
  accent?: boolean;
  lazy?: boolean;
}) {
  const { box, px, icon } = sizes[size];
  const frame = `${box} shrink-0 rounded-full border border-border`;
  if (src || !Icon) {
    return (
      <img
        src={src ?? undefined}
        alt=""
        width={px}
        height={px}
        loading={lazy ? 'lazy' : undefined}
        className={`${frame} bg-surface-raised object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={`${frame} grid place-items-center ${accent ? 'bg-primary/15 text-primary' : 'bg-surface-raised text-text-muted'}`}
    >
      <Icon className={icon} />
    </span>
  );
}
