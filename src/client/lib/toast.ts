import type { ExternalToast, toast as SonnerToast } from 'sonner';
import { onDemandModule } from './on-demand';

/**
 * Toasts, with sonner's API, whose code loads on demand. Sonner is about 9 kB gzip that no page needs to show
 * itself: it loads with the first toast, or with the toaster (app-toaster.tsx), which mounts then or once the page
 * has settled (app.tsx). A toast raised before sonner is in waits for it and shows in the order it was raised
 * (sonner keeps toasts raised before its Toaster subscribed). If the fetch fails (offline, say) the waiting toasts
 * are kept, and the next toast or the browser coming back online tries again. Only this module and the toaster
 * import sonner (eslint.config.js).
 */
type Sonner = typeof SonnerToast;
type Message = Parameters<Sonner>[0];

const sonner = onDemandModule(() => import('sonner').then((module) => module.toast));

/** Calls made before sonner was in, in order; `creates` marks those that raise a toast. */
let waiting: { call: (toast: Sonner) => void; creates: boolean }[] = [];

/** One fetch at a time hands the waiting calls on; a failed one leaves them for the next call or `online`. */
let flushing = false;
function flush() {
  if (flushing) return;
  flushing = true;
  sonner.load().then(
    (loaded) => {
      const calls = waiting;
      waiting = [];
      for (const { call } of calls) call(loaded);
    },
    () => {
      flushing = false;
      window.addEventListener('online', flush, { once: true });
    },
  );
}

let raiseFirst: () => void;
const raised = new Promise<void>((resolve) => (raiseFirst = resolve));

/** Resolves when the page raises its first toast: the toaster must be on screen by then. */
export const firstToastRaised = () => raised;

function run(call: (toast: Sonner) => void, creates: boolean) {
  if (creates) raiseFirst();
  const loaded = sonner.current();
  if (loaded) return call(loaded);
  waiting.push({ call, creates });
  flush();
}

export const toast = Object.assign(
  (message: Message, options?: ExternalToast) => run((t) => t(message, options), true),
  {
    success: (message: Message, options?: ExternalToast) => run((t) => t.success(message, options), true),
    error: (message: Message, options?: ExternalToast) => run((t) => t.error(message, options), true),
    /** Closes every toast, including those still waiting for sonner. */
    dismiss: () => run((t) => t.dismiss(), false),
    /** How many toasts show now or wait to show: one at a time shows (spec section 9). */
    count: () => {
      const loaded = sonner.current();
      let count = loaded ? loaded.getToasts().length : 0;
      for (const entry of waiting) count = entry.creates ? count + 1 : 0;
      return count;
    },
  },
);
