import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { RewardsResponse, RedeemResponse } from '~/features/economy/rewards.schema';
import type { PlaceOrderResponse } from '~/features/shop/orders.schema';
import type { DeliveryRules, MenuResponse, ShopSettings } from '~/features/shop/shop.schema';
import { dismissWeeklyBonus, expectToast, originOf, SHARED_STATE, test } from './fixtures';

const CASH_OR_CREDIT = 'reward-cash-credit';

const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
/** Store credit as every total shows it: a minus sign, not a hyphen. */
const minus = (cents: number) => `\u2212${dollars(cents)}`;

/** A line of a totals list: the value beside its term. */
const summaryValue = (scope: Locator, term: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

/**
 * The member gets store credit the way members do: coins from staff, the "$100 Cash or Store Credit" reward
 * redeemed, and the Owner approving the request as store credit. Returns the credit in cents.
 */
async function giveStoreCredit(
  ownerApi: APIRequestContext,
  member: APIRequestContext,
  testInfo: TestInfo,
  memberId: string,
): Promise<number> {
  const headers = { Origin: originOf(testInfo) };
  const { rewards } = (await (await member.get('/api/rewards')).json()) as RewardsResponse;
  const reward = rewards.find((candidate) => candidate.id === CASH_OR_CREDIT)!;
  expect(reward.creditCents).toBeGreaterThan(0);
  const coins = await ownerApi.post('/api/economy/adjustments', {
    headers,
    data: { memberId, coins: reward.costCoins, xp: 0, reason: 'Store credit story' },
  });
  expect(coins.status(), await coins.text()).toBe(201);
  const redeemed = await member.post(`/api/rewards/${CASH_OR_CREDIT}/redeem`, {
    headers,
    data: { expectedCost: reward.costCoins, idempotencyKey: `e2e-credit-${Date.now()}-${Math.random()}` },
  });
  expect(redeemed.status(), await redeemed.text()).toBe(201);
  const { redemption } = (await redeemed.json()) as RedeemResponse;
  expect(redemption.status).toBe('requested');
  const approved = await ownerApi.post(`/api/admin/rewards/requests/${redemption.id}/approve`, {
    headers,
    data: { payAs: 'credit' },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return reward.creditCents!;
}

async function openMenu(page: Page) {
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'MENU', level: 1 })).toBeVisible();
  await dismissWeeklyBonus(page);
}

async function addToCart(page: Page, name: string) {
  await page.getByRole('article', { name, exact: true }).getByRole('button', { name: 'Add to cart' }).click();
}

async function priceOf(request: APIRequestContext, name: string): Promise<number> {
  const { stickers } = (await (await request.get('/api/shop/menu')).json()) as MenuResponse;
  return stickers.find((sticker) => sticker.name === name)!.prices['3.5g']!;
}

test('a member with store credit checks out, sees it taken off the total, and finds it on the order', async ({
  newMember,
  ownerApi,
}, testInfo) => {
  const { page, request, user } = await newMember('Credit Member');
  const credit = await giveStoreCredit(ownerApi, request, testInfo, user.id);
  const velvet = await priceOf(request, 'Velvet Nebula');
  const { deliveryFeeCents: fee } = (await (await request.get('/api/shop/settings')).json()) as ShopSettings;
  // One sticker and the fee are less than the credit: it pays the whole order.
  expect(velvet + fee).toBeLessThan(credit);

  await openMenu(page);
  await addToCart(page, 'Velvet Nebula');
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  const checkout = page.getByRole('region', { name: 'Checkout' });
  await expect(summaryValue(checkout, 'Subtotal')).toHaveText(dollars(velvet));
  await expect(summaryValue(checkout, 'Delivery fee')).toHaveText(dollars(fee));
  await expect(summaryValue(checkout, 'Store credit')).toHaveText(minus(velvet + fee));
  await expect(summaryValue(checkout, 'Total to pay')).toHaveText('$0.00');
  // Nothing is left to pay, so there is no payment method to choose.
  await expect(checkout.getByText('Paid with store credit')).toBeVisible();
  await expect(checkout.getByLabel('Payment Method')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('cart-paid-by-credit.png'), fullPage: true });

  const placed = page.waitForResponse(
    (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
  );
  await checkout.getByRole('button', { name: 'Submit Order' }).click();
  const { order } = (await (await placed).json()) as PlaceOrderResponse;
  expect(order).toMatchObject({
    paymentMethod: 'Store credit',
    storeCreditCents: velvet + fee,
    totalCents: 0,
  });
  const receipt = page.getByRole('dialog', { name: 'Order Submitted' });
  await expect(summaryValue(receipt, 'Store credit')).toHaveText(minus(velvet + fee));
  await expect(summaryValue(receipt, 'Paid with store credit')).toHaveText('$0.00');
  await receipt.getByRole('link', { name: 'Follow your order' }).click();

  const card = page.getByRole('article', { name: `Order #${order.shortId}` });
  await expect(summaryValue(card, 'Store credit')).toHaveText(minus(velvet + fee));
  await expect(summaryValue(card, 'Total to pay')).toHaveText('$0.00');
  await expect(summaryValue(card, 'Payment:')).toHaveText('Store credit');
  await page.screenshot({ path: testInfo.outputPath('my-orders-credit.png'), fullPage: true });

  // What is left of the credit goes to the next order, which pays the rest as the member chooses.
  const left = credit - velvet - fee;
  const citrus = await priceOf(request, 'Citrus Comet');
  expect(citrus + fee).toBeGreaterThan(left);
  await page.goto('/menu');
  await addToCart(page, 'Citrus Comet');
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(summaryValue(checkout, 'Store credit')).toHaveText(minus(left));
  await expect(summaryValue(checkout, 'Total to pay')).toHaveText(dollars(citrus + fee - left));
  await expect(checkout.getByLabel('Payment Method')).toHaveValue('Cash');
});

