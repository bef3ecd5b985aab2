import type { Hono } from 'hono';
import { hc, type ClientResponse, type parseResponse } from 'hono/client';
import { isErrorBody, type ErrorBody, type ErrorCode } from '~/shared/app-error';

/** A failed API call: the server's code, message and (where the spec gives one) toast title. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  readonly title: string | undefined;
  readonly fields: Record<string, string> | undefined;
  /** A 429's Retry-After: whole seconds until another try may succeed (a countdown can show it). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    body: ErrorBody['error'] | { code: 'NETWORK'; message: string },
    retryAfterSeconds?: number,
  ) {
    super(body.message);
    this.retryAfterSeconds = retryAfterSeconds;
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.title = 'title' in body ? body.title : undefined;
    this.fields = 'fields' in body ? body.fields : undefined;
  }
}

/**
 * The typed client of one feature router mounted at `/api${base}` (Hono's `hc`): paths, params, query, JSON
 * bodies and responses all come from the router's own type, so changing a route's response breaks the build
 * where the browser reads it. Pass the result of a call to `call()`.
 *
 * ```ts
 * const economy = routerClient<EconomyRoutes>('/economy');
 * const { settings } = await call(economy.settings.$get({}, { init: { signal } }));
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any router, whatever its env and schema
export function routerClient<Router extends Hono<any, any, any>>(base: string) {
  return hc<Router>(`/api${base}`, { fetch: reach });
}

/** What a call answers when it succeeds: the route's 2xx JSON body, typed from the route. */
export type CallResult<R extends ClientResponse<unknown>> = Awaited<ReturnType<typeof parseResponse<R>>>;

/** What an endpoint of a typed client answers on success: `ResponseOf<typeof economy.settings.$put>`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint's arguments
export type ResponseOf<Endpoint extends (...args: any[]) => Promise<ClientResponse<unknown>>> = CallResult<
  Awaited<ReturnType<Endpoint>>
>;

/** Awaits a typed-client call: its JSON when the status is 2xx, otherwise an ApiError with the server's code. */
export async function call<R extends ClientResponse<unknown>>(request: Promise<R>): Promise<CallResult<R>> {
  const response = await request;
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) throw errorOf(response, data);
  return data as CallResult<R>;
}

/**
 * A file the API hands out (a CSV export), from a typed-client call: its bytes and the name the server gives it
 * in Content-Disposition. Errors as call() throws them.
 */
export async function fetchFile(
  request: Promise<ClientResponse<unknown>>,
): Promise<{ blob: Blob; filename: string | undefined }> {
  const response = await request;
  if (!response.ok) throw errorOf(response, safeJson(await response.text()));
  return {
    blob: await response.blob(),
    filename: filenameOf(response.headers.get('Content-Disposition')),
  };
}

/** fetch, same origin with cookies, where a request that never reached the server is a NETWORK ApiError. */
async function reach(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(input, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw noConnection();
  }
}

/** The request never reached the server. */
export const noConnection = () =>
  new ApiError(0, { code: 'NETWORK', message: 'No connection. Check your network and try again.' });

/** A failed answer as the ApiError every caller sees: the server's error body, or a generic one by status. */
export function errorOf(response: { status: number; headers?: Headers }, data: unknown): ApiError {
  if (isErrorBody(data)) {
    const retryAfter = Number(response.headers?.get('Retry-After') ?? Number.NaN);
    return new ApiError(response.status, data.error, Number.isFinite(retryAfter) ? retryAfter : undefined);
  }
  return new ApiError(response.status, {
    code: response.status >= 500 ? 'UNAVAILABLE' : 'BAD_REQUEST',
    message:
      response.status >= 500
        ? 'The Vault is not reachable right now. Try again in a moment.'
        : 'Request failed.',
  });
}

/** `attachment; filename="orders-active-2026-05-01.csv"` (or RFC 5987's filename*=UTF-8''...) -> the name. */
function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one way the client tells failures apart: by the server's error code, never by HTTP status alone
 * (`isApiError(error, 'PRICES_CHANGED')`). With no codes, any failed API call.
 */
export function isApiError(error: unknown, ...codes: ApiError['code'][]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

/** Worth another try: no connection, or a gateway that could not reach the server. */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NETWORK' || [502, 503, 504].includes(error.status));
}
