/** The spec's ETA bounds and messages (sections 5 and 8). */
export const ETA_MIN_MINUTES = 5;
export const ETA_MAX_MINUTES = 60;
export const INVALID_ETA_TITLE = 'Invalid ETA';
export const INVALID_ETA = 'Please enter a value between 5 and 60 minutes.';
export const ORDER_ALREADY_CLAIMED = 'Order already claimed!';

/** mm:ss of a countdown, never negative. */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
