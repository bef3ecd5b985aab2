import { isErrorBody, type ErrorBody, type ErrorCode } from '~/shared/app-error';

/** A failed API call: the server's code, message and (where the spec gives one) toast title. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK';
  readonly title: string | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, body: ErrorBody['error'] | { code: 'NETWORK'; message: string }) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.title = 'title' in body ? body.title : undefined;
    this.fields = 'fields' in body ? body.fields : undefined;
  }
}

type Json = Record<string, unknown> | unknown[];

/** JSON in, JSON out, same origin, cookies included. Throws ApiError for anything but 2xx. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: Json; signal?: AbortSignal } = {},
): Promise<T> {
  return send<T>(path, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: init.body ? { 'Content-Type': 'application/json' } : {},
    body: init.body ? JSON.stringify(init.body) : undefined,
    signal: init.signal,
  });
}

/**
 * One file as multipart/form-data (the upload routes are the only ones that take it), JSON back, errors as
 * api() throws them. The browser sets the Content-Type with its boundary.
 */
export async function uploadFile<T>(
  path: string,
  file: Blob,
  init: { field?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const body = new FormData();
  body.append(init.field ?? 'file', file);
  return send<T>(path, { method: 'POST', body, signal: init.signal });
}

/**
 * A file the API hands out (a CSV export): its bytes and the name the server gives it in Content-Disposition.
 * Errors as api() throws them.
 */
export async function fetchFile(
  path: string,
  init: { signal?: AbortSignal } = {},
): Promise<{ blob: Blob; filename: string | undefined }> {
  const response = await reach(path, { method: 'GET', signal: init.signal });
  if (!response.ok) throw errorOf(response, safeJson(await response.text()));
  return {
    blob: await response.blob(),
    filename: filenameOf(response.headers.get('Content-Disposition')),
  };
}

async function send<T>(
  path: string,
  init: Pick<RequestInit, 'method' | 'headers' | 'body' | 'signal'>,
): Promise<T> {
  const response = await reach(path, init);
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) throw errorOf(response, data);
  return data as T;
}

async function reach(
  path: string,
  init: Pick<RequestInit, 'method' | 'headers' | 'body' | 'signal'>,
): Promise<Response> {
  try {
    return await fetch(`/api${path}`, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'NETWORK', message: 'No connection. Check your network and try again.' });
  }
}

function errorOf(response: Response, data: unknown): ApiError {
  if (isErrorBody(data)) return new ApiError(response.status, data.error);
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
