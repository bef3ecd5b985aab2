/**
 * Settings of the server the browser tests run against, passed in its environment by playwright.config.ts.
 * Specs that sign in import the passwords from here: the seeded demo members all get DEMO_PASSWORD.
 */
export const E2E_DEMO_PASSWORD = 'e2e-demo-password';
export const E2E_OWNER_PASSWORD = 'e2e-owner-password';

/**
 * How long a driver has to submit an ETA (5 minutes in production): short, so the expiry story runs in seconds, yet
 * long enough that a story which calls dibs and then walks through the app before its ETA (the banner on another
 * page, an invalid ETA first) finishes inside it on a busy 2-core machine, where 12 s was not always enough.
 */
export const E2E_ETA_WINDOW_MS = 25_000;

export const demoMembers = {
  owner: 'owner@vault.example',
  moderator: 'moderator@vault.example',
  member: 'jordan@vault.example',
  otherMember: 'tasha@vault.example',
} as const;
