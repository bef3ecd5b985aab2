/**
 * Settings of the server the browser tests run against, passed in its environment by playwright.config.ts.
 * Specs that sign in import the passwords from here: the seeded demo members all get DEMO_PASSWORD.
 */
export const E2E_DEMO_PASSWORD = 'e2e-demo-password';
export const E2E_OWNER_PASSWORD = 'e2e-owner-password';

export const demoMembers = {
  owner: 'owner@vault.example',
  moderator: 'moderator@vault.example',
  member: 'jordan@vault.example',
  otherMember: 'tasha@vault.example',
} as const;
