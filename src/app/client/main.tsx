/**
 * The entry script: lets the app shell in index.html paint, then loads the app (app.tsx) and mounts it once its
 * page can render. Its chunks are modulepreloaded by the page's HTML (src/server/static.ts), so they download
 * while the shell paints; they are only evaluated after it, which keeps a slow phone's first frame from waiting on
 * a second of script.
 */
const shellPainted = new Promise<void>((resolve) => {
  // A hidden tab runs no animation frames: it has nothing to paint either.
  if (document.visibilityState === 'hidden') return resolve();
  requestAnimationFrame(() => setTimeout(resolve));
});

async function start() {
  const [{ pageReady, mountApp, whenSettled }] = await Promise.all([import('./app'), shellPainted]);
  await pageReady();
  mountApp();
  // The starry sky, the music, the offline and update notices and the service worker: once the page has settled,
  // so none of it runs before the page's own content (after-first-paint.tsx).
  await whenSettled();
  const ambience = await import('~/client/after-first-paint');
  ambience.mountAfterFirstPaint();
}
void start();
