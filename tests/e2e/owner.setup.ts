import { test as setup } from '@playwright/test';
import { demoMembers, E2E_DEMO_PASSWORD, OWNER_STATE, signInByApi } from './fixtures';

/**
 * The run's one Owner sign-in (the owner-session project in playwright.config.ts, before every story): its cookies
 * are the storage state the `ownerApi` and `ownerPage` fixtures start from.
 */
setup('the Owner signs in once for the whole run', async ({ playwright }, testInfo) => {
  const owner = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInByApi(owner, testInfo, { email: demoMembers.owner, password: E2E_DEMO_PASSWORD });
  await owner.storageState({ path: OWNER_STATE });
  await owner.dispose();
});
