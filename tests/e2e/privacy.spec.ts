import { expect } from '@playwright/test';
import { DELETE_ACCOUNT_WARNING } from '~/features/profiles/privacy.constants';
import { dismissWeeklyBonus, expectToast, originOf, test } from './fixtures';

test('a member downloads their data, deletes their account, and their post stays from Former member', async ({
  newMember,
}, testInfo) => {
  const { page, member: leaving } = await newMember('Leaving Member');
  const content = `Goodbye from ${testInfo.project.name} ${Date.now()}`;
  const posted = await page.request.post('/api/feed/posts', {
    headers: { Origin: originOf(testInfo) },
    data: { content },
  });
  expect(posted.status()).toBe(201);

  await page.goto('/profile');
  await dismissWeeklyBonus(page);
  await page.getByRole('button', { name: 'Download My Data' }).click();
  const download = page.getByRole('dialog', { name: 'Download My Data' });
  await expect(download).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('download-dialog.png') });
  await download.getByRole('button', { name: 'Prepare Download' }).click();
  await expect(download.getByRole('status')).toContainText('Your file is ready');
  const saved = page.waitForEvent('download');
  await download.getByRole('button', { name: 'Download .zip' }).click();
  expect((await saved).suggestedFilename()).toMatch(/^vault-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await download.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Delete My Account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete My Account?' });
  await expect(confirm).toContainText(DELETE_ACCOUNT_WARNING);
  await confirm.getByLabel('Your password').fill('not-my-password');
  await confirm.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(confirm.getByLabel('Your password')).toHaveAccessibleDescription(
    /That is not your current password\./,
  );
  await page.screenshot({ path: testInfo.outputPath('delete-dialog.png') });
  await confirm.getByLabel('Your password').fill(leaving.password);
  await confirm.getByRole('button', { name: 'Delete My Account' }).click();
  await expectToast(page, 'Account deleted', 'Your personal details are removed. Goodbye.');
  await expect(page.getByRole('link', { name: 'Member Sign In' }).or(page.getByLabel('Email'))).toBeVisible();

  // Another member reads the post, from Former member.
  const reader = await newMember('Staying Member');
  await reader.page.goto('/feed');
  const post = reader.page.getByRole('article').filter({ hasText: content });
  await expect(post).toContainText('Former member');
  await expect(post).not.toContainText(leaving.fullName);
});
