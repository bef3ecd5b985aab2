import { expect, type Page } from '@playwright/test';
import { smallTargets, test } from './fixtures';

/*
 * Headless Chromium cannot obtain a real push subscription (no push service), so these stories cover what a
 * member sees before one: the states of the switch. The server side of subscriptions and sending is tested
 * against a fake push service (src/features/notifications/server/push.test.ts).
 */
async function openPushSettings(page: Page) {
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Push Notifications' });
  await expect(section).toBeVisible();
  return section;
}

test.describe('Push notifications in Account Settings', () => {
  // Push needs the app's service worker, which the other stories do without (playwright-base.ts).
  test.use({ serviceWorkers: 'allow' });

  test('a member whose device has no app worker yet is told push is not available there', async ({
    newMember,
  }) => {
    const { page } = await newMember('Push Member');
    // A device never asked about notifications: the headless shell the tests run answers "denied" for every site
    // until told otherwise (docs/decisions/044), where a member's browser answers "default".
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'default' });
    });
    const section = await openPushSettings(page);
    await expect(section).toContainText('Push notifications are not available on this device yet.');
    await expect(section.getByRole('switch')).toHaveCount(0);
  });

  test('a member whose browser has no Push API is told so, and how an iPhone gets it', async ({
    newMember,
  }) => {
    const { page } = await newMember('Push Member');
    await page.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    const section = await openPushSettings(page);
    await expect(section).toContainText('This browser cannot receive push notifications.');
    await expect(section).toContainText('add The Vault to your Home Screen');
  });

  test('a member who blocked notifications is told how to allow them', async ({ newMember }) => {
    const { page } = await newMember('Push Member');
    // The browser's own answer, as after "Block" on its permission prompt.
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    const section = await openPushSettings(page);
    await expect(section).toContainText('Notifications are blocked for this site in your browser.');
    await expect(section).toContainText('set Notifications to Allow, then reload this page');
    expect(await smallTargets(section)).toEqual([]);
  });
});
