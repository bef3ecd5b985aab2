import { useId, type ReactNode } from 'react';
import { CardTitle } from '~/client/components/ui/card-title';

/** A titled card in a column of them (the profile pages, Account Settings). */
export function SectionCard({
  id,
  title,
  description,
  action,
  children,
}: {
  /** A link target (`/account#two-factor`). */
  id?: string;
  title: string;
  description?: string;
  /** A control beside the title, such as a count or a link. */
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-20 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id={headingId} level="h2">
            {title}
          </CardTitle>
          {description && <p className="mt-1 text-sm text-text-muted">{description}</p>}
        </div>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}
