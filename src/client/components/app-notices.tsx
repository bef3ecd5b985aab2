import { RefreshCw, WifiOff, X } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { appUpdate } from '../lib/service-worker';
import { Button } from './ui/button';

const onlineStatus = {
  subscribe(listener: () => void) {
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  },
  isOnline: () => navigator.onLine,
};

/**
 * Notices about the app itself, at the bottom of every screen: "You're offline" while there is no connection,
 * and "Update available — Reload" once a new version of the app is waiting.
 */
export function AppNotices() {
  const online = useSyncExternalStore(onlineStatus.subscribe, onlineStatus.isOnline);
  const updateAvailable = useSyncExternalStore(appUpdate.subscribe, appUpdate.isAvailable);
  const [updateDismissed, setUpdateDismissed] = useState(false);

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(env(safe-area-inset-bottom)+0.75rem)] z-40 flex flex-col items-center gap-2 px-16">
      <div role="status" className="contents">
        {!online && (
          <p className="pointer-events-auto inline-flex min-h-11 items-center gap-2 rounded-full border border-border bg-surface-raised px-4 text-sm font-medium text-text shadow-lg shadow-background">
            <WifiOff className="size-5 text-coin" aria-hidden />
            You&apos;re offline
          </p>
        )}
      </div>
      {updateAvailable && !updateDismissed && (
        <section
          aria-label="App update"
          className="pointer-events-auto flex items-center gap-1 rounded-full border border-primary bg-surface-raised py-0.5 pr-0.5 pl-4 text-sm font-medium text-text shadow-lg shadow-background"
        >
          <span className="mr-1">Update available</span>
          <Button size="md" className="rounded-full" onClick={() => void appUpdate.apply()}>
            <RefreshCw className="size-5" aria-hidden />
            Reload
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="rounded-full"
            aria-label="Later"
            onClick={() => setUpdateDismissed(true)}
          >
            <X className="size-5" aria-hidden />
          </Button>
        </section>
      )}
    </div>
  );
}
