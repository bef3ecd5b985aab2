import { ApiError, errorOf, noConnection } from './api-client';

export interface UploadOptions {
  /** The fraction sent so far, 0 to 1, as the browser reports it. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The form field the route reads; 'file' on every upload route. */
  field?: string;
  /** Text fields sent beside the file (the date of birth with an ID photo). */
  fields?: Record<string, string>;
}

/**
 * The one way the client uploads a file: multipart/form-data to an upload route, JSON back, errors as call()
 * throws them (ApiError, or an AbortError when cancelled). Built on XMLHttpRequest because fetch cannot report
 * upload progress. The browser sets the Content-Type with its boundary.
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal, field = 'file', fields = {} } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', `/api${path}`);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const data = parse(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(data as T);
      else reject(refusal(request.status, data));
    };
    request.onerror = () => reject(noConnection());
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append(field, file);
    request.send(body);
  });
}

/** A proxy in front of the server may refuse a large file with a page of its own instead of our JSON. */
function refusal(status: number, data: unknown): ApiError {
  if (status === 413 && data === undefined) {
    return new ApiError(413, {
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is too large.',
      title: 'Upload Failed',
    });
  }
  return errorOf({ status }, data);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
