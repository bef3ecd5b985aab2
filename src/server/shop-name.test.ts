import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '~/shared/time';
import { createApp, createServices } from '~/app/server/app';
import { lastMailTo } from '~/app/server/testing/mail';
import { signedInMember, signedInWithRoles } from '~/app/server/testing/members';
import { callerOf, createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { openDatabase, type Database } from './db/client';
import { EventHub } from './events';
import { createLogger } from './logger';

/**
 * The shop's name follows the Settings tab into what the server writes itself: the web app manifest, the pages'
 * shell, `GET /api/shop/name` and e-mails, on every instance (each keeps it in memory until it hears of a change).
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-shop-name-'));
const template = {
  name: 'The Vault',
  short_name: 'The Vault',
  start_url: '/',
  display: 'standalone',
  icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' }],
};
const writeTemplate = (extra: object = {}) =>
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ ...template, ...extra }));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><meta name="application-name" content="The Vault" />' +
    '<title>The Vault</title></head><body><h1>The Vault</h1><p>Loading Vault...</p></body></html>',
);
writeTemplate();

let t: TestContext;
let admin: { cookie: string };
/** A second instance on the same database, with its own event hub and its own memory. */
let second: { call: TestContext['call']; hub: EventHub; database: Database; close(): Promise<void> };

beforeAll(async () => {
  t = await createTestContext({ app: { clientDistDir: dist } });
  admin = await signedInWithRoles(t, ['Admin']);
  const database = t.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: t.databaseUrl, poolMax: 2 })
    : t.database;
  const hub = new EventHub(database);
  await hub.start();
  const app = createApp(
    createServices({
      config: t.config,
      database,
      hub,
      logger: createLogger(t.config),
      clock: systemClock,
    }),
    { clientDistDir: dist },
  );
  second = {
    call: callerOf(app),
    hub,
    database,
    async close() {
      await hub.stop();
      if (database !== t.database) await database.close();
    },
  };
});
afterAll(async () => {
  await second.close();
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The next change of the shop's settings, once `hub` has heard of it (its own copy of the name dropped first). */
const heardBy = (hub: EventHub) =>
  new Promise<void>((resolve) => {
    const stop = hub.watch('shop.settings', () => {
      stop();
      resolve();
    });
  });

/** Renames the shop in the Settings tab, and waits until both instances have heard of it. */
async function rename(shopName: string) {
  const heard = Promise.all([heardBy(t.hub), heardBy(second.hub)]);
  const saved = await t.call(
    'PUT',
    '/api/admin/shop-settings',
    { shopName, contactPhone: '2025550142', deliveryFeeCents: 2000 },
    { Cookie: admin.cookie },
  );
  expect(saved.status, await saved.clone().text()).toBe(200);
  await heard;
}

const manifestOf = async (response: Response) =>
  ({ status: response.status, etag: response.headers.get('ETag'), body: await response.text() }) as const;

describe('the shop’s name', () => {
  it('is served to anyone, and follows a rename', async () => {
    const visitor = await t.call('GET', '/api/shop/name');
    expect(visitor.status).toBe(200);
    expect(await visitor.json()).toEqual({ shopName: 'The Vault' });

    await rename('Night Owl');
    expect(await (await t.call('GET', '/api/shop/name')).json()).toEqual({ shopName: 'Night Owl' });
    const member = await signedInMember(t);
    const forMember = await t.call('GET', '/api/shop/name', undefined, { Cookie: member.cookie });
    expect(await forMember.json()).toEqual({ shopName: 'Night Owl' });
    await rename('The Vault');
  });

  it('names the web app manifest; a rename changes it and its validators on every instance', async () => {
    const first = await manifestOf(await t.call('GET', '/manifest.webmanifest'));
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual(template);
    const response = await t.call('GET', '/manifest.webmanifest');
    expect(response.headers.get('Content-Type')).toBe('application/manifest+json');
    // Browsers check it again each time, and get a 304 while it is the same.
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(first.etag).toMatch(/^".+"$/);
    const unchanged = await t.call('GET', '/manifest.webmanifest', undefined, {
      'If-None-Match': first.etag!,
    });
    expect(unchanged.status).toBe(304);
    // The second instance has read the name too, and keeps it in memory.
    expect((await manifestOf(await second.call('GET', '/manifest.webmanifest'))).etag).toBe(first.etag);

    await rename('Night Owl');
    for (const instance of [t, second]) {
      const renamed = await manifestOf(await instance.call('GET', '/manifest.webmanifest'));
      expect(JSON.parse(renamed.body)).toEqual({ ...template, name: 'Night Owl', short_name: 'Night Owl' });
      expect(renamed.etag).not.toBe(first.etag);
      const stale = await instance.call('GET', '/manifest.webmanifest', undefined, {
        'If-None-Match': first.etag!,
      });
      expect(stale.status).toBe(200);
      const fresh = await instance.call('GET', '/manifest.webmanifest', undefined, {
        'If-None-Match': renamed.etag!,
      });
      expect(fresh.status).toBe(304);
    }

    // A new build (its manifest changed) is read again, with a validator of its own.
    const before = await manifestOf(await t.call('GET', '/manifest.webmanifest'));
    writeTemplate({ description: 'A new build' });
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(dist, 'manifest.webmanifest'), later, later);
    const rebuilt = await manifestOf(await t.call('GET', '/manifest.webmanifest'));
    expect(JSON.parse(rebuilt.body)).toMatchObject({ name: 'Night Owl', description: 'A new build' });
    expect(rebuilt.etag).not.toBe(before.etag);
    writeTemplate();
    await rename('The Vault');
  });

  it('is written into the pages’ shell, escaped, so the first paint already says it', async () => {
    await rename('Owl & Co');
    for (const instance of [t, second]) {
      const html = await (await instance.call('GET', '/')).text();
      expect(html).toContain('<title>Owl &#38; Co</title>');
      expect(html).toContain('<h1>Owl &#38; Co</h1>');
      expect(html).toContain('<meta name="application-name" content="Owl &#38; Co" />');
      // The spec's own words stay.
      expect(html).toContain('Loading Vault...');
    }
    await rename('The Vault');
    expect(await (await t.call('GET', '/')).text()).toContain('<title>The Vault</title>');
  });

  it('signs and titles the e-mails the app sends', async () => {
    await rename('Night Owl');
    const member = await signedInMember(t);
    await t.call('POST', '/api/accounts/forgot-password', { email: member.input.email });
    const mail = await lastMailTo(t, member.input.email);
    expect(mail.subject).toBe('Reset your password for Night Owl');
    // The quoted-printable body decoded byte by byte, read as UTF-8: its signature.
    expect(Buffer.from(mail.raw, 'latin1').toString('utf8')).toContain('\n— Night Owl\n');
    expect(mail.raw).toMatch(/^From: Night Owl <no-reply@localhost>$/m);
    await rename('The Vault');
  });
});
