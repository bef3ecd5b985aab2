import type { ReactNode } from 'react';

/** Where a card's title sits: its heading level in the page's outline, and the id that names the card. */
export type CardHeading = { id: string; level: 'h2' | 'h3' };

/** A card's title: a heading at the card's level, with the id the card's `aria-labelledby` points at. */
export function CardTitle({
  id,
  level: Heading,
  className,
  children,
}: CardHeading & { className?: string; children: ReactNode }) {
  return (
    <Heading
      id={id}
      className={
        className
          ? `${className} text-lg font-semibold tracking-tight`
          : 'text-lg font-semibold tracking-tight'
      }
    >
      {children}
    </Heading>
  );
}