/** The delivery rules as the Locations tab reads them. */
async function deliveryRules(ownerApi: APIRequestContext): Promise<DeliveryRules> {
  const response = await ownerApi.get('/api/admin/delivery-rules');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as DeliveryRules;
}

// Tagged: delivery hours are one week for the whole shop, and other stories order delivery at any time.
test(
  'an admin sets delivery hours for the week, then makes delivery always open again',
  SHARED_STATE,
  async ({ ownerPage: page, ownerApi }, testInfo) => {
    try {
      await page.goto('/admin?tab=locations');
      const hours = page.getByRole('form', { name: 'Delivery hours' });
      const limited = hours.getByRole('switch', { name: 'Set delivery hours' });
      await expect(limited).not.toBeChecked();
      await expect(hours).toContainText('Always open: members may order delivery at any time.');

      // Every day starts at 10:00 AM – 10:00 PM; Sunday closes, Friday runs late, Saturday until midnight.
      await limited.click();
      await hours.getByRole('switch', { name: 'Sunday' }).click();
      await expect(hours.getByLabel('Sunday opens')).toHaveCount(0);
      await hours.getByLabel('Friday closes').fill('09:00');
      await hours.getByRole('button', { name: 'Save Hours' }).click();
      await expectToast(page, 'Delivery hours not saved', 'Each day must close after it opens.', {
        type: 'error',
      });
      await expect(hours.getByLabel('Friday closes')).toHaveAccessibleDescription(
        'Each day must close after it opens.',
      );
      await hours.getByLabel('Friday closes').fill('23:30');
      await hours.getByLabel('Saturday opens').fill('12:00');
      await hours.getByLabel('Saturday closes').fill('00:00');
      await hours.getByRole('button', { name: 'Save Hours' }).click();
      await expectToast(page, 'Delivery hours saved', 'Delivery is open 6 days a week.', { type: 'success' });
      await page.screenshot({ path: testInfo.outputPath('delivery-hours.png'), fullPage: true });
      const weekdays = [1, 2, 3, 4].map((weekday) => ({ weekday, opensAt: 600, closesAt: 1320 }));
      expect((await deliveryRules(ownerApi)).hours).toEqual([
        ...weekdays,
        { weekday: 5, opensAt: 600, closesAt: 1410 },
        { weekday: 6, opensAt: 720, closesAt: 1440 },
      ]);

      await limited.click();
      await hours.getByRole('button', { name: 'Save Hours' }).click();
      await expectToast(page, 'Delivery hours saved', 'Delivery is always open.', { type: 'success' });
      expect((await deliveryRules(ownerApi)).hours).toEqual([]);
    } finally {
      // Other stories order delivery whatever the time: never leave hours set.
      await ownerApi.put('/api/admin/delivery-hours', {
        headers: { Origin: originOf(testInfo) },
        data: { days: [] },
      });
    }
  },
);

