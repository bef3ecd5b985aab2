import fs from 'node:fs';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { OrderView, PlaceOrderResponse } from '~/features/shop/orders.schema';
import type { ShopSettings } from '~/features/shop/shop.schema';
import { originOf, test, type Person } from './fixtures';
import { makeDriver } from './support/driver-orders';

/**
 * What the audit log then holds about one run: the Owner makes a member an approved driver, a customer orders a
 * delivery, the driver calls dibs, and the Owner cancels the order.
 */
async function auditedRun(
  newMember: (label: string) => Promise<Person>,
  ownerApi: APIRequestContext,
  testInfo: TestInfo,
  label: string,
) {
  const headers = { Origin: originOf(testInfo) };
  // A name no other story uses, so the Driver filter lists exactly this one.
  const driver = await newMember(`${label} Driver ${Math.random().toString(36).slice(2, 6)}`);
  await makeDriver(ownerApi, testInfo, driver.user.id);

  const customer = await newMember(`${label} Customer`);
  const { stickers } = (await (await customer.request.get('/api/shop/menu')).json()) as {
    stickers: { id: string; name: string; prices: Record<string, number | undefined> }[];
  };
  const settings = (await (await customer.request.get('/api/shop/settings')).json()) as ShopSettings;
  const sticker = stickers.find((s) => s.name === 'Velvet Nebula')!;
  const placed = await customer.request.post('/api/orders', {
    headers,
    data: {
      idempotencyKey: `e2e-audit-${testInfo.project.name}-${Date.now()}-${Math.random()}`,
      deliveryMethod: 'Delivery',
      paymentMethod: 'Cash',
      phone: '(202) 555-0163',
      address: '77 Audit Lane NW, Washington, DC 20001',
      items: [{ stickerId: sticker.id, size: '3.5g', quantity: 1 }],
      expectedTotalCents: sticker.prices['3.5g']! + settings.deliveryFeeCents,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order: OrderView = ((await placed.json()) as PlaceOrderResponse).order;

  const claim = await driver.request.post(`/api/driver/orders/${order.id}/claim`, { headers });
  expect(claim.status(), await claim.text()).toBe(200);
  const cancel = await ownerApi.patch(`/api/admin/orders/${order.id}/status`, {
    headers,
    data: { status: 'cancelled' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  return { driverName: driver.member.fullName, driverId: driver.user.id, order };
}

async function openLogs(page: Page) {
  await page.goto('/admin?tab=logs');
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 2 })).toBeVisible();
}

/** The log's entries: rows of a table on wide screens, cards on phones, one entry (an article) each. */
const entries = (page: Page) =>
  page.getByRole('list', { name: 'Audit log entries, newest first' }).getByRole('article');

/** The front toast, with this title only. */
async function expectTitleToast(page: Page, title: string) {
  const toast = page
    .locator('[data-sonner-toast][data-front="true"]')
    .filter({ has: page.locator('[data-title]', { hasText: title }) });
  await expect(toast.locator('[data-title]')).toHaveText(title);
  await expect(toast).toHaveAttribute('data-type', 'success');
}

test.describe('Audit Log', () => {
  test('an admin filters the audit log by driver, then by order, and sees each filter applied', async ({
    newMember,
    ownerApi,
    ownerPage,
  }, testInfo) => {
    const { driverName, driverId, order } = await auditedRun(newMember, ownerApi, testInfo, 'Filter');
    await openLogs(ownerPage);
    const filters = ownerPage.getByRole('form', { name: 'Audit log filters' });
    await expect(filters.getByLabel('Event Type').locator('option').first()).toHaveText('All Event Types');
    await expect(filters.getByLabel('Driver').locator('option').first()).toHaveText('All Drivers');

    // By driver: their approval and going online, their claim, and the Owner's change to their order.
    await filters.getByLabel('Driver').selectOption({ label: driverName });
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expectTitleToast(ownerPage, 'Filters Applied');
    await expect(ownerPage).toHaveURL(/[?&]driverId=/);
    await expect(entries(ownerPage)).toHaveCount(4);
    await expect(entries(ownerPage).nth(0)).toContainText('Order status changed');
    await expect(entries(ownerPage).nth(0)).toContainText(
      `Changed the status of order #${order.shortId} from claimed to cancelled (driver ${driverName}`,
    );
    await expect(entries(ownerPage).nth(1)).toContainText('Order claimed');
    // The Owner reads contact details: the driver's e-mail follows their name.
    await expect(entries(ownerPage).nth(1)).toContainText(
      new RegExp(`${driverName} \\(e2e-[^)]+@vault\\.example\\) called dibs on order #${order.shortId}\\.`),
    );
    await expect(entries(ownerPage).filter({ hasText: 'Driver status changed' })).toHaveCount(2);
    await expect(entries(ownerPage).filter({ hasText: `Approved ${driverName}` })).toHaveCount(1);
    await expect(entries(ownerPage).filter({ hasText: `Set ${driverName}` })).toHaveCount(1);

    // By order, with the short number shown on it: the claim and the change, newest first.
    await filters.getByLabel('Driver').selectOption({ label: 'All Drivers' });
    await filters.getByLabel('Order ID').fill(`#${order.shortId}`);
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expectTitleToast(ownerPage, 'Filters Applied');
    await expect(entries(ownerPage)).toHaveCount(2);
    await expect(entries(ownerPage).nth(0)).toContainText('Order status changed');
    await expect(entries(ownerPage).nth(1)).toContainText('Order claimed');
    // The driver's name (as actor and in the details) links to their profile; the order to its own log.
    const claimed = entries(ownerPage).nth(1);
    await expect(claimed.getByRole('link', { name: driverName })).toHaveCount(2);
    for (const link of await claimed.getByRole('link', { name: driverName }).all()) {
      await expect(link).toHaveAttribute('href', `/profile/${driverId}`);
    }
    await expect(claimed.getByRole('link', { name: `order #${order.shortId}` })).toHaveAttribute(
      'href',
      `/admin?tab=logs&orderId=${encodeURIComponent(order.id)}`,
    );

    // The filters survive a reload, and nothing matching says so.
    await ownerPage.reload();
    await expect(filters.getByLabel('Order ID')).toHaveValue(`#${order.shortId}`);
    await expect(entries(ownerPage)).toHaveCount(2);
    await filters.getByLabel('Event Type').selectOption({ label: 'Driver status changed' });
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(ownerPage.getByText('No logs found matching criteria.')).toBeVisible();
  });

  test('an admin downloads the filtered audit log as audit-log.csv', async ({
    newMember,
    ownerApi,
    ownerPage,
  }, testInfo) => {
    const { driverName, order } = await auditedRun(newMember, ownerApi, testInfo, 'Export');
    await ownerPage.goto(`/admin?tab=logs&orderId=${encodeURIComponent(order.id)}`);
    await expect(entries(ownerPage)).toHaveCount(2);

    const downloading = ownerPage.waitForEvent('download');
    await ownerPage.getByRole('button', { name: 'Export CSV' }).click();
    await expectTitleToast(ownerPage, 'Log export started.');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('audit-log.csv');
    const lines = (await fs.promises.readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('Timestamp,Event Type,Actor,Details,Order ID');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(new RegExp(`,ORDER_STATUS_CHANGED,.*,${order.id}$`)),
      expect.stringMatching(new RegExp(`,ORDER_CLAIMED,${driverName},.*,${order.id}$`)),
    ]);
  });
});
