import { Construction } from 'lucide-react';
import { useMatches } from 'react-router';

/** What a route's `handle` carries for the placeholder: the page's title. */
export interface PlaceholderHandle {
  title: string;
}

/** Pages whose issue has not landed yet: the page's title and a plain "not available yet" state. */
export function Component() {
  const match = useMatches().at(-1);
  const title = (match?.handle as PlaceholderHandle | undefined)?.title ?? 'The Vault';
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <title>{`${title} · The Vault`}</title>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <div className="mt-8 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-surface px-6 py-12 text-center">
        <Construction className="size-8 text-text-muted" aria-hidden />
        <p className="text-base text-text-muted">This part of The Vault is not available yet.</p>
      </div>
    </main>
  );
}
