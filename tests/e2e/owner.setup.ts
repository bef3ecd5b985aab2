import { test as setup } from '@playwright/test';
import { demoMembers, E2E_DEMO_PASSWORD, OWNER_STATE, signInByApi } from './fixtures';

/**
 * The run's one Owner sign-in (the owner-session project in playwright.config.ts, before every story): its cookies
 * are the storage state the `ownerApi` and `ownerPage` fixtures start from.
 */
// The scale-out run without a PostgreSQL starts no server (tests/e2e/scale-out/global-setup.ts says why).
setup.skip(Boolean(process.env.VAULT_SCALE_OUT_SKIP), process.env.VAULT_SCALE_OUT_SKIP);

setup('the Owner signs in once for the whole run', async ({ playwright }, testInfo) => {
  const owner = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInByApi(owner, testInfo, { email: demoMembers.owner, password: E2E_DEMO_PASSWORD });
  await owner.storageState({ path: OWNER_STATE });
  await owner.dispose();
});
