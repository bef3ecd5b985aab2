import fs from 'node:fs';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { OrderView, PlaceOrderResponse } from '~/features/shop/orders.schema';
import type {
  PickupLocationsResponse,
  CatalogResponse,
  MenuResponse,
  ShopSettings,
} from '~/features/shop/shop.schema';
import { pickupLocationLabel } from '~/features/shop/shop.constants';
import { expectToast, originOf, SHARED_STATE, test } from './fixtures';
import { TINY_PNG } from './support/images';

const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Two Velvet Nebula at 3.5g for pickup at Van Ness: pickup orders stay out of the drivers' queue. */
async function placePickupOrder(
  request: APIRequestContext,
  testInfo: TestInfo,
  pickupLocation = 'van ness',
): Promise<OrderView> {
  const { stickers } = (await (await request.get('/api/shop/menu')).json()) as MenuResponse;
  const sticker = stickers.find((s) => s.name === 'Velvet Nebula')!;
  const response = await request.post('/api/orders', {
    headers: { Origin: originOf(testInfo) },
    data: {
      idempotencyKey: `e2e-desk-${testInfo.project.name}-${Date.now()}-${Math.random()}`,
      deliveryMethod: 'Pickup',
      paymentMethod: 'Cash',
      phone: '(202) 555-0143',
      pickupLocation,
      items: [{ stickerId: sticker.id, size: '3.5g', quantity: 2 }],
      expectedTotalCents: 2 * sticker.prices['3.5g']!,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as PlaceOrderResponse).order;
}

async function openTab(page: Page, tab: 'orders' | 'catalog' | 'locations' | 'settings', heading: string) {
  await page.goto(`/admin?tab=${tab}`);
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
}

/** An order on the desk: one entry, a row of the table on wide screens and a card on phones. */
const deskEntry = (page: Page, shortId: string) =>
  page.getByRole('article', { name: `Order #${shortId}`, exact: true });

/** A toast with only a title, in the given style ('Location already exists.'). */
async function expectTitleToast(page: Page, title: string, type: 'error' | 'success') {
  const toast = page
    .locator('[data-sonner-toast][data-front="true"]')
    .filter({ has: page.locator('[data-title]', { hasText: title }) });
  await expect(toast.locator('[data-title]')).toHaveText(title);
  await expect(toast).toHaveAttribute('data-type', type);
}

test.describe('Shop administration', () => {
  test("an admin confirms a member's order and the member's My Orders shows Confirmed without a reload", async ({
    newMember,
    ownerPage,
  }, testInfo) => {
    const customer = await newMember('Desk Customer');
    const order = await placePickupOrder(customer.page.request, testInfo);
    await customer.page.goto('/orders');
    const status = customer.page
      .getByRole('article', { name: `Order #${order.shortId}` })
      .locator('[aria-live="polite"]');
    await expect(status).toHaveText('Status: Placed');
    await customer.page.evaluate(() => Object.assign(window, { notReloaded: true }));

    await openTab(ownerPage, 'orders', 'Sticker Orders');
    const entry = deskEntry(ownerPage, order.shortId);
    await expect(entry).toContainText(customer.member.fullName);
    await expect(entry).toContainText(customer.member.email);
    await expect(entry).toContainText('2 × Velvet Nebula');
    await expect(entry).toContainText('Van Ness');
    const select = entry.getByLabel(`Status of order #${order.shortId}`);
    await expect(select).toHaveValue('pending');
    // Claimed and in progress belong to the driver flow; a pickup order is never out for delivery.
    await expect(select.locator('option')).toHaveText([
      'Pending',
      'Confirmed',
      'Ready for pickup',
      'Completed',
      'Cancelled',
    ]);

    await select.selectOption('confirmed');
    await expectTitleToast(ownerPage, `Order #${order.shortId}: Confirmed`, 'success');
    await expect(select).toHaveValue('confirmed');

    await expect(status).toHaveText('Status: Confirmed');
    expect(await customer.page.evaluate(() => 'notReloaded' in window)).toBe(true);
  });

  test('an admin completes an order and it moves from the active list to the archive', async ({
    newMember,
    ownerPage,
  }, testInfo) => {
    const customer = await newMember('Archive Customer');
    const order = await placePickupOrder(customer.page.request, testInfo);

    await openTab(ownerPage, 'orders', 'Sticker Orders');
    const views = ownerPage.getByRole('radiogroup', { name: 'Orders shown' });
    await expect(views.getByRole('radio', { name: 'Active' })).toBeChecked();
    const entry = deskEntry(ownerPage, order.shortId);
    await entry.getByLabel(`Status of order #${order.shortId}`).selectOption('completed');
    await expectToast(ownerPage, `Order #${order.shortId}: Completed`, 'It has moved to the archive.', {
      type: 'success',
    });
    await expect(entry).toHaveCount(0);

    // Nobody confirmed it: the member's timeline goes from Placed to Completed without a Confirmed step.
    await customer.page.goto('/orders');
    const mine = customer.page.getByRole('article', { name: `Order #${order.shortId}` });
    await expect(mine.getByRole('list', { name: 'Order progress' }).getByRole('listitem')).toHaveText([
      'Placed',
      'Ready for pickup',
      'Completed',
    ]);
    await expect(mine).toContainText('Van Ness');
    await customer.page.screenshot({ path: testInfo.outputPath('my-orders.png'), fullPage: true });

    await views.getByRole('radio', { name: 'Archived' }).click();
    await expect(ownerPage).toHaveURL(/[?&]view=archived/);
    await expect(entry).toContainText(customer.member.fullName);
    await expect(entry.getByLabel(`Status of order #${order.shortId}`)).toHaveValue('completed');

    // The archive stays open across a reload; Active brings the list back.
    await ownerPage.reload();
    await expect(views.getByRole('radio', { name: 'Archived' })).toBeChecked();
    await expect(entry).toBeVisible();
    await views.getByRole('radio', { name: 'Active' }).click();
    await expect(entry).toHaveCount(0);
  });

  test('an admin exports the active orders as CSV', async ({ newMember, ownerPage }, testInfo) => {
    const customer = await newMember('Export Customer');
    const order = await placePickupOrder(customer.page.request, testInfo);

    await openTab(ownerPage, 'orders', 'Sticker Orders');
    await expect(deskEntry(ownerPage, order.shortId)).toBeVisible();
    const downloading = ownerPage.waitForEvent('download');
    await ownerPage.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orders-active-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.promises.readFile(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^Order ID,Created,Status,Method,Customer,/);
    expect(csv).toContain(order.id);
    await expectToast(ownerPage, 'Export complete', download.suggestedFilename(), { type: 'success' });
  });

  test('a Read-Only member sees the orders but not the customers’ contact details, and changes or exports nothing', async ({
    newMember,
  }, testInfo) => {
    const customer = await newMember('Private Customer');
    const order = await placePickupOrder(customer.page.request, testInfo);

    const reader = await newMember('Orders Reader', { roles: ['Read-Only'] });

    await openTab(reader.page, 'orders', 'Sticker Orders');
    const entry = deskEntry(reader.page, order.shortId);
    await expect(entry).toContainText(customer.member.fullName);
    await expect(entry).toContainText('Pending');
    await expect(entry).not.toContainText(customer.member.email);
    await expect(entry).not.toContainText('(202) 555-0143');
    await expect(entry.getByRole('combobox')).toHaveCount(0);
    await expect(reader.page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  });

  // Tagged: it changes the menu every member sees, so it runs after the other stories (playwright.config.ts).
  test(
    'an admin adds a sticker with a picture and hides it, and members no longer see it on the menu',
    SHARED_STATE,
    async ({ newMember, ownerPage, ownerApi }, testInfo) => {
      const name = `E2E Sticker ${testInfo.project.name} ${Date.now()}`;
      try {
        await openTab(ownerPage, 'catalog', 'Sticker Catalog');
        await ownerPage.getByRole('button', { name: 'Add Sticker' }).click();
        const dialog = ownerPage.getByRole('dialog', { name: 'Add Sticker' });
        const submit = dialog.getByRole('button', { name: 'Add Sticker' });
        const small = dialog.getByLabel('3.5g Sticker', { exact: true });
        const ounce = dialog.getByLabel('OZ Sticker', { exact: true });
        const pound = dialog.getByLabel('P Sticker', { exact: true });
        await expect(small).toHaveAttribute('placeholder', '45');
        await expect(ounce).toHaveAttribute('placeholder', '250');
        await expect(pound).toHaveAttribute('placeholder', '1800');

        // Name and description are required; nothing is sent without them.
        await submit.click();
        await expect(dialog.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
          'Name is required.',
        );
        await expect(dialog.getByLabel('Description', { exact: true })).toHaveAccessibleDescription(
          'Description is required.',
        );

        await dialog.getByLabel('Name', { exact: true }).fill(name);
        await dialog.getByLabel('Type', { exact: true }).selectOption('Sativa');
        await dialog.getByLabel('Description', { exact: true }).fill('A bright test sticker.');
        await dialog.getByLabel('Choose Image').setInputFiles({
          name: 'sticker.png',
          mimeType: 'image/png',
          buffer: TINY_PNG,
        });
        await expect(dialog).toContainText('sticker.png');
        // Only what a price can hold is kept; an empty size is not offered.
        await small.pressSequentially('a4$5.5x0');
        await expect(small).toHaveValue('45.50');
        await pound.fill('1,800');
        await expect(pound).toHaveValue('1800');
        await submit.click();
        await expectToast(ownerPage, 'Sticker added', `${name} is on the menu.`, { type: 'success' });
        await expect(dialog).toBeHidden();

        const card = ownerPage.getByRole('article', { name, exact: true });
        await expect(card).toContainText('Sativa');
        await expect(card).toContainText('$45.50');
        await expect(card).toContainText('Not offered');
        await expect(card).toContainText('$1,800.00');
        await expect(card.getByRole('img', { name })).toHaveAttribute('src', /^\/api\/uploads\//);

        await card.getByRole('button', { name: 'Hide from menu' }).click();
        await expectToast(ownerPage, 'Sticker hidden', `Members no longer see ${name} on the menu.`, {
          type: 'success',
        });
        await expect(card).toContainText('Hidden from menu');
        await expect(card.getByRole('button', { name: 'Show on menu' })).toBeVisible();

        const member = await newMember('Menu Reader');
        await member.page.goto('/menu');
        await expect(member.page.getByRole('article', { name: 'Velvet Nebula', exact: true })).toBeVisible();
        await expect(member.page.getByRole('article', { name, exact: true })).toHaveCount(0);
      } finally {
        // Other stories count the menu's stickers: never leave this one showing.
        const { stickers } = (await (await ownerApi.get('/api/admin/stickers')).json()) as CatalogResponse;
        const added = stickers.find((sticker) => sticker.name === name);
        if (added && !added.hidden) {
          await ownerApi.patch(`/api/admin/stickers/${added.id}`, {
            headers: { Origin: originOf(testInfo) },
            data: { hidden: true },
          });
        }
      }
    },
  );

  // Tagged: the pickup locations are one list for the whole shop, and the cart's story asserts all of them.
  test(
    'an admin is refused an empty or duplicate pickup location, then adds one and removes it',
    SHARED_STATE,
    async ({ ownerPage, ownerApi }, testInfo) => {
      // Shown as typed; its lowercase is the key an order keeps.
      const label = `E2E Spot ${testInfo.project.name} ${Date.now()} NW`;
      const place = label.toLowerCase();
      try {
        await openTab(ownerPage, 'locations', 'Manage Pickup Locations');
        const locations = ownerPage.getByRole('list', { name: 'Pickup locations' });
        await expect(locations.getByRole('listitem').filter({ hasText: 'Van Ness' })).toBeVisible();
        const field = ownerPage.getByLabel('New location', { exact: true });
        const add = ownerPage.getByRole('button', { name: 'Add Location' });

        await field.fill('   ');
        await add.click();
        await expectTitleToast(ownerPage, 'Location name cannot be empty.', 'error');
        await expect(field).toHaveAccessibleDescription('Location name cannot be empty.');

        // The same name in other letters is the same place.
        await field.fill('  VAN ness ');
        await add.click();
        await expectTitleToast(ownerPage, 'Location already exists.', 'error');
        await expect(field).toHaveAccessibleDescription('Location already exists.');

        await field.fill(`  ${label} `);
        await expect(field).not.toHaveAttribute('aria-invalid');
        await add.click();
        await expectToast(ownerPage, 'Location added', `${label} is now a pickup location.`, {
          type: 'success',
        });
        await expect(field).toHaveValue('');
        const added = locations.getByRole('listitem').filter({ hasText: label });
        await expect(added).toBeVisible();
        await ownerPage.screenshot({ path: testInfo.outputPath('locations.png'), fullPage: true });
        const listed = (await (
          await ownerApi.get('/api/shop/pickup-locations')
        ).json()) as PickupLocationsResponse;
        expect(listed.locations).toContainEqual({ name: place, displayName: label });
        const order = await placePickupOrder(ownerApi, testInfo, place);

        await added.getByRole('button', { name: `Remove ${label}` }).click();
        const confirm = ownerPage.getByRole('dialog', { name: `Remove ${label}?` });
        await expect(confirm).toContainText('Past orders keep it as their pickup location.');
        await confirm.getByRole('button', { name: 'Remove Location' }).click();
        await expectToast(ownerPage, 'Location removed', `${label} is no longer a pickup location.`, {
          type: 'success',
        });
        await expect(added).toHaveCount(0);

        // An order placed there keeps the place, read from its stored name now that the display name is gone.
        await openTab(ownerPage, 'orders', 'Sticker Orders');
        const entry = deskEntry(ownerPage, order.shortId);
        await expect(entry).toContainText(pickupLocationLabel(place));
        await entry.getByLabel(`Status of order #${order.shortId}`).selectOption('cancelled');
        await expect(entry).toHaveCount(0);
      } finally {
        // The cart's story lists the pickup locations: never leave this one behind.
        await ownerApi.delete(`/api/admin/pickup-locations/${encodeURIComponent(place)}`, {
          headers: { Origin: originOf(testInfo) },
        });
      }
    },
  );

  // Tagged: the pickup code is one setting for the whole shop, so this runs after the other stories.
  test(
    'with the pickup code on, the member shows a code at the counter and staff type it to complete the order',
    SHARED_STATE,
    async ({ newMember, ownerPage, ownerApi }, testInfo) => {
      const headers = { Origin: originOf(testInfo) };
      const setPickupCode = async (pickupCode: boolean) => {
        const now = (await (await ownerApi.get('/api/shop/settings')).json()) as ShopSettings;
        const saved = await ownerApi.put('/api/admin/shop-settings', {
          headers,
          data: { ...now, pickupCode },
        });
        expect(saved.status(), await saved.text()).toBe(200);
      };
      await setPickupCode(true);
      try {
        const customer = await newMember('Counter Customer');
        const order = await placePickupOrder(customer.page.request, testInfo);
        const ready = await ownerApi.patch(`/api/admin/orders/${order.id}/status`, {
          headers,
          data: { status: 'ready-for-pickup' },
        });
        expect(ready.status(), await ready.text()).toBe(200);
        await customer.page.goto('/orders');
        const mine = customer.page.getByRole('article', { name: `Order #${order.shortId}` });
        await expect(mine).toContainText('Pickup code: show it at the counter');
        const code = (await mine.getByText(/^\d{4}$/).textContent())!;

        await openTab(ownerPage, 'orders', 'Sticker Orders');
        const entry = deskEntry(ownerPage, order.shortId);
        await entry.getByLabel(`Status of order #${order.shortId}`).selectOption('completed');
        const dialog = ownerPage.getByRole('dialog', { name: `Complete order #${order.shortId}` });
        await dialog.getByLabel('Pickup code').fill(code === '0000' ? '1111' : '0000');
        await dialog.getByRole('button', { name: 'Mark Completed' }).click();
        await expect(dialog.getByLabel('Pickup code')).toHaveAccessibleDescription(
          'That is not the member’s code: 4 tries left.',
        );
        await dialog.getByLabel('Pickup code').fill(code);
        await dialog.getByRole('button', { name: 'Mark Completed' }).click();
        await expectToast(ownerPage, `Order #${order.shortId}: Completed`, 'It has moved to the archive.', {
          type: 'success',
        });
        await expect(dialog).toHaveCount(0);
        await expect(entry).toHaveCount(0);
        // The member's page follows: completed, and the code is gone.
        await expect(mine.getByText(/^\d{4}$/)).toHaveCount(0);
      } finally {
        await setPickupCode(false);
      }
    },
  );

  // Tagged: the delivery fee is one setting for the whole shop, so this runs after the other stories.
  test(
    "an admin changes the delivery fee in Settings and a member's open cart shows it",
    SHARED_STATE,
    async ({ newMember, ownerPage, ownerApi }, testInfo) => {
      const fee = 2345;
      const customer = await newMember('Fee Customer');
      await customer.page.goto('/menu');
      await customer.page
        .getByRole('article', { name: 'Velvet Nebula', exact: true })
        .getByRole('button', { name: 'Add to cart' })
        .click();
      await customer.page.goto('/cart');
      const checkout = customer.page.getByRole('region', { name: 'Checkout' });
      const cartFee = checkout
        .getByRole('term')
        .filter({ hasText: /^Delivery fee$/ })
        .locator('xpath=following-sibling::dd[1]');

      {
        const original = (await (await ownerApi.get('/api/shop/settings')).json()) as ShopSettings;
        try {
          await expect(cartFee).toHaveText(dollars(original.deliveryFeeCents));
          await openTab(ownerPage, 'settings', 'Settings');
          const field = ownerPage.getByLabel('Delivery fee', { exact: true });
          const save = ownerPage.getByRole('button', { name: 'Save', exact: true });
          await expect(field).toHaveValue(String(original.deliveryFeeCents / 100));
          await expect(ownerPage.getByLabel('Shop name', { exact: true })).toHaveValue(original.shopName);

          // Letters are ignored, so this leaves the fee empty, which is refused under the field.
          await field.fill('');
          await field.pressSequentially('abc');
          await expect(field).toHaveValue('');
          await save.click();
          await expect(field).toHaveAccessibleDescription('Pickup is free Enter the delivery fee.');

          await field.fill(String(fee / 100));
          await save.click();
          await expectTitleToast(ownerPage, 'Settings saved', 'success');
          await expect(cartFee).toHaveText(dollars(fee));

          // Other stories expect the shop's usual fee: put it back as it was.
          await field.fill(String(original.deliveryFeeCents / 100));
          await save.click();
          await expect(cartFee).toHaveText(dollars(original.deliveryFeeCents));
        } finally {
          const now = (await (await ownerApi.get('/api/shop/settings')).json()) as ShopSettings;
          if (now.deliveryFeeCents !== original.deliveryFeeCents) {
            await ownerApi.put('/api/admin/shop-settings', {
              headers: { Origin: originOf(testInfo) },
              data: { ...now, deliveryFeeCents: original.deliveryFeeCents },
            });
          }
        }
      }
    },
  );
});
