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

async function send<T>(
  path: string,
  init: Pick<RequestInit, 'method' | 'headers' | 'body' | 'signal'>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'NETWORK', message: 'No connection. Check your network and try again.' });
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    if (isErrorBody(data)) throw new ApiError(response.status, data.error);
    throw new ApiError(response.status, {
      code: response.status >= 500 ? 'UNAVAILABLE' : 'BAD_REQUEST',
      message:
        response.status >= 500
          ? 'The Vault is not reachable right now. Try again in a moment.'
          : 'Request failed.',
    });
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Worth another try: no connection, or a gateway that could not reach the server. */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'NETWORK' || [502, 503, 504].includes(error.status));
}