// Tagged: delivery areas are the whole shop's, and other stories deliver anywhere at the Settings fee.
test(
  'with a delivery area, checkout takes its fee and minimum from the ZIP code, and refuses one outside it with Pickup offered',
  SHARED_STATE,
  async ({ ownerPage, ownerApi, newMember }, testInfo) => {
    const name = `E2E Area ${Date.now().toString(36)}`;
    try {
      // The member's address is in DC 20001 (registerByApi): the area covers it.
      await ownerPage.goto('/admin?tab=locations');
      await ownerPage.getByRole('button', { name: 'Add Area' }).click();
      const dialog = ownerPage.getByRole('dialog', { name: 'Add Delivery Area' });
      await dialog.getByLabel('Area name').fill(name);
      await dialog.getByLabel('ZIP codes').fill('20001, 2000x');
      await dialog.getByLabel('Delivery fee').fill('12');
      await dialog.getByLabel('Minimum order').fill('60');
      await dialog.getByRole('button', { name: 'Add Area' }).click();
      await expect(dialog.getByLabel('ZIP codes')).toHaveAccessibleDescription(
        /“2000x” is not a 5-digit ZIP code\.$/,
      );
      await dialog.getByLabel('ZIP codes').fill('20001\n20002');
      await dialog.getByRole('button', { name: 'Add Area' }).click();
      await expectToast(ownerPage, 'Delivery area added', `${name}: 2 ZIP codes, $12.00 fee.`, {
        type: 'success',
      });
      const area = ownerPage.getByRole('list', { name: 'Delivery areas' }).getByRole('listitem', { name });
      await expect(area).toContainText('Fee $12.00');
      await expect(area).toContainText('Minimum $60.00');
      await expect(area).toContainText('20001, 20002');

      const { page } = await newMember('Area Member');
      const velvet = await priceOf(page.request, 'Velvet Nebula');
      expect(velvet).toBeLessThan(6000);
      await openMenu(page);
      await addToCart(page, 'Velvet Nebula');
      await page.getByRole('link', { name: 'Cart, 1 item' }).click();
      const checkout = page.getByRole('region', { name: 'Checkout' });
      const zip = checkout.getByLabel('ZIP code');
      await expect(zip).toHaveValue('20001');
      const problem = page.getByRole('region', { name: 'Items' }).getByRole('status');
      await expect(problem).toContainText(
        `Delivery to ${name} needs an order of at least $60.00: add ${dollars(6000 - velvet)} more, or choose Pickup.`,
      );
      await expect(summaryValue(checkout, `Delivery fee \\(${name}\\)`)).toHaveText('$12.00');

      // Two reach the minimum.
      await page.getByRole('button', { name: 'Increase Quantity of Velvet Nebula, 3.5g Sticker' }).click();
      await expect(problem).toBeHidden();
      await expect(summaryValue(checkout, 'Total')).toHaveText(dollars(2 * velvet + 1200));

      // Outside every area: refused, with Pickup offered.
      await zip.fill('99999');
      const outside =
        'We don’t deliver to 99999. Choose Pickup to collect your order from one of our locations.';
      await expect(problem).toContainText(outside);
      await expect(summaryValue(checkout, 'Delivery fee')).toHaveText('$0.00');
      await checkout.getByRole('button', { name: 'Submit Order' }).click();
      await expectToast(page, 'Cannot submit order', outside, { type: 'error' });
      await page.screenshot({ path: testInfo.outputPath('cart-outside-area.png'), fullPage: true });
      await problem.getByRole('button', { name: 'Switch to Pickup' }).click();
      await expect(page.getByRole('radio', { name: 'Pickup' })).toBeChecked();
      await expect(problem).toHaveCount(0);
      await expect(checkout.getByLabel('ZIP code')).toHaveCount(0);
      await expect(summaryValue(checkout, 'Total')).toHaveText(dollars(2 * velvet));

      // Removed, the shop delivers anywhere again.
      await area.getByRole('button', { name: `Remove ${name}` }).click();
      const confirm = ownerPage.getByRole('dialog', { name: `Remove ${name}?` });
      await confirm.getByRole('button', { name: 'Remove Area' }).click();
      await expect(area).toHaveCount(0);
      expect((await deliveryRules(ownerApi)).areas.map((listed) => listed.name)).not.toContain(name);
    } finally {
      // Other stories deliver to any address: never leave the area behind.
      const left = (await deliveryRules(ownerApi)).areas.find((listed) => listed.name === name);
      if (left) {
        await ownerApi.delete(`/api/admin/delivery-areas/${left.id}`, {
          headers: { Origin: originOf(testInfo) },
        });
      }
    }
  },
);
