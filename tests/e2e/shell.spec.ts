import { expect, test, type Page } from '@playwright/test';
import { skipWelcomeDialogs } from './fixtures';

/** Opens the welcome page past its age and install dialogs (accounts.spec.ts tests those). */
async function visitWelcomePage(page: Page) {
  await skipWelcomeDialogs(page);
  await page.goto('/');
}

test('a visitor opening the app sees The Vault welcome page', async ({ page }, testInfo) => {
  await visitWelcomePage(page);

  await expect(page.getByRole('heading', { name: 'The Vault', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Member Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request Access' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('welcome-page.png'), fullPage: true });
});

test('an unknown page shows the 404 page', async ({ page }, testInfo) => {
  await page.goto('/no-such-page');

  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const back = page.getByRole('link', { name: 'Back to The Vault' });
  await expect(back).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('not-found-page.png'), fullPage: true });

  await back.click();
  await expect(page).toHaveURL('/');
});
