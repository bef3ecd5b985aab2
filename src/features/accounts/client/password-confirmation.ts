/** Under "Confirm new password" when the two differ (reset and change forms). */
export const PASSWORDS_DIFFER = 'The passwords do not match.';
