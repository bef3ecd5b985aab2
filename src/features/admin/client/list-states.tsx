import { RotateCw, SearchX } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';

/** Grey blocks shaped like member rows while the first page loads. */
export function MemberListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading members" className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          className="flex animate-pulse items-center gap-3 rounded-card border border-border bg-surface p-4"
        >
          <div className="size-11 shrink-0 rounded-full bg-surface-raised" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-2/5 rounded bg-surface-raised" />
            <div className="h-3 w-3/5 rounded bg-surface-raised" />
          </div>
          <div className="hidden h-11 w-28 rounded-xl bg-surface-raised sm:block" />
        </div>
      ))}
    </div>
  );
}

/** Nothing matched: the spec's sentence, centred. */
export function EmptyList({ children }: { children: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-border bg-surface px-6 py-12 text-center">
      <SearchX className="size-8 text-text-muted" aria-hidden />
      <p className="text-base text-text-muted">{children}</p>
    </div>
  );
}

/** The list could not be loaded: say so where it would be, with a way to try again. */
export function ListError({
  message = 'The members could not be loaded.',
  onRetry,
  retrying,
}: {
  message?: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-card border border-danger/50 bg-surface px-6 py-10 text-center"
    >
      <p className="text-base text-text">{message}</p>
      <Button type="button" variant="secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? <Spinner /> : <RotateCw className="size-5" aria-hidden />}
        Try Again
      </Button>
    </div>
  );
}
