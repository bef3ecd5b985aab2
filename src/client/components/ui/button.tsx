import { Slot } from 'radix-ui';
import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

const variants = {
  primary: 'bg-primary text-on-primary hover:bg-primary-strong',
  secondary: 'border border-border bg-surface text-text hover:bg-surface-raised',
  ghost: 'text-text-muted hover:bg-surface hover:text-text',
  danger: 'bg-danger text-background hover:opacity-90',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: 'md' | 'lg' | 'icon';
  /** Render the child (a link) with button styles. */
  asChild?: boolean;
  /** Its request is on the way: a spinner before the label, and busy for screen readers. */
  pending?: boolean;
}

const sizes = { md: 'min-h-11 px-4 text-base', lg: 'min-h-12 px-6 text-base', icon: 'size-11' } as const;

export function Button({
  variant = 'primary',
  size = 'md',
  asChild,
  pending = false,
  className = '',
  children,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={`inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-50 ${variants[variant]} ${sizes[size]} ${className}`}
      aria-busy={pending || undefined}
      {...props}
    >
      {/* Slot takes exactly one child: `{false}{child}` is two and throws "Slot failed to slot". */}
      {asChild ? (
        children
      ) : (
        <>
          {pending && <Spinner />}
          {children}
        </>
      )}
    </Component>
  );
}

/** An IconButton's look, for a button another component renders (a menu's trigger). */
export function iconButtonClass(tone: 'default' | 'danger' = 'default') {
  const hover = tone === 'danger' ? 'hover:text-danger' : 'hover:text-text';
  return `grid size-11 shrink-0 place-items-center text-text-muted transition-colors duration-150 hover:bg-surface-raised ${hover}`;
}

/**
 * A muted 44 px button that is only an icon (`children`), named by `label` for screen readers; it lights up on
 * hover, red (`tone="danger"`) when it removes something. `className` places and rounds it ("-mr-2 rounded-xl").
 */
export function IconButton({
  label,
  tone = 'default',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string; tone?: 'default' | 'danger' }) {
  return (
    <button type="button" aria-label={label} className={`${iconButtonClass(tone)} ${className}`} {...props} />
  );
}
