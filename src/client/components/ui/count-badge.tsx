import type { ComponentProps } from 'react';

/**
 * A count in a small primary pill (unread messages, cart items), "99+" above 99, nothing at 0. `onIcon`: in the
 * corner of an icon button, hidden from screen readers (the button's name says the count). Elsewhere `className`
 * places and sizes it, and the caller says what it counts for screen readers.
 */
export function CountBadge({
  count,
  onIcon = false,
  className = '',
  children,
  ...props
}: ComponentProps<'span'> & { count: number | undefined; onIcon?: boolean }) {
  if (!count || count <= 0) return null;
  const place = onIcon ? 'absolute top-0.5 right-0.5 grid h-5 px-1 ' : '';
  return (
    <span
      aria-hidden={onIcon || undefined}
      {...props}
      className={`${place}${className} min-w-5 place-items-center rounded-full bg-primary text-xs font-bold text-on-primary tabular`}
    >
      {count > 99 ? '99+' : count}
      {children}
    </span>
  );
}
