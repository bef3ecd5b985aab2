import { ApiError } from '~/client/lib/api-client';
import { isErrorBody } from '~/shared/app-error';
import type { MediaUploadResponse } from '../feed.schema';

/**
 * Uploads a photo or video for a post, reporting progress (fetch cannot report upload progress; XMLHttpRequest
 * can). Errors come back as the API client's ApiError, so toasts show the server's title and message.
 */
export function uploadPostMedia(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<MediaUploadResponse['media']> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/feed/media');
    request.withCredentials = true;
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve((data as MediaUploadResponse).media);
        return;
      }
      if (isErrorBody(data)) {
        reject(new ApiError(request.status, data.error));
        return;
      }
      reject(
        new ApiError(request.status, {
          code: request.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNAVAILABLE',
          message:
            request.status === 413
              ? 'The file is too large.'
              : 'The Vault is not reachable right now. Try again in a moment.',
          title: 'Upload Failed',
        }),
      );
    };
    request.onerror = () =>
      reject(
        new ApiError(0, { code: 'NETWORK', message: 'No connection. Check your network and try again.' }),
      );
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort());
    const body = new FormData();
    body.append('file', file);
    request.send(body);
  });
}
