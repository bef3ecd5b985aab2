import { expect, type Page } from '@playwright/test';
import { RESET_LINK_SENT } from '~/features/accounts/accounts.constants';
import {
  dismissWeeklyBonus,
  expectToast,
  registerByApi,
  signInByApi,
  skipWelcomeDialogs,
  test,
  uniqueMember,
} from './fixtures';
import { linkInMail } from './support/mailbox';

/** The header's avatar opens the member's own pages. */
async function openAccountSettings(page: Page) {
  await page.getByRole('button', { name: 'Your profile' }).click();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
}

test.describe('Forgot password', () => {
  test('a member who forgot their password gets a link by e-mail, chooses a new one and signs in with it', async ({
    page,
    request,
  }, testInfo) => {
    const member = uniqueMember(testInfo, 'Forgetful Member');
    await registerByApi(request, testInfo, member);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot Password', level: 1 })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status')).toContainText(RESET_LINK_SENT);

    // The e-mail went by SMTP to the suite's receiver; its link opens this app.
    const link = await linkInMail(member.email, '/reset-password');
    expect(new URL(link).origin).toBe(new URL(testInfo.project.use.baseURL!).origin);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a New Password', level: 1 })).toBeVisible();
    const newPassword = 'a-brand-new-passphrase';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}!`);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByLabel('Confirm new password', { exact: true })).toHaveAccessibleDescription(
      'The passwords do not match.',
    );
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expectToast(page, 'Password Changed', 'Sign in with your new password.', { type: 'success' });
    await expect(page).toHaveURL('/login');

    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/feed');

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('alert')).toContainText('Link Expired');
  });
});

test.describe('Account Settings', () => {
  test('a member changes their phone in Account Settings and checkout fills in the new one', async ({
    newMember,
  }) => {
    const { page } = await newMember('New Number');
    await page.goto('/menu');
    await dismissWeeklyBonus(page);
    await page
      .getByRole('article', { name: 'Velvet Nebula', exact: true })
      .getByRole('button', { name: 'Add to cart' })
      .click();

    await openAccountSettings(page);
    const phone = page.getByLabel('Phone number', { exact: true });
    await expect(phone).toHaveValue('(202) 555-0143');
    await phone.fill('202.555.0199');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('[data-sonner-toast]', { hasText: 'Contact details saved' })).toBeVisible();
    await expect(phone).toHaveValue('(202) 555-0199');

    await page.getByRole('link', { name: 'Cart, 1 item' }).click();
    await expect(page.getByRole('radio', { name: 'Delivery' })).toBeChecked();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(202) 555-0199');
  });

  test('a member signs out another device from Account Settings, and that device is signed out at its next request', async ({
    newMember,
    browser,
  }, testInfo) => {
    const { page, member } = await newMember('Two Devices');
    // The same member signs in on a second device: the sign-in is this story's subject.
    const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
    const otherDevice = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
    const other = await otherDevice.newPage();
    await skipWelcomeDialogs(other);
    await signInByApi(other.request, testInfo, member);
    await other.goto('/profile');
    await expect(other.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();

    // The other device's first page took the weekly bonus.
    await page.goto('/feed');
    await openAccountSettings(page);
    const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(2);
    await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
    await expect(devices.filter({ hasNotText: 'This device' })).toContainText(
      /Last active \w{3} \d{1,2}, \d{4}/,
    );

    await devices
      .filter({ hasNotText: 'This device' })
      .getByRole('button', { name: /^Sign out / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Sign Out This Device?' });
    await dialog.getByRole('button', { name: 'Sign Out' }).click();
    await expect(dialog).toBeHidden();
    await expect(devices).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Sign out of all other devices' })).toHaveCount(0);

    await other.reload();
    await expect(other).toHaveURL('/login');
    await otherDevice.close();
  });
});
