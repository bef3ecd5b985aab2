import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { onDemand } from '~/client/lib/on-demand';
import { createQueryClient } from '~/client/lib/query-client';
import { sessionQueryOptions } from '~/client/lib/session';
import { firstToastRaised } from '~/client/lib/toast';
import { whenSettled } from '~/client/lib/when-settled';
import { router } from './router';
import '~/client/styles.css';

export { whenSettled };

const AppToaster = onDemand(() => import('~/client/components/app-toaster').then((m) => m.AppToaster));

/**
 * The toaster, from the page's first toast or once the page has settled, whichever comes first: mounted with the
 * app, its code and sonner ran while the feed's first photo was waiting to be shown. Sonner shows toasts raised
 * before its Toaster mounted.
 */
function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void Promise.race([firstToastRaised(), whenSettled()]).then(() => mounted && setWanted(true));
    return () => {
      mounted = false;
    };
  }, []);
  return wanted ? (
    <Suspense>
      <AppToaster />
    </Suspense>
  ) : null;
}

// The event stream starts in the root layout, and only while someone is signed in (it needs a session).
const queryClient = createQueryClient();

/**
 * index.html paints the app shell before any script runs. React replaces it once the page for this URL can render
 * (its lazy route module loaded) and the session is known, so the shell is not followed by a spinner: the route
 * module and the session are fetched at the same time. After SHELL_WAIT_MS React mounts anyway and shows its own
 * loading state (Loading Vault, or the retry screen when the session cannot be read).
 *
 * A promise, not a top-level await: this module shares its chunk with modules the route modules import, and a
 * chunk suspended in a top-level await would hold up the very route modules it waits for.
 */
const SHELL_WAIT_MS = 3000;
export function pageReady(): Promise<unknown> {
  const routeReady = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  const sessionKnown = queryClient.prefetchQuery(sessionQueryOptions);
  // Offline (the service worker served the shell) the session cannot be read: React mounts at once and says so.
  return Promise.race([
    Promise.all([routeReady, sessionKnown]),
    new Promise((resolve) => setTimeout(resolve, navigator.onLine ? SHELL_WAIT_MS : 0)),
  ]);
}

export function mountApp() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
}
