import type { ReactNode } from 'react';
import { Button } from './button';
import { PageTitle } from './page-title';

/**
 * A signed-in page: the centred column (`className`: its width and gap), the document's title
 * ("My Orders · The Vault"), then `children`.
 */
export function Page({
  title,
  className = 'max-w-3xl gap-4',
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <main className={`mx-auto flex w-full ${className} flex-col px-4 py-6 sm:px-6 sm:py-8`}>
      <PageTitle page={title} />
      {children}
    </main>
  );
}

/**
 * A page's h1 (`children`), with a line of `description` under it, or a `link` beside it (a router Link, shown as
 * a quiet button: "View public profile").
 */
export function PageHeading({
  description,
  link,
  children,
}: {
  description?: ReactNode;
  link?: ReactNode;
  children: ReactNode;
}) {
  const heading = <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{children}</h1>;
  if (description) {
    return (
      <div>
        {heading}
        <p className="mt-1 text-base text-text-muted">{description}</p>
      </div>
    );
  }
  if (!link) return heading;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      {heading}
      <Button asChild variant="ghost" className="-mr-2 px-2 text-primary hover:text-primary">
        {link}
      </Button>
    </div>
  );
}
