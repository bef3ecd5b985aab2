import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (src/client/sw.ts, built to /sw.js) and tells the page when a new version of the
 * app is waiting: the "Update available" prompt asks it to take over, and the page reloads once it has.
 * Production builds only (the dev server has no service worker).
 */
const listeners = new Set<() => void>();
let waiting: ServiceWorker | undefined;

export const appUpdate = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isAvailable: () => waiting !== undefined,
  /** Let the new version take over; the page reloads when it controls it. */
  apply() {
    if (!waiting) return;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  },
};

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js');
  // Also when a version was already waiting as the page opened (the page was reloaded without taking it).
  workbox.addEventListener('waiting', (event) => {
    waiting = event.sw;
    listeners.forEach((listener) => listener());
  });
  workbox.register().catch(() => {
    /* no service worker (private mode, blocked): the app works online as before */
  });
}
