import { UPLOAD_KEY_PATTERN } from '~/server/storage';

const PREFIX = '/api/uploads/';

/** Where the browser fetches a stored upload. */
export const uploadUrl = (key: string) => `${PREFIX}${key}`;

export function keyFromUploadUrl(url: string): string | undefined {
  if (!url.startsWith(PREFIX)) return undefined;
  const key = url.slice(PREFIX.length);
  return UPLOAD_KEY_PATTERN.test(key) ? key : undefined;
}
