import { expect } from '@playwright/test';
import type { EconomySettingsResponse } from '~/features/economy/economy.schema';
import type { QuoteCartInput, PlaceOrderResponse } from '~/features/shop/orders.schema';
import type { MenuResponse, ShopSettings } from '~/features/shop/shop.schema';
import { formatCents } from '~/shared/money';
import { dismissWeeklyBonus, originOf, test } from './fixtures';

test('a member applies a promo code at checkout, pays less, and earns coins for the order once it is completed', async ({
  newMember,
  ownerApi,
}, testInfo) => {
  const headers = { Origin: originOf(testInfo) };
  // A code of this story's own: nobody else meets it.
  const code = `E2E-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const created = await ownerApi.post('/api/admin/promo-codes', {
    headers,
    data: { code, kind: 'percent', percentOff: 10 },
  });
  expect(created.status(), await created.text()).toBe(201);

  const { page, request } = await newMember('Promo Member');
  const { stickers } = (await (await request.get('/api/shop/menu')).json()) as MenuResponse;
  const price = stickers.find((sticker) => sticker.name === 'Velvet Nebula')!.prices['3.5g']!;
  const { deliveryFeeCents: fee } = (await (await request.get('/api/shop/settings')).json()) as ShopSettings;
  const { settings } = (await (await request.get('/api/economy/settings')).json()) as EconomySettingsResponse;
  // A new member is level 1, below every level perk: the code is the only discount.
  const off = Math.floor(price / 10);
  const coins = settings.coinsPerDollar * Math.floor((price - off) / 100);
  expect(coins).toBeGreaterThan(0);
  const minus = (cents: number) => `\u2212${formatCents(cents)}`;

  // Every quote the cart asks for, to check a code that is not valid is not sent again.
  const quotedCodes: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/api/orders/quote')) {
      quotedCodes.push((sent.postDataJSON() as QuoteCartInput).promoCode ?? '');
    }
  });

  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'MENU', level: 1 })).toBeVisible();
  await dismissWeeklyBonus(page);
  await page
    .getByRole('article', { name: 'Velvet Nebula', exact: true })
    .getByRole('button', { name: 'Add to cart' })
    .click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  const checkout = page.getByRole('region', { name: 'Checkout' });
  const field = checkout.getByLabel('Promo code');

  // A code the shop does not know: said under the field, and taken off the cart at once.
  await field.fill('nope123');
  await field.press('Enter');
  await expect(field).toHaveAccessibleDescription('Optional This code is not valid.');
  await expect(checkout.getByRole('button', { name: 'Apply' })).toBeVisible();
  await expect(field).toHaveValue('nope123');

  // Typed as members do (lower case, a space): it applies as the code, and Enter is not a submit.
  await field.fill(`${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
  await checkout.getByRole('button', { name: 'Apply' }).click();
  await expect(checkout.getByText(`${code} applied: ${minus(off)} off your stickers.`)).toBeVisible();
  await expect(field).toHaveValue(code);
  await expect(checkout.getByRole('button', { name: 'Remove' })).toBeVisible();
  await expect(checkout.locator('dl')).toMatchAriaSnapshot(`
    - term: Subtotal
    - definition: "${formatCents(price)}"
    - term: "Promo ${code}"
    - definition: "${minus(off)}"
    - term: Delivery fee
    - definition: "${formatCents(fee)}"
    - term: Total
    - definition: "${formatCents(price - off + fee)}"
  `);
  await expect(checkout.getByText(`Earns ${coins} coins when completed`)).toBeVisible();
  expect(quotedCodes.filter((sent) => sent === 'NOPE123')).toHaveLength(1);
  await page.screenshot({ path: testInfo.outputPath('cart-promo.png'), fullPage: true });

  const placed = page.waitForResponse(
    (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
  );
  await checkout.getByRole('button', { name: 'Submit Order' }).click();
  const { order } = (await (await placed).json()) as PlaceOrderResponse;
  expect(order).toMatchObject({ promoCode: code, promoCents: off, totalCents: price - off + fee });
  const receipt = page.getByRole('dialog', { name: 'Order Submitted' });
  await expect(receipt.locator('dl')).toMatchAriaSnapshot(`
    - term: "Promo ${code}"
    - definition: "${minus(off)}"
    - term: Total
    - definition: "${formatCents(price - off + fee)}"
  `);
  await receipt.getByRole('link', { name: 'Follow your order' }).click();

  const card = page.getByRole('article', { name: `Order #${order.shortId}` });
  await expect(card).toMatchAriaSnapshot(`
    - term: "Promo ${code}"
    - definition: "${minus(off)}"
    - term: Total
    - definition: "${formatCents(price - off + fee)}"
    - paragraph: Earns ${coins} coins when completed
  `);

  // The shop completes it (a delivery: no counter code); the card says so live, and the coins are in.
  const completed = await ownerApi.patch(`/api/admin/orders/${order.id}/status`, {
    headers,
    data: { status: 'completed' },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  await expect(card.getByText(`Earned ${coins} coins`)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('my-orders-promo.png'), fullPage: true });

  await page.goto('/profile');
  const history = page.getByRole('list', { name: 'Coin and XP history' });
  const paid = history.getByRole('listitem').filter({ hasText: 'Coins for an order' });
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText(`Order #${order.shortId}`);
  await expect(paid).toContainText(`+${coins} coins`);
});
