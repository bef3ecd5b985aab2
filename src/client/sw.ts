/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The service worker (docs/decisions/028-installable-app-with-vite-plugin-pwa.md). It precaches the app shell so
 * The Vault opens without a connection, and shows web push notifications.
 *
 * - Pages come from the network (the server picks the shell and preloads per page and per session, static.ts);
 *   only when the network fails is the precached index.html served, and the app says "You're offline".
 * - /api is never handled here: the browser fetches it as if there were no service worker, so an API answer
 *   (or the event stream) is never served from a cache.
 * - A new version waits until the page asks it to take over (the "Update available" prompt sends SKIP_WAITING).
 */
declare const self: ServiceWorkerGlobalScope;

// The web app manifest always comes from the server, with the shop's name of the moment (src/server/static.ts):
// the copy vite-plugin-pwa lists for the precache has the name of the build.
const WEB_APP_MANIFEST = 'manifest.webmanifest';
precacheAndRoute(
  self.__WB_MANIFEST.filter((entry) => (typeof entry === 'string' ? entry : entry.url) !== WEB_APP_MANIFEST),
);
cleanupOutdatedCaches();

const API = /^\/api(\/|$)/;

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: [API] },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/**
 * Web push, the contract with the server's sender: the payload is JSON
 * `{ "title": string, "body": string, "url": string, "tag"?: string }`.
 */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

function readPush(event: PushEvent): PushPayload | undefined {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (typeof data?.title !== 'string' || typeof data.body !== 'string') return undefined;
    return {
      title: data.title,
      body: data.body,
      url: typeof data.url === 'string' ? data.url : '/',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
    };
  } catch {
    return undefined;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPush(event);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
      ...(payload.tag ? { tag: payload.tag } : {}),
    }),
  );
});

/** Only a path on this site: a push can never send the member to another one. */
function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== 'string') return '/';
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : '/';
  } catch {
    return '/';
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = sameOriginPath(
    (event.notification.data as { url?: unknown } | null)?.url,
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(path);
        return;
      }
      await self.clients.openWindow(path);
    })(),
  );
});
