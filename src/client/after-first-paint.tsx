import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MusicToggle } from './ambience/music-toggle';
import { backgroundMusic } from './ambience/background-music';
import { Sky } from './ambience/sky';
import { AppNotices } from './components/app-notices';
import { registerServiceWorker } from './lib/service-worker';

/**
 * What every screen has that no screen needs to paint, loaded once the page has painted (main.tsx), outside the
 * first-load budget: the starry sky, the background music and its mute control, the offline and update notices,
 * and the service worker. Its own React root, beside the app's, so it never re-renders with a page.
 */
export function mountAfterFirstPaint() {
  const container = document.createElement('div');
  container.id = 'ambience';
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <Sky />
      <AppNotices />
      <MusicToggle floating />
    </StrictMode>,
  );
  backgroundMusic.start({
    ignore: (target) => target instanceof Element && target.closest('[data-music-toggle]') !== null,
  });
  registerServiceWorker();
}
