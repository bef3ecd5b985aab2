import type { toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;

let loading: Promise<Sonner> | undefined;
const sonner = () => (loading ??= import('sonner').then((module) => module.toast));

/**
 * Sonner's `toast`, with sonner loaded the first time a screen shows one: no page pays for it on its first load
 * (its Toaster is on demand too, main.tsx, and shows toasts raised before it mounted). Calls keep their order.
 * The one way the app raises a toast.
 */
export const toast = Object.assign((...args: Parameters<Sonner>) => void sonner().then((t) => t(...args)), {
  success: (...args: Parameters<Sonner['success']>) => void sonner().then((t) => t.success(...args)),
  error: (...args: Parameters<Sonner['error']>) => void sonner().then((t) => t.error(...args)),
  dismiss: (...args: Parameters<Sonner['dismiss']>) => void sonner().then((t) => t.dismiss(...args)),
  /** The toasts on screen now, once every toast raised so far has reached sonner. */
  showing: () => sonner().then((t) => t.getToasts()),
  /** Every toast shown so far, likewise (for tests). */
  shown: () => sonner().then((t) => t.getHistory()),
});
