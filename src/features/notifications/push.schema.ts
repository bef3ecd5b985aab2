import { z } from 'zod';

function decodeBase64url(value: string): Uint8Array | undefined {
  try {
    const binary = atob(value.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Base64url without padding, the way browsers hand out a subscription's keys. */
function base64urlBytes(name: string, bytes: number, check: (decoded: Uint8Array) => boolean = () => true) {
  const length = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: `The ${name} key is missing.` })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), `The ${name} key is not a valid key.`)
    .refine((value) => {
      const decoded = decodeBase64url(value);
      return decoded !== undefined && decoded.length === bytes && check(decoded);
    }, `The ${name} key is not a valid key.`);
}

/**
 * What the browser's PushSubscription.toJSON() gives, checked for shape: an https endpoint (its host and address
 * are checked on the server, push-address.ts), an uncompressed P-256 public key (65 bytes, 0x04 first) and a
 * 16-byte auth secret.
 */
export const pushSubscribeSchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'A push subscription needs an https:// endpoint.' })
    .max(2048, 'The push endpoint is too long.'),
  keys: z.object({
    p256dh: base64urlBytes('p256dh', 65, (decoded) => decoded[0] === 4),
    auth: base64urlBytes('auth', 16),
  }),
  showDetails: z.boolean().optional(),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

export const pushSubscriptionIdSchema = z.object({ id: z.string().min(1).max(64) });

export const pushSubscriptionUpdateSchema = z.object({ showDetails: z.boolean() });

export interface PushDevice {
  id: string;
  /** The browser's push endpoint: the page finds its own device by it. */
  endpoint: string;
  showDetails: boolean;
  createdAt: string;
}

export interface PushDevicesResponse {
  items: PushDevice[];
}

export interface PushPublicKeyResponse {
  publicKey: string;
}

/** What the service worker's `push` handler receives (src/client/sw.ts). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}
