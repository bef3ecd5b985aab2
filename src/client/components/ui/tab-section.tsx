import type { ReactNode } from 'react';

/**
 * A dashboard tab's content: a section named by its title (an h2 with `id`), a line of `description` under the
 * title, and an `action` beside it (Add Sticker), then the tab's `children`. `className` adds to the column
 * ("max-w-2xl").
 */
export function TabSection({
  id,
  title,
  description,
  action,
  className = '',
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  /** Beside the title; its place is kept even when it renders nothing (an action the member may not take). */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="text-xl font-semibold tracking-tight">
      {title}
    </h2>
  );
  const titled = description ? (
    <div className={action === undefined ? 'flex flex-col gap-1' : 'flex min-w-0 flex-col gap-1'}>
      {heading}
      <p className="text-sm text-text-muted">{description}</p>
    </div>
  ) : (
    heading
  );
  return (
    <section aria-labelledby={id} className={`flex flex-col gap-4 ${className}`.trim()}>
      {action === undefined ? (
        titled
      ) : (
        <div
          className={`flex flex-wrap ${description ? 'items-start' : 'items-center'} justify-between gap-3`}
        >
          {titled}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}
