import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (src/client/sw.ts, built to /sw.js) and tells the page when a new version of the
 * app is waiting: the "Update available" prompt asks it to take over, and the page reloads once it has.
 * Production builds only (the dev server has no service worker).
 */
const listeners = new Set<() => void>();
let workbox: Workbox | undefined;
let updateWaiting = false;

export const appUpdate = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isAvailable: () => updateWaiting,
  /** Let the new version take over; the page reloads when it controls it. */
  async apply() {
    const registration = await navigator.serviceWorker.getRegistration();
    // Already in charge (it took over in another tab): the page only needs the new version's files.
    if (!registration?.waiting) return window.location.reload();
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    // Workbox asks the worker that is waiting now, not the one the event named earlier.
    workbox?.messageSkipWaiting();
  },
};

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js');
  // Also when a version was already waiting as the page opened (the page was reloaded without taking it).
  workbox.addEventListener('waiting', (event) => {
    void navigator.serviceWorker.getRegistration().then((registration) => {
      // Workbox names a worker "waiting" after 200 ms in the installed state; on a slow phone that can be the very
      // first version on its way to taking charge. Only a new version waiting behind the one in charge is an update.
      if (!navigator.serviceWorker.controller || registration?.waiting !== event.sw) return;
      updateWaiting = true;
      listeners.forEach((listener) => listener());
    });
  });
  workbox.register().catch(() => {
    /* no service worker (private mode, blocked): the app works online as before */
  });
}
