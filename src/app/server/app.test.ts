import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '~/server/app-env';
import { createTestContext, TEST_ORIGIN, type TestContext } from './testing/test-context';

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-dist-'));
fs.mkdirSync(path.join(distDir, 'assets'));
fs.writeFileSync(
  path.join(distDir, 'index.html'),
  '<!doctype html><title>The Vault</title><div id="root"></div>',
);
fs.writeFileSync(path.join(distDir, 'assets', 'main-abc123.js'), 'console.log(1)');

const probe = new Hono<AppEnv>()
  .post('/echo', async (c) => c.json({ received: await c.req.json() }))
  .get('/boom', () => {
    throw new Error('secret internal detail at /srv/app.ts:42');
  });

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ app: { clientDistDir: distDir, routes: [['/probe', probe]] } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the API', () => {
  it('reports the database as reachable at /api/health', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: { backend: t.database.kind, reachable: true },
    });
  });

  it('answers 503 from /api/health when the database is gone', async () => {
    const other = await createTestContext();
    await other.database.close();
    const response = await other.call('GET', '/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'unavailable', database: { reachable: false } });
    await other.hub.stop();
  });

  it('accepts a JSON post from our own origin', async () => {
    const response = await t.call('POST', '/api/probe/echo', { hello: 'vault' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: { hello: 'vault' } });
  });

  it('refuses a state change that is not JSON with 415', async () => {
    const response = await t.app.request('/api/probe/echo', {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'hello=vault',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('refuses a cross-origin post with 403', async () => {
    const response = await t.call('POST', '/api/probe/echo', { a: 1 }, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: 'Cross-site requests are not allowed.' },
    });
  });

  it('refuses a post without an Origin header with 403', async () => {
    const response = await t.app.request('/api/probe/echo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  /** A JSON post sent to `url` (whose host becomes the Host header) with this Origin and headers. */
  const postTo = (app: TestContext['app'], url: string, headers: Record<string, string>) =>
    app.request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: '{"ok":true}',
    });

  it('refuses an Origin that matches only the Host the request names, with 403', async () => {
    const response = await postTo(t.app, 'http://evil.example/api/probe/echo', {
      Host: 'evil.example',
      Origin: 'http://evil.example',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: 'Cross-site requests are not allowed.' },
    });
  });

  it('accepts the origin of BASE_URL, whatever host the request was sent to', async () => {
    const response = await postTo(t.app, 'http://127.0.0.1:3000/api/probe/echo', { Origin: TEST_ORIGIN });
    expect(response.status).toBe(200);
  });

  it('ignores X-Forwarded-Host unless TRUST_PROXY is on', async () => {
    const response = await postTo(t.app, 'http://10.0.0.5:3000/api/probe/echo', {
      Origin: 'https://vault.example.com',
      'X-Forwarded-Host': 'vault.example.com',
      'X-Forwarded-Proto': 'https',
    });
    expect(response.status).toBe(403);
  });

  it('behind a trusted proxy, accepts the forwarded origin and still refuses a forged Host', async () => {
    const proxied = await createTestContext({
      env: { TRUST_PROXY: 'true' },
      app: { routes: [['/probe', probe]] },
    });
    try {
      const forwarded = await postTo(proxied.app, 'http://10.0.0.5:3000/api/probe/echo', {
        Origin: 'https://vault.example.com',
        'X-Forwarded-Host': 'vault.example.com',
        'X-Forwarded-Proto': 'https',
      });
      expect(forwarded.status).toBe(200);
      const wrongProto = await postTo(proxied.app, 'http://10.0.0.5:3000/api/probe/echo', {
        Origin: 'http://vault.example.com',
        'X-Forwarded-Host': 'vault.example.com',
        'X-Forwarded-Proto': 'https',
      });
      expect(wrongProto.status).toBe(403);
      const forgedHost = await postTo(proxied.app, 'http://evil.example/api/probe/echo', {
        Host: 'evil.example',
        Origin: 'http://evil.example',
      });
      expect(forgedHost.status).toBe(403);
      const configured = await postTo(proxied.app, 'http://10.0.0.5:3000/api/probe/echo', {
        Origin: TEST_ORIGIN,
      });
      expect(configured.status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('answers an unknown error with a generic JSON body and the request id, never the details', async () => {
    const response = await t.call('GET', '/api/probe/boom');
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { code: string; message: string; requestId: string } };
    expect(body.error.code).toBe('INTERNAL');
    expect(body.error.message).toBe('Something went wrong on our side. Please try again in a moment.');
    expect(body.error.requestId).toBe(response.headers.get('X-Request-Id'));
    expect(JSON.stringify(body)).not.toContain('secret internal detail');
    expect(JSON.stringify(body)).not.toContain('app.ts');
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await t.call('POST', '/api/probe/echo', {
      blob: 'x'.repeat(t.config.bodyLimitBytes + 10),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.call('GET', '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('marks API responses no-store and sends a strict CSP and nosniff', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});

/** The headers every response carries unless it set its own (app.ts, part 2). */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "media-src 'self' blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; " +
    "form-action 'self'; frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** A response's security headers, and those it must not have (HSTS on plain HTTP, X-Powered-By, COEP). */
const securityHeadersOf = (response: Response) =>
  Object.fromEntries(
    [
      ...Object.keys(SECURITY_HEADERS),
      'strict-transport-security',
      'cross-origin-embedder-policy',
      'x-powered-by',
      'permissions-policy',
    ]
      .filter((name) => response.headers.has(name))
      .map((name) => [name, response.headers.get(name)]),
  );

describe('security headers', () => {
  it('are the same on every kind of answer: data, errors, pages, assets and what is not there', async () => {
    const answers = [
      await t.call('GET', '/api/health'),
      await t.app.request('/api/health', { method: 'HEAD' }),
      await t.call('GET', '/api/no-such-thing'),
      await t.call('GET', '/api/probe/boom'),
      await t.call('POST', '/api/probe/echo', { a: 1 }, { Origin: 'https://evil.example' }),
      await t.call('POST', '/api/probe/echo', { blob: 'x'.repeat(t.config.bodyLimitBytes + 10) }),
      await t.call('GET', '/feed'),
      await t.call('GET', '/feed', undefined, { 'Accept-Encoding': 'gzip' }),
      await t.call('GET', '/assets/main-abc123.js'),
      await t.call('GET', '/.vite/manifest.json'),
    ];
    expect(answers.map((response) => response.status)).toEqual([
      200, 200, 404, 500, 403, 413, 200, 200, 200, 404,
    ]);
    for (const response of answers) expect(securityHeadersOf(response)).toEqual(SECURITY_HEADERS);
  });

  it('never lets the browser or a proxy cache an API answer, errors included', async () => {
    for (const path of ['/api/health', '/api/no-such-thing', '/api/probe/boom']) {
      expect((await t.call('GET', path)).headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('tell browsers to use HTTPS only when BASE_URL is https', async () => {
    const secure = await createTestContext({ env: { BASE_URL: 'https://vault.example.com' } });
    try {
      const response = await secure.call('GET', '/api/health', undefined, {
        Origin: 'https://vault.example.com',
      });
      expect(securityHeadersOf(response)).toEqual({
        ...SECURITY_HEADERS,
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
      });
    } finally {
      await secure.close();
    }
  });
});

describe('the single-page app', () => {
  it('serves index.html for any page path, revalidated', async () => {
    const response = await t.call('GET', '/feed');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.call('GET', '/assets/main-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('tells search engines not to index admin and driver pages', async () => {
    expect((await t.call('GET', '/admin')).headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect((await t.call('GET', '/driver-queue')).headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect((await t.call('GET', '/feed')).headers.get('X-Robots-Tag')).toBeNull();
  });
});
