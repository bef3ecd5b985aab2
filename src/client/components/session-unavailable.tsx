import { useEffect } from 'react';
import { Button } from './ui/button';

/**
 * The session could not be loaded at all: the server is down, or there is no connection (`offline`: the app itself
 * opened from the service worker's cache, and the session loads by itself once the connection is back).
 */
export function SessionUnavailable({ offline = false, onRetry }: { offline?: boolean; onRetry: () => void }) {
  useEffect(() => {
    if (!offline) return;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [offline, onRetry]);
  return (
    <main role="alert" className="grid min-h-dvh place-items-center px-6 text-center">
      <div className="max-w-sm space-y-4">
        <h1 className="text-2xl font-semibold">
          {offline ? "You're offline" : 'The Vault is not reachable'}
        </h1>
        <p className="text-text-muted">
          {offline
            ? 'The Vault opens as soon as your connection is back.'
            : 'Check your connection, then try again.'}
        </p>
        <Button onClick={onRetry}>Try Again</Button>
      </div>
    </main>
  );
}
