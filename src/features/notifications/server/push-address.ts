import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '~/server/config';

type PushConfig = Pick<Config['push'], 'serviceHosts' | 'allowPrivateAddresses'>;

/** `fcm.googleapis.com` matches itself only; `*.push.apple.com` matches its subdomains, not push.apple.com. */
export function isAllowedPushHost(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return allowed.some((entry) =>
    entry.startsWith('*.') ? name.endsWith(entry.slice(1)) && name.length > entry.length - 1 : name === entry,
  );
}

/**
 * Only public unicast addresses: never loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local
 * (169.254/16, fe80::/10, cloud metadata), carrier-grade NAT, multicast, reserved or unspecified. An IPv4
 * address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export class PushAddressError extends Error {
  override name = 'PushAddressError';
}

/** Every address the host resolves to must be public (unless the test-only override is on). */
export async function assertPublicHost(host: string, config: PushConfig): Promise<void> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(bare)
    ? [bare]
    : (await dns.promises.lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
  if (addresses.length === 0) throw new PushAddressError('The push service has no address.');
  if (config.allowPrivateAddresses) return;
  if (!addresses.every(isPublicAddress)) {
    throw new PushAddressError('The push service resolves to a private or local address.');
  }
}

/**
 * The agent pushes go through: its DNS lookup refuses private addresses at connect time, so a host that passed
 * the check at subscribe time cannot be pointed at the internal network later (DNS rebinding). `ca` is for
 * tests, which trust their own fake push service's certificate.
 */
export function pushAgent(config: PushConfig, ca?: string): https.Agent {
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, entries) => {
      if (err) return callback(err, '', 0);
      const safe = config.allowPrivateAddresses
        ? entries
        : entries.filter((entry) => isPublicAddress(entry.address));
      if (safe.length === 0 || safe.length !== entries.length) {
        const refused = Object.assign(
          new PushAddressError(`${hostname} resolves to a private or local address.`),
          {
            code: 'EPUSHADDRESS',
          },
        );
        return callback(refused, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, safe);
      callback(null, safe[0]!.address, safe[0]!.family);
    });
  };
  return new https.Agent({ lookup, keepAlive: false, ...(ca ? { ca } : {}) });
}
