import { useSyncExternalStore } from 'react';

/**
 * The browser's own install prompt (Chromium's `beforeinstallprompt`), kept from the moment the browser offers it
 * so the Add to Home Screen dialog can show an "Install app" button. Browsers without it (Safari, Firefox) keep
 * the written steps only.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const listeners = new Set<() => void>();
let offered: BeforeInstallPromptEvent | undefined;

const changed = () => listeners.forEach((listener) => listener());

window.addEventListener('beforeinstallprompt', (event) => {
  // Our dialog offers it instead of the browser's own banner.
  event.preventDefault();
  offered = event as BeforeInstallPromptEvent;
  changed();
});
window.addEventListener('appinstalled', () => {
  offered = undefined;
  changed();
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `install` when the browser offers to install the app; it resolves true when the visitor accepted. */
export function useInstallPrompt(): { install: (() => Promise<boolean>) | undefined } {
  const event = useSyncExternalStore(subscribe, () => offered);
  if (!event) return { install: undefined };
  return {
    install: async () => {
      // A prompt can be shown once.
      offered = undefined;
      changed();
      await event.prompt();
      return (await event.userChoice).outcome === 'accepted';
    },
  };
}
