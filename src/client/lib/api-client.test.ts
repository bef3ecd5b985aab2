import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError, type ErrorBody } from '~/shared/app-error';
import { ApiError, call, fetchFile, isApiError, isRetryable, routerClient } from './api-client';

/**
 * The browser's API client against a real Hono router answering its fetches (no network): what a call returns,
 * how each kind of failure becomes an ApiError, and what reaches the server.
 */
const seen: Request[] = [];
const router = new Hono()
  .get('/greeting', (c) => c.json({ greeting: `Hello ${c.req.query('name') ?? 'there'}` }, 200))
  .post('/things', zValidator('json', z.object({ name: z.string() })), (c) => {
    const { name } = c.req.valid('json');
    if (!name)
      throw new AppError('BAD_REQUEST', 'Name is required.', { fields: { name: 'Name is required.' } });
    return c.json({ created: name }, 201);
  })
  .get('/rating', (c) => {
    if (!c.req.query('again')) {
      throw new AppError('ON_COOLDOWN', 'You can rate again tomorrow.', { title: 'Slow Down' });
    }
    return c.json({ rated: true }, 200);
  })
  .get('/limited', (c) => {
    c.header('Retry-After', '42');
    return c.json(
      {
        error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 42 seconds and try again.' },
      },
      429,
    );
  })
  .get('/gateway', (c) => c.text('<html>Bad gateway</html>', 502))
  .get('/export', (c) =>
    c.body('a,b\n', 200, {
      'Content-Type': 'text/csv',
      'Content-Disposition': `attachment; filename="plain.csv"; filename*=UTF-8''caf%C3%A9.csv`,
    }),
  );
// The server's error shape (src/server/middleware/errors.ts answers AppErrors the same way).
const app = new Hono().route('/api/test', router);
app.onError((error, c) => {
  if (!(error instanceof AppError)) throw error;
  const { code, message, title, fields } = error;
  return c.json({ error: { code, message, title, fields } } satisfies ErrorBody, error.status as 400);
});
const client = routerClient<typeof router>('/test');

beforeEach(() => {
  seen.length = 0;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://vault.test'), init);
    seen.push(request.clone());
    return app.fetch(request);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it("returns the route's JSON and sends same-origin requests with the cookies", async () => {
    await expect(call(client.greeting.$get({ query: { name: 'Ana' } }))).resolves.toEqual({
      greeting: 'Hello Ana',
    });
    expect(seen[0]?.url).toBe('http://vault.test/api/test/greeting?name=Ana');
    expect(seen[0]?.credentials).toBe('same-origin');
  });

  it('sends a JSON body the route validates, and answers with its 201', async () => {
    await expect(call(client.things.$post({ json: { name: 'Lamp' } }))).resolves.toEqual({ created: 'Lamp' });
    expect(seen[0]?.headers.get('Content-Type')).toMatch(/^application\/json/);
  });

  it("turns the server's error into an ApiError with its code, message, title and field messages", async () => {
    const invalid = await call(client.things.$post({ json: { name: '' } })).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ApiError);
    expect(invalid).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      fields: { name: 'Name is required.' },
    });

    const busy = await call(client.rating.$get({ query: {} })).catch((e: unknown) => e);
    expect(busy).toMatchObject({
      code: 'ON_COOLDOWN',
      message: 'You can rate again tomorrow.',
      title: 'Slow Down',
    });
    expect(isApiError(busy, 'ON_COOLDOWN')).toBe(true);
    expect(isApiError(busy, 'PRICES_CHANGED')).toBe(false);
    expect(isRetryable(busy)).toBe(false);
  });

  it("keeps a 429's Retry-After, so a countdown can show the wait", async () => {
    const limited = await call(client.limited.$get()).catch((e: unknown) => e);
    expect(limited).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 42 });
    const other = await call(client.rating.$get({ query: {} })).catch((e: unknown) => e);
    expect(other).toMatchObject({ retryAfterSeconds: undefined });
  });

  it('says the Vault is unreachable when a gateway answers with HTML, and that it is worth another try', async () => {
    const error = await call(client.gateway.$get()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'UNAVAILABLE' });
    expect(isRetryable(error)).toBe(true);
  });

  it('reports no connection as NETWORK, but lets an abort through untouched', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await call(client.greeting.$get({ query: {} })).catch((e: unknown) => e);
    expect(offline).toMatchObject({ code: 'NETWORK', status: 0 });
    expect(isRetryable(offline)).toBe(true);

    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('The user aborted.', 'AbortError')));
    const aborted = await call(client.greeting.$get({ query: {} })).catch((e: unknown) => e);
    expect(aborted).not.toBeInstanceOf(ApiError);
    expect((aborted as Error).name).toBe('AbortError');
  });
});

describe('fetchFile', () => {
  it("returns the file's bytes under the name the server gives it (the UTF-8 name first)", async () => {
    const { blob, filename } = await fetchFile(client.export.$get());
    expect(await blob.text()).toBe('a,b\n');
    expect(filename).toBe('café.csv');
  });
});
