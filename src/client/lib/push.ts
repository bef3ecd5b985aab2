/**
 * The browser's side of push notifications: whether this device can have them, and its subscription, through
 * the service worker (src/client/sw.ts shows what arrives). No API calls here: the account page stores what
 * `subscribeThisDevice` returns on the server.
 */

export type PushAvailability =
  /** No Push API or Notification API in this browser (an iPhone needs the app on the home screen first). */
  | 'unsupported'
  /** The API exists, but no service worker runs this page (yet): nothing can receive a push. */
  | 'no-service-worker'
  | 'available';

/** How long to wait for the service worker before saying push is not available here. */
const SERVICE_WORKER_WAIT_MS = 4000;

export function pushApiPresent(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** 'default' (not asked yet), 'granted' or 'denied' (only the browser's site settings can undo it). */
export function notificationPermission(): NotificationPermission {
  return Notification.permission;
}

/** The active service worker's registration, or undefined when none is registered or it never becomes ready. */
async function readyRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushApiPresent()) return undefined;
  if (!(await navigator.serviceWorker.getRegistration())) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), SERVICE_WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function pushAvailability(): Promise<PushAvailability> {
  if (!pushApiPresent()) return 'unsupported';
  return (await readyRegistration()) ? 'available' : 'no-service-worker';
}

/** This browser's current subscription's endpoint, if it has one. */
export async function currentPushEndpoint(): Promise<string | undefined> {
  const registration = await readyRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint;
}

export class PushPermissionError extends Error {
  override name = 'PushPermissionError';
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Asks for permission (from the member's tap) and subscribes this browser with the server's public key. A
 * subscription made with another key (the server's keys changed) is replaced.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const registration = await readyRegistration();
  if (!registration) throw new Error('No service worker');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionError(permission);
  const applicationServerKey = bytesOf(publicKey);
  const existing = await registration.pushManager.getSubscription();
  const sameKey =
    existing?.options.applicationServerKey &&
    new Uint8Array(existing.options.applicationServerKey).join() === applicationServerKey.join();
  if (existing && !sameKey) await existing.unsubscribe();
  const subscription =
    existing && sameKey
      ? existing
      : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  return subscription.toJSON();
}

/** Ends this browser's subscription; returns the endpoint it had, for the server to forget. */
export async function unsubscribeThisDevice(): Promise<string | undefined> {
  const registration = await readyRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return undefined;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
