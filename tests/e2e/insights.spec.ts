import fs from 'node:fs';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { PlaceOrderResponse } from '~/features/shop/orders.schema';
import type { MenuResponse } from '~/features/shop/shop.schema';
import { formatCents } from '~/shared/money';
import { expectToast, headerTabNames, originOf, test } from './fixtures';

const dashboardTabs = (page: Page) =>
  page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');

/** A card of the Overview tab, named by its title (its table inside is named "…, table"). */
const chartCard = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** One Velvet Nebula at 3.5g for pickup, paid in cash, with `promoCode` if given; resolves with what it took off. */
async function placePickupOrder(
  request: APIRequestContext,
  testInfo: TestInfo,
  promoCode?: string,
): Promise<{ offCents: number }> {
  const { stickers } = (await (await request.get('/api/shop/menu')).json()) as MenuResponse;
  const sticker = stickers.find((candidate) => candidate.name === 'Velvet Nebula')!;
  const price = sticker.prices['3.5g']!;
  // A new member is level 1, below every level perk: a 10% code is the only discount.
  const offCents = promoCode ? Math.floor(price / 10) : 0;
  const placed = await request.post('/api/orders', {
    headers: { Origin: originOf(testInfo) },
    data: {
      idempotencyKey: `e2e-insights-${testInfo.project.name}-${Date.now()}-${Math.random()}`,
      deliveryMethod: 'Pickup',
      paymentMethod: 'Cash',
      phone: '(202) 555-0143',
      pickupLocation: 'van ness',
      items: [{ stickerId: sticker.id, size: '3.5g', quantity: 1 }],
      ...(promoCode && { promoCode }),
      expectedTotalCents: price - offCents,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  expect(((await placed.json()) as PlaceOrderResponse).order.totalCents).toBe(price - offCents);
  return { offCents };
}

/** Opens the dashboard with no tab asked for and waits for the Overview's figures. */
async function openOverview(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sales', level: 3 })).toBeVisible();
}

test.describe('Insights', () => {
  test("the Owner lands on Overview, counts today's days, reads a promo code's row in its table and downloads the sales CSV", async ({
    newMember,
    ownerApi,
    ownerPage: page,
  }, testInfo) => {
    const headers = { Origin: originOf(testInfo) };
    // A promo code of this story's own, used once today: a row nobody else's orders can change.
    const code = `INS-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
    const created = await ownerApi.post('/api/admin/promo-codes', {
      headers,
      data: { code, kind: 'percent', percentOff: 10 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { request } = await newMember('Insights Customer');
    const { offCents: off } = await placePickupOrder(request, testInfo, code);

    // No tab asked for: the Owner, who reads insights, lands on Overview, over the last 30 days.
    await openOverview(page);
    await expect(page).toHaveURL('/admin');
    const range = page.getByLabel('Range', { exact: true });
    await expect(range).toHaveValue('30');
    await expect(
      page.getByText(/^(up|down) .* on the previous 30 days$|^no change on the previous 30 days$/).first(),
    ).toBeAttached();

    // Today only: the range goes into the address, so a reload keeps it, and the cards compare with yesterday.
    await range.selectOption({ label: 'Today' });
    await expect(page).toHaveURL(/\/admin\?tab=overview&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    const today = new URL(page.url()).searchParams.get('to')!;
    expect(new URL(page.url()).searchParams.get('from')).toBe(today);
    await expect(page.getByText(/ on the previous day$/).first()).toBeAttached();
    await page.reload();
    await expect(range).toHaveValue('today');

    // The promo codes chart as its table: the story's code, one order, what it took off.
    const promos = chartCard(page, 'Promo codes');
    await expect(promos.getByRole('img', { name: /^Promo codes: a chart/ })).toBeVisible();
    await promos.getByRole('button', { name: 'Table' }).click();
    await expect(promos.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    const table = promos.getByRole('table', { name: 'Promo codes' });
    await expect(table.getByRole('columnheader')).toHaveText(['Promo code', 'Orders', 'Discount']);
    const row = table.getByRole('row', { name: code });
    await expect(row.getByRole('rowheader')).toHaveText(code);
    await expect(row.getByRole('cell')).toHaveText(['1', formatCents(off)]);
    await expect(promos.getByRole('img')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('overview-today.png'), fullPage: true });

    // The Sales section as a spreadsheet, for today.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV of Sales' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`insights-sales-${today}-to-${today}.csv`);
    const lines = (await fs.promises.readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('Day,Revenue ($),Revenue without fees ($),Orders');
    expect(lines).toContain(`${code},1,${(off / 100).toFixed(2)}`);
    await expectToast(page, 'Export complete', download.suggestedFilename(), { type: 'success' });
  });

  test('a Read-Only member sees the Overview charts and their tables but no CSV', async ({
    newMember,
  }, testInfo) => {
    const { page, request } = await newMember('Insights Reader', { roles: ['Read-Only'] });
    await placePickupOrder(request, testInfo);
    await openOverview(page);
    await expect(dashboardTabs(page).first()).toHaveText('Overview');

    // An order of the reader's own, so the days have a chart to read whatever else the run has done.
    const daily = chartCard(page, 'Revenue and orders per day');
    await expect(daily.getByRole('img', { name: /^Revenue and orders per day: a chart/ })).toBeVisible();
    await daily.getByRole('button', { name: 'Table' }).click();
    const table = daily.getByRole('table', { name: 'Revenue and orders per day' });
    await expect(table.getByRole('columnheader')).toHaveText(['Day', 'Revenue', 'Orders', 'Average order']);
    // Every day of the 30, oldest first, under the header row.
    await expect(table.getByRole('row')).toHaveCount(31);
    for (const section of ['Sales', 'Products', 'Members', 'Deliveries', 'Economy']) {
      await expect(page.getByRole('heading', { name: section, level: 3 })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: /Export CSV/ })).toHaveCount(0);

    // The server refuses the download all the same.
    const refused = await request.get(
      '/api/admin/insights/export?section=sales&from=2026-01-01&to=2026-01-31',
      {
        headers: { Origin: originOf(testInfo) },
      },
    );
    expect(refused.status()).toBe(403);
  });

  test('a Driver has no Overview: no dashboard at all, and a driver who manages orders opens it on Orders', async ({
    newMember,
  }, testInfo) => {
    const { page, request } = await newMember('Insights Driver', { roles: ['Driver'] });
    await page.goto('/admin');
    await expect(page).toHaveURL('/feed');
    expect(await headerTabNames(page, testInfo)).not.toContain('Admin');
    expect((await request.get('/api/admin/insights?from=2026-01-01&to=2026-01-31')).status()).toBe(403);

    const { page: dispatcher } = await newMember('Insights Dispatcher', {
      roles: ['Driver', 'Orders Manager'],
    });
    await dispatcher.goto('/admin');
    await expect(dashboardTabs(dispatcher).first()).toHaveText('Orders');
    await expect(dashboardTabs(dispatcher).filter({ hasText: 'Overview' })).toHaveCount(0);
    await expect(dispatcher.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    // Asking for Overview by its address opens the first tab the roles allow instead.
    await dispatcher.goto('/admin?tab=overview');
    await expect(dispatcher.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    await expect(dispatcher.getByRole('heading', { name: 'Overview', level: 2 })).toHaveCount(0);
  });
});
