import { Button } from './ui/button';

/** The session could not be loaded at all (server down, no connection): say so and offer to try again. */
export function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main role="alert" className="grid min-h-dvh place-items-center px-6 text-center">
      <div className="max-w-sm space-y-4">
        <h1 className="text-2xl font-semibold">The Vault is not reachable</h1>
        <p className="text-text-muted">Check your connection, then try again.</p>
        <Button onClick={onRetry}>Try Again</Button>
      </div>
    </main>
  );
}
