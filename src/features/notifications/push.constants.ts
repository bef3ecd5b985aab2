import type { PushPayload } from './push.schema';

/** The lock screen's words for a member who did not ask for details. */
export const GENERIC_PUSH: Omit<PushPayload, 'url'> = {
  title: 'The Vault',
  body: 'New activity in The Vault',
  tag: 'vault-activity',
};
