import { expect, type Page, type TestInfo } from '@playwright/test';
import {
  appCode,
  E2E_OWNER_PASSWORD,
  enrolTwoFactorByApi,
  expectToast,
  originOf,
  SHARED_STATE,
  skipWelcomeDialogs,
  test,
} from './fixtures';

/** For looking at the screens (test-results/…), at the project's size. */
const snap = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`) });

test.describe('Two-factor sign-in', () => {
  test('a member turns on two-factor in Account Settings and then signs in with a code from their app', async ({
    newMember,
  }, testInfo) => {
    const { page, member } = await newMember('Careful Member');

    await page.goto('/account#two-factor');
    const section = page.getByRole('region', { name: 'Two-Factor Sign-In' });
    await section.getByLabel('Your password').fill(member.password);
    await section.getByRole('button', { name: 'Set Up Two-Factor' }).click();
    await expect(
      section.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeVisible();
    await expect(section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
    const manualKey = (await section.getByLabel('Key to type into your app').textContent())!.replace(
      /\s/g,
      '',
    );
    await snap(page, testInfo, 'two-factor-setup');
    await section.getByLabel('Code from your app').fill(await appCode(manualKey));
    await section.getByRole('button', { name: 'Turn On Two-Factor' }).click();
    await expectToast(page, 'Two-factor sign-in is on', 'Keep your backup codes somewhere safe.', {
      type: 'success',
    });
    await expect(section.getByRole('button', { name: 'Turn Off Two-Factor' })).toBeVisible();

    await page.request.post('/api/accounts/logout', { headers: { Origin: originOf(testInfo) } });
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const code = page.getByLabel('Code from your app');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await snap(page, testInfo, 'two-factor-sign-in');
    await code.fill('000000' === (await appCode(manualKey)) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByLabel('Code from your app')).toHaveAccessibleDescription(
      'That code did not match. Codes change every 30 seconds.',
    );
    await page.getByLabel('Code from your app').fill(await appCode(manualKey));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/feed');
  });

  test(
    'the Owner with two-factor on enters the code in the owner dialog',
    SHARED_STATE,
    async ({ page, ownerApi }, testInfo) => {
      const { manualKey } = await enrolTwoFactorByApi(ownerApi, testInfo, E2E_OWNER_PASSWORD);
      try {
        await skipWelcomeDialogs(page);
        await page.goto('/login');
        await page.getByRole('button', { name: 'Sign in as Owner' }).click();
        const dialog = page.getByRole('dialog', { name: 'Owner Login' });
        await dialog.getByLabel('Owner password').fill(E2E_OWNER_PASSWORD);
        await dialog.getByRole('button', { name: 'Sign In' }).click();
        await expect(dialog.getByLabel('Code from your app')).toBeFocused();
        await snap(page, testInfo, 'owner-dialog-code-step');
        await dialog.getByLabel('Code from your app').fill(await appCode(manualKey));
        await dialog.getByRole('button', { name: 'Verify' }).click();
        await expect(page).toHaveURL('/feed');
      } finally {
        // Every other story signs the Owner in with the password alone.
        const off = await ownerApi.post('/api/accounts/account/two-factor/disable', {
          headers: { Origin: originOf(testInfo) },
          data: { password: E2E_OWNER_PASSWORD, code: await appCode(manualKey) },
        });
        expect(off.status(), await off.text()).toBe(200);
      }
    },
  );
});
