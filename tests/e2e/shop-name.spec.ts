import { expect, type Page } from '@playwright/test';
import type { ShopSettings } from '~/features/shop/shop.schema';
import { originOf, SHARED_STATE, test } from './fixtures';

/** The front toast with this title, in the success style. */
async function expectSuccessToast(page: Page, title: string) {
  const toast = page
    .locator('[data-sonner-toast][data-front="true"]')
    .filter({ has: page.locator('[data-title]', { hasText: title }) });
  await expect(toast.locator('[data-title]')).toHaveText(title);
  await expect(toast).toHaveAttribute('data-type', 'success');
}

// Tagged: while it runs, every page's header and title carry the new name; it puts the old one back.
test(
  'an admin renames the shop, and the header, the page titles and the welcome page say the new name',
  SHARED_STATE,
  async ({ newMember, ownerPage, ownerApi, page: visitor }, testInfo) => {
    const name = 'Night Owl Club';
    const original = (await (await ownerApi.get('/api/shop/settings')).json()) as ShopSettings;
    const { page } = await newMember('Name Watcher');
    await page.goto('/feed');
    await expect(page).toHaveTitle(`Community Feed · ${original.shopName}`);
    try {
      await ownerPage.goto('/admin?tab=settings');
      const field = ownerPage.getByLabel('Shop name', { exact: true });
      await expect(field).toHaveValue(original.shopName);
      await field.fill(name);
      await ownerPage.getByRole('button', { name: 'Save', exact: true }).click();
      await expectSuccessToast(ownerPage, 'Settings saved');
      await expect(ownerPage).toHaveTitle(`Admin Dashboard · ${name}`);

      // A member's open page follows live: the header's home link and the title.
      const home = page.getByRole('banner').getByRole('link', { name: `${name}, go to the feed` });
      await expect(home).toBeVisible();
      await expect(home).toHaveAttribute('title', name);
      await expect(page).toHaveTitle(`Community Feed · ${name}`);
      await page.getByRole('banner').screenshot({ path: testInfo.outputPath('header-renamed.png') });
      await page.goto('/menu');
      await expect(page).toHaveTitle(`Menu · ${name}`);

      // A visitor meets it from the first paint: the page's shell, then the welcome heading, the title and the
      // installable app's manifest.
      const shell = await (await visitor.request.get('/')).text();
      expect(shell).toContain(`<h1>${name}</h1>`);
      await visitor.goto('/');
      await expect(visitor.locator('h1')).toHaveText(name);
      await expect(visitor).toHaveTitle(name);
      const manifest = (await (await visitor.request.get('/manifest.webmanifest')).json()) as {
        name: string;
        short_name: string;
      };
      expect(manifest).toMatchObject({ name, short_name: name });
      await visitor.screenshot({ path: testInfo.outputPath('welcome-renamed.png') });
    } finally {
      // Other stories expect the shop's usual name: put it back as it was.
      const now = (await (await ownerApi.get('/api/shop/settings')).json()) as ShopSettings;
      if (now.shopName !== original.shopName) {
        const restored = await ownerApi.put('/api/admin/shop-settings', {
          headers: { Origin: originOf(testInfo) },
          data: { ...now, shopName: original.shopName },
        });
        expect(restored.status(), await restored.text()).toBe(200);
      }
    }
    await expect(page).toHaveTitle(`Menu · ${original.shopName}`);
  },
);
