import { describe, expect, it } from 'vitest';
import { isAllowedPushHost, isPublicAddress } from './push-address';

describe('where a push may go', () => {
  const hosts = ['fcm.googleapis.com', '*.notify.windows.com'];

  it('allows the listed hosts and, for *., their subdomains only', () => {
    expect(isAllowedPushHost('fcm.googleapis.com', hosts)).toBe(true);
    expect(isAllowedPushHost('FCM.googleapis.com.', hosts)).toBe(true);
    expect(isAllowedPushHost('wns2-by3p.notify.windows.com', hosts)).toBe(true);
    expect(isAllowedPushHost('notify.windows.com', hosts)).toBe(false);
    expect(isAllowedPushHost('evilnotify.windows.com', hosts)).toBe(false);
    expect(isAllowedPushHost('fcm.googleapis.com.evil.test', hosts)).toBe(false);
    expect(isAllowedPushHost('x.fcm.googleapis.com', hosts)).toBe(false);
  });

  it('counts only public unicast addresses as public', () => {
    for (const address of ['142.250.180.10', '2a00:1450:4001:80b::200a']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.16.4.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not-an-address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
