import { toast } from '~/client/lib/toast';
import { ApiError } from './api-client';

/**
 * A failed call as a destructive toast: the server's title and message where it gives them ('Login Failed' /
 * 'Invalid credentials. Please try again.'), otherwise the caller's fallback title.
 */
export function showErrorToast(error: unknown, fallbackTitle = 'Something went wrong'): void {
  if (error instanceof ApiError) {
    toast.error(error.title ?? fallbackTitle, { description: error.message });
    return;
  }
  toast.error(fallbackTitle, { description: 'Please try again.' });
}
