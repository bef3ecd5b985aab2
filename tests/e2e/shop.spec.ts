import { expect, type Locator, type Page } from '@playwright/test';
import type { OrderQuote, PlaceOrderResponse } from '~/features/shop/orders.schema';
import type { ShopSettings } from '~/features/shop/shop.schema';
import { RATING_COOLDOWN_REASON } from '~/features/shop/shop.constants';
import {
  expectToast,
  isPhone,
  originOf,
  test,
  dismissWeeklyBonus,
  DESKTOP_TOO,
  SHARED_STATE,
} from './fixtures';
import { placeDeliveryOrder } from './support/driver-orders';

/** The e2e server's seeded menu: three stickers, every size priced (cents). */
const MENU = {
  'Velvet Nebula': { '3.5g': 4500, oz: 25000, lb: 180000 },
  'Citrus Comet': { '3.5g': 5000, oz: 28000, lb: 200000 },
  'Midnight Orchard': { '3.5g': 4000, oz: 22000, lb: 160000 },
} as const;
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** A toast with a title only: the order form's messages. */
async function expectTitleToast(page: Page, title: string, type: 'error' | 'default' = 'error') {
  const toast = page.locator('[data-sonner-toast][data-front="true"]');
  await expect(toast.locator('[data-title]')).toHaveText(title);
  await expect(toast.locator('[data-description]')).toHaveCount(0);
  if (type === 'default') await expect(toast).not.toHaveAttribute('data-type');
  else await expect(toast).toHaveAttribute('data-type', type);
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

async function openMenu(page: Page) {
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'MENU', level: 1 })).toBeVisible();
  await dismissWeeklyBonus(page);
}

async function addToCart(page: Page, name: string, quantity = 1) {
  const sticker = card(page, name);
  if (quantity !== 1)
    await sticker.getByRole('textbox', { name: `Quantity of ${name}` }).fill(String(quantity));
  await sticker.getByRole('button', { name: 'Add to cart' }).click();
}

const cartLink = (page: Page, items: number) =>
  page.getByRole('link', { name: items === 1 ? 'Cart, 1 item' : `Cart, ${items} items` });

function summaryValue(checkout: Locator, term: string) {
  return checkout
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}`) })
    .locator('xpath=following-sibling::dd[1]');
}

test.describe('Menu', () => {
  test('a member browses the three sizes and adds stickers with quantities, and the header counts them', async ({
    newMember,
  }) => {
    const { page, user } = await newMember('Menu Member');
    await openMenu(page);

    await expect(
      page.getByText(
        'This is a sticker shop. Each sticker comes with a free gift that is illustrative only and not for sale.',
      ),
    ).toBeVisible();
    const orderType = page.getByRole('radiogroup', { name: 'Order Type' });
    await expect(orderType.getByRole('radio', { name: 'Delivery' })).toBeChecked();
    const tabs = page.getByRole('tablist', { name: 'Sticker sizes' }).getByRole('tab');
    await expect(tabs).toHaveText(['3.5g Sticker', 'OZ Sticker', 'P Sticker']);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');

    // Every size lists the three seeded stickers at that size's price.
    for (const [index, size] of (['3.5g', 'oz', 'lb'] as const).entries()) {
      await tabs.nth(index).click();
      await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(3);
      for (const [name, prices] of Object.entries(MENU)) {
        await expect(card(page, name)).toContainText(dollars(prices[size]));
        await expect(card(page, name).getByRole('textbox', { name: `Quantity of ${name}` })).toHaveValue('1');
      }
    }

    // 3.5g: two Velvet Nebula, typed.
    await tabs.nth(0).click();
    await addToCart(page, 'Velvet Nebula', 2);
    await expectToast(page, 'Added to cart', '2 × Velvet Nebula (3.5g Sticker), 2 in your cart.', {
      type: 'success',
    });
    await expect(cartLink(page, 2)).toHaveText('2');
    await expect(card(page, 'Velvet Nebula').getByRole('textbox')).toHaveValue('1');

    // OZ: two Citrus Comet, stepped up with +.
    await tabs.nth(1).click();
    await card(page, 'Citrus Comet')
      .getByRole('button', { name: 'Increase Quantity of Citrus Comet' })
      .click();
    await expect(card(page, 'Citrus Comet').getByRole('textbox')).toHaveValue('2');
    await addToCart(page, 'Citrus Comet');
    await expect(cartLink(page, 4)).toHaveText('4');

    // P: three Midnight Orchard; then one more Velvet Nebula at 3.5g joins its line.
    await tabs.nth(2).click();
    await expect(page).toHaveURL('/menu?size=lb');
    await addToCart(page, 'Midnight Orchard', 3);
    await tabs.nth(0).click();
    await addToCart(page, 'Velvet Nebula');
    await expectToast(page, 'Added to cart', '1 × Velvet Nebula (3.5g Sticker), 3 in your cart.', {
      type: 'success',
    });
    await expect(cartLink(page, 8)).toHaveText('8');

    // The cart holds one line per sticker, size and method.
    const stored = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { id: string; quantity: number }[],
      `vault.cart.${user.id}`,
    );
    expect(stored.map((line) => [line.id.replace(/^.*?-(3\.5g|oz|lb)-/, '$1-'), line.quantity])).toEqual([
      ['3.5g-Delivery', 3],
      ['oz-Delivery', 2],
      ['lb-Delivery', 3],
    ]);

    // The cart adds it up at the menu's prices, plus the delivery fee.
    await cartLink(page, 8).click();
    await expect(page).toHaveURL('/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart', level: 1 })).toBeVisible();
    const lines = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect(lines).toHaveCount(3);
    const subtotal =
      3 * MENU['Velvet Nebula']['3.5g'] + 2 * MENU['Citrus Comet'].oz + 3 * MENU['Midnight Orchard'].lb;
    const fee = ((await (await page.request.get('/api/shop/settings')).json()) as ShopSettings)
      .deliveryFeeCents;
    const checkout = page.getByRole('region', { name: 'Checkout' });
    await expect(summaryValue(checkout, 'Subtotal')).toHaveText(dollars(subtotal));
    await expect(summaryValue(checkout, 'Delivery fee')).toHaveText(dollars(fee));
    await expect(summaryValue(checkout, 'Total')).toHaveText(dollars(subtotal + fee));

    // Pickup for the whole cart: no fee, every line moves, and the menu shows it too.
    await page.getByRole('radiogroup', { name: 'Order Type' }).getByRole('radio', { name: 'Pickup' }).click();
    await expect(summaryValue(checkout, 'Delivery fee')).toHaveText('$0.00');
    await expect(summaryValue(checkout, 'Total')).toHaveText(dollars(subtotal));
    await expect(lines).toHaveCount(3);

    // Quantity below 1 removes the line.
    const citrus = lines.filter({ hasText: 'Citrus Comet' });
    await citrus.getByRole('textbox', { name: 'Quantity of Citrus Comet, OZ Sticker' }).fill('0');
    await expectToast(page, 'Item removed', 'Citrus Comet, OZ Sticker is out of your cart.');
    await expect(lines).toHaveCount(2);
    await expect(cartLink(page, 6)).toHaveText('6');
    await lines
      .filter({ hasText: 'Midnight Orchard' })
      .getByRole('button', { name: 'Remove Midnight Orchard, P Sticker' })
      .click();
    await expectToast(page, 'Item removed', 'Midnight Orchard, P Sticker is out of your cart.');
    await expect(cartLink(page, 3)).toHaveText('3');

    await page.goto('/menu');
    await expect(orderType.getByRole('radio', { name: 'Pickup' })).toBeChecked();
  });

  test('a member rates a sticker and then sees when they may rate again', async ({ newMember }, testInfo) => {
    const { page } = await newMember('Rating Member');
    await openMenu(page);
    const citrus = card(page, 'Citrus Comet');
    await citrus.getByRole('button', { name: 'Rate Citrus Comet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rate Citrus Comet' });
    await expect(dialog).toBeVisible();

    // All three or nothing.
    await dialog.getByRole('radiogroup', { name: 'Smell' }).getByRole('radio', { name: '4 of 5' }).click();
    await dialog.getByRole('button', { name: 'Submit Rating' }).click();
    await expectToast(page, 'Incomplete Rating', 'Please rate all three categories before submitting.', {
      type: 'error',
    });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('radiogroup', { name: 'Taste' }).getByRole('radio', { name: '5 of 5' }).click();
    await dialog.getByRole('radiogroup', { name: 'High' }).getByRole('radio', { name: '3 of 5' }).click();
    await dialog.getByRole('button', { name: 'Submit Rating' }).click();
    await expectToast(page, 'Thanks for rating!', 'You earned +15 XP.', { type: 'success' });
    await expect(dialog).toBeHidden();
    await expect(citrus.getByText(/\(\d+ ratings?\)/)).toBeVisible();

    // One rating a day across the whole menu: every Rate control waits, and says why, also after a reload.
    const cooldown = /^Rate again in (24h 0m|23h 59m) left$/;
    for (const name of Object.keys(MENU)) {
      const waiting = card(page, name).getByRole('button', { name: cooldown });
      await expect(waiting).toBeDisabled();
      await expect(waiting).toHaveAccessibleDescription(RATING_COOLDOWN_REASON);
      await expect(card(page, name).getByText(RATING_COOLDOWN_REASON)).toBeVisible();
    }
    await page.screenshot({ path: testInfo.outputPath('menu-cooldown.png'), fullPage: true });
    await page.reload();
    await expect(card(page, 'Velvet Nebula').getByRole('button', { name: cooldown })).toBeDisabled();

    // The server holds the line too.
    const menu = (await (await page.request.get('/api/shop/menu')).json()) as { stickers: { id: string }[] };
    const again = await page.request.post(`/api/shop/stickers/${menu.stickers[0]!.id}/ratings`, {
      headers: { Origin: originOf(testInfo) },
      data: { smell: 5, taste: 5, high: 5 },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { error: { title: string } }).error.title).toBe('Already Rated');
  });

  test('a sticker without prices says so, a size without a price leaves its tab, and a sticker without a picture gets one', async ({
    newMember,
  }, testInfo) => {
    const { page } = await newMember('Odd Menu Member');
    const rating = { count: 0, smell: null, taste: null, high: null, overall: null };
    const open = { soldOut: false, onlyLeft: null, orderLimit: 99, dailyLimit: null };
    const availability = { '3.5g': open, oz: open, lb: open };
    const menus = {
      odd: [
        {
          id: 'no-prices',
          name: 'Ghost Sticker',
          type: 'Hybrid',
          description: 'Not priced yet.',
          imageUrl: '',
          prices: { '3.5g': null, oz: null, lb: null },
          availability,
          rating,
        },
        {
          id: 'small-only',
          name: 'Pocket Sticker',
          type: 'Sativa',
          description: 'Only the small size.',
          imageUrl: '',
          prices: { '3.5g': 3000, oz: null, lb: null },
          availability,
          rating,
        },
      ],
      empty: [],
    };
    let served: keyof typeof menus = 'odd';
    await page.route('**/api/shop/menu', (route) => route.fulfill({ json: { stickers: menus[served] } }));
    await openMenu(page);

    const panel = page.getByRole('tabpanel');
    await expect(card(page, 'Ghost Sticker')).toContainText('Error loading product data.');
    await expect(card(page, 'Ghost Sticker').getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
    await expect(card(page, 'Pocket Sticker')).toContainText('$30.00');
    // No picture: calm artwork generated from theme colours with a small sticker mark (no giant initials).
    const artwork = card(page, 'Pocket Sticker').getByRole('img', { name: 'Pocket Sticker' });
    await expect(artwork).toHaveText('');
    await expect(artwork.locator('svg')).toHaveCount(1);
    expect(
      await artwork.locator('..').evaluate((frame) => getComputedStyle(frame).backgroundImage),
    ).toContain('gradient');
    await page.screenshot({ path: testInfo.outputPath('menu-placeholder.png'), fullPage: true });

    await page.getByRole('tab', { name: 'OZ Sticker' }).click();
    await expect(panel.getByRole('article')).toHaveCount(1);
    await expect(card(page, 'Ghost Sticker')).toContainText('Error loading product data.');
    await expect(card(page, 'Pocket Sticker')).toHaveCount(0);

    served = 'empty';
    await page.reload();
    await expect(page.getByRole('tabpanel')).toHaveText('No stickers available for this size.');
  });
});

test.describe('Cart and orders', () => {
  test('a member submits a delivery order, meeting each of its messages once, and calls to confirm', async ({
    newMember,
  }) => {
    const { page } = await newMember('Delivery Member');
    await openMenu(page);
    await addToCart(page, 'Velvet Nebula', 2);
    await cartLink(page, 2).click();

    const phone = page.getByLabel('Phone', { exact: true });
    const address = page.getByLabel('Address', { exact: true });
    const submit = page.getByRole('button', { name: 'Submit Order' });
    // Pre-filled from the member's account.
    await expect(phone).toHaveValue('(202) 555-0143');
    await expect(address).toHaveValue('1200 Example Ave NW, Washington, DC 20001');
    await expect(page.getByLabel('Payment Method')).toHaveValue('Cash');
    await expect(page.getByLabel('Pickup Location')).toHaveCount(0);

    await phone.fill('');
    await submit.click();
    await expectTitleToast(page, 'Phone number required');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toHaveAccessibleDescription('Phone number required');

    await phone.fill('(202) 555-0143');
    await address.fill('   ');
    await submit.click();
    await expectTitleToast(page, 'Address required');
    await expect(address).toHaveAccessibleDescription('Address required');
    await expect(phone).not.toHaveAttribute('aria-invalid');

    // A cart emptied between the tap and the shop (another tab, another device) is refused with the spec's words.
    await address.fill('77 Confirm Court, Washington, DC 20002');
    await page.getByLabel('Payment Method').selectOption('Cash App');
    await page.getByLabel('Notes').fill('Ring twice.');
    await page.route(
      '**/api/orders',
      (route) =>
        route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), items: [] }) }),
      { times: 1 },
    );
    await submit.click();
    await expectToast(page, 'Cannot submit order', 'Your cart is empty or you are not logged in.', {
      type: 'error',
    });

    // A dropped connection, then the retry: the same idempotency key, so one order.
    const keys: string[] = [];
    await page.route('**/api/orders', async (route) => {
      keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
      if (keys.length === 1) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await submit.click();
    await expectToast(page, 'Order not placed', 'No connection. Check your network and try again.', {
      type: 'error',
    });
    const placed = page.waitForResponse(
      (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
    );
    await submit.click();
    const answer = await placed;
    expect(answer.status()).toBe(201);
    const body = (await answer.json()) as PlaceOrderResponse;
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(body.order).toMatchObject({
      deliveryMethod: 'Delivery',
      paymentMethod: 'Cash App',
      address: '77 Confirm Court, Washington, DC 20002',
      notes: 'Ring twice.',
    });
    expect(body.order.items).toEqual([
      expect.objectContaining({ stickerName: 'Velvet Nebula', size: '3.5g', quantity: 2 }),
    ]);

    // The confirmation: call the shop to confirm; a driver brings it (nobody shows up). The cart is empty now.
    const contact = body.contactPhone.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3');
    const dialog = page.getByRole('dialog', { name: 'Order Submitted' });
    await expect(dialog).toContainText(
      `Please call ${contact} to confirm your order. A driver will bring it to your address; follow it on My Orders.`,
    );
    await expect(dialog).not.toContainText('before showing up');
    await expect(dialog).toContainText(`#${body.order.shortId}`);
    await expect(dialog.getByRole('link', { name: 'Follow your order' })).toHaveAttribute('href', '/orders');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL('/feed');
    await expect(cartLink(page, 0)).toBeVisible();

    // Back in the cart: nothing left, and a way back to the menu.
    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await page.getByRole('link', { name: 'Browse Menu' }).click();
    await expect(page).toHaveURL('/menu');
  });

  test('a member whose cart was priced before a price change sees the new total and submits again', async ({
    newMember,
  }) => {
    const { page } = await newMember('Price Change Member');
    // The member opens the menu just before the shop raises a price.
    const price = MENU['Velvet Nebula']['3.5g'];
    // Until the first submit leaves, the menu and the cart's quote show the old price; from then on the shop's own.
    let oldPrices = true;
    await page.route('**/api/shop/menu', async (route) => {
      if (!oldPrices) return route.continue();
      const menu = (await (await route.fetch()).json()) as {
        stickers: { name: string; prices: Record<string, number | null> }[];
      };
      for (const sticker of menu.stickers)
        if (sticker.name === 'Velvet Nebula') sticker.prices['3.5g'] = price - 500;
      await route.fulfill({ json: menu });
    });
    await page.route('**/api/orders/quote', async (route) => {
      if (!oldPrices) return route.continue();
      const quote = (await (await route.fetch()).json()) as OrderQuote;
      for (const line of quote.lines) {
        if (line.stickerName !== 'Velvet Nebula' || line.size !== '3.5g') continue;
        line.unitPriceCents = price - 500;
        line.lineTotalCents -= 500 * line.quantity;
        quote.subtotalCents -= 500 * line.quantity;
        quote.totalCents -= 500 * line.quantity;
      }
      await route.fulfill({ json: quote });
    });
    await openMenu(page);
    await expect(card(page, 'Velvet Nebula')).toContainText(dollars(price - 500));
    await addToCart(page, 'Velvet Nebula');
    await cartLink(page, 1).click();
    const checkout = page.getByRole('region', { name: 'Checkout' });
    await expect(summaryValue(checkout, 'Subtotal')).toHaveText(dollars(price - 500));

    const fee = ((await (await page.request.get('/api/shop/settings')).json()) as ShopSettings)
      .deliveryFeeCents;
    const sent: { idempotencyKey: string; expectedTotalCents: number }[] = [];
    page.on('request', (sentRequest) => {
      if (sentRequest.url().endsWith('/api/orders') && sentRequest.method() === 'POST') {
        sent.push(sentRequest.postDataJSON() as (typeof sent)[number]);
      }
    });
    // The first submit's answer is held until the menu serves the shop's price again, so the refetch that the
    // answer starts can never still meet the old price (live events could refetch at any moment, too).
    let releaseSubmit = () => {};
    const submitHeld = new Promise<void>((resolve) => (releaseSubmit = resolve));
    await page.route('**/api/orders', async (route) => {
      await submitHeld;
      await route.continue();
    });
    const submitted = page.waitForRequest(
      (sentRequest) => sentRequest.url().endsWith('/api/orders') && sentRequest.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await submitted;
    oldPrices = false;
    releaseSubmit();
    const toast = page.locator('[data-sonner-toast][data-front="true"]');
    await expect(toast.locator('[data-title]')).toHaveText('Prices Changed');
    await expect(toast.locator('[data-description]')).toContainText(dollars(price + fee));
    await expect(toast).toHaveAttribute('data-type', 'error');

    // The cart now shows the shop's prices; the same cart goes again and is placed once.
    await expect(summaryValue(checkout, 'Subtotal')).toHaveText(dollars(price));
    await expect(summaryValue(checkout, 'Total')).toHaveText(dollars(price + fee));
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await expect(page.getByRole('dialog', { name: 'Order Submitted' })).toBeVisible();
    expect(sent.map((body) => body.expectedTotalCents)).toEqual([price - 500 + fee, price + fee]);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
  });

  test('a member cancels a delivery order still in the queue, and orders it again from My Orders', async ({
    newMember,
  }, testInfo) => {
    const { page } = await newMember('Second Thoughts');
    const order = await placeDeliveryOrder(page, testInfo, '12 Second Thought St NW, Washington, DC');
    await page.goto('/orders');
    await dismissWeeklyBonus(page);
    const entry = page.getByRole('article', { name: `Order #${order.shortId}` });
    await entry.getByRole('button', { name: `Cancel order #${order.shortId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${order.shortId}?` });
    await expect(dialog).toContainText('It leaves the driver queue now and cannot be reopened.');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expectToast(page, 'Order cancelled', `Order #${order.shortId} is cancelled.`, { type: 'success' });
    await expect(entry.locator('[aria-live="polite"]')).toHaveText('Status: Cancelled');
    await expect(entry.getByText('You cancelled this order.')).toBeVisible();
    await expect(entry.getByRole('button', { name: `Cancel order #${order.shortId}` })).toHaveCount(0);

    await entry.getByRole('button', { name: `Order again from order #${order.shortId}` }).click();
    await expectToast(page, 'Added to cart', `1 item from order #${order.shortId}, at today’s prices.`, {
      type: 'success',
    });
    await expect(page).toHaveURL('/cart');
    await expect(
      page.getByRole('radiogroup', { name: 'Order Type' }).getByRole('radio', { name: 'Delivery' }),
    ).toBeChecked();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Velvet Nebula');
  });

  test('a member places a pickup order and follows its status live on My Orders', async ({
    newMember,
    ownerApi,
  }, testInfo) => {
    const { page } = await newMember('Pickup Member');

    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
    await dismissWeeklyBonus(page);
    await expect(page.getByText('No orders yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Browse Menu' }).click();
    await expect(page).toHaveURL('/menu');

    await page.getByRole('radiogroup', { name: 'Order Type' }).getByRole('radio', { name: 'Pickup' }).click();
    await page.getByRole('tab', { name: 'OZ Sticker' }).click();
    await addToCart(page, 'Midnight Orchard');
    await page.getByRole('link', { name: 'Cart, 1 item' }).click();
    await expect(
      page.getByRole('radiogroup', { name: 'Order Type' }).getByRole('radio', { name: 'Pickup' }),
    ).toBeChecked();
    await expect(page.getByLabel('Address', { exact: true })).toHaveCount(0);
    const checkout = page.getByRole('region', { name: 'Checkout' });
    await expect(summaryValue(checkout, 'Delivery fee')).toHaveText('$0.00');
    await expect(summaryValue(checkout, 'Total')).toHaveText(dollars(MENU['Midnight Orchard'].oz));

    const location = page.getByLabel('Pickup Location');
    await expect(location.getByRole('option')).toHaveText([
      'Choose a location',
      ...['Columbia Heights', 'Eastover Shopping Center', 'North Capital', 'Suitland MD', 'Van Ness'],
    ]);
    await page.getByRole('button', { name: 'Submit Order' }).click();
    await expectTitleToast(page, 'Pickup location required');
    await expect(location).toHaveAccessibleDescription('Pickup location required');

    await location.selectOption({ label: 'Columbia Heights' });
    const placed = page.waitForResponse(
      (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit Order' }).click();
    const { order } = (await (await placed).json()) as PlaceOrderResponse;
    expect(order).toMatchObject({
      deliveryMethod: 'Pickup',
      pickupLocation: 'columbia heights',
      address: null,
    });
    const dialog = page.getByRole('dialog', { name: 'Order Submitted' });
    await expect(dialog).toContainText('to confirm your order before showing up.');
    await dialog.getByRole('link', { name: 'Follow your order' }).click();
    await expect(page).toHaveURL('/orders');

    const entry = page.getByRole('article', { name: `Order #${order.shortId}` });
    await expect(entry).toContainText('1 × Midnight Orchard');
    await expect(entry).toContainText('OZ Sticker');
    await expect(entry).toContainText('Columbia Heights');
    await expect(entry).toContainText(dollars(MENU['Midnight Orchard'].oz));
    const progress = entry.getByRole('list', { name: 'Order progress' }).getByRole('listitem');
    await expect(progress).toHaveText(['Placed', 'Confirmed', 'Ready for pickup', 'Completed']);
    const status = entry.locator('[aria-live="polite"]');
    await expect(status).toHaveText('Status: Placed');
    await expect(progress.nth(0)).toHaveAttribute('aria-current', 'step');

    // The shop moves it along; the page follows without a reload.
    for (const [next, shown, step] of [
      ['confirmed', 'Confirmed', 1],
      ['ready-for-pickup', 'Ready for pickup', 2],
      ['completed', 'Completed', 3],
    ] as const) {
      const response = await ownerApi.patch(`/api/admin/orders/${order.id}/status`, {
        headers: { Origin: originOf(testInfo) },
        data: { status: next },
      });
      expect(response.status(), await response.text()).toBe(200);
      await expect(status).toHaveText(`Status: ${shown}`);
      await expect(progress.nth(step)).toHaveAttribute('aria-current', 'step');
    }
    await expect(page).toHaveURL('/orders');
  });

  test(
    'the shop fits a phone-sized screen and keeps its controls thumb-sized',
    DESKTOP_TOO,
    async ({ newMember }, testInfo) => {
      const { page } = await newMember('Small Screen Member');
      if (isPhone(testInfo)) await page.setViewportSize({ width: 360, height: 740 });
      await openMenu(page);
      await addToCart(page, 'Citrus Comet');

      const noSidewaysScroll = async () =>
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          'nothing sticks out sideways',
        ).toBeLessThanOrEqual(0);
      const thumbSized = async (controls: Locator[]) => {
        for (const control of controls) {
          await control.scrollIntoViewIfNeeded();
          const box = (await control.boundingBox())!;
          expect(
            box.width,
            await control.evaluate((node) => node.outerHTML.slice(0, 80)),
          ).toBeGreaterThanOrEqual(44);
          expect(box.height).toBeGreaterThanOrEqual(44);
        }
      };

      const citrus = card(page, 'Citrus Comet');
      await noSidewaysScroll();
      await thumbSized([
        page.getByRole('radio', { name: 'Delivery' }),
        page.getByRole('radio', { name: 'Pickup' }),
        page.getByRole('tab', { name: 'P Sticker' }),
        citrus.getByRole('button', { name: 'Decrease Quantity of Citrus Comet' }),
        citrus.getByRole('textbox', { name: 'Quantity of Citrus Comet' }),
        citrus.getByRole('button', { name: 'Add to cart' }),
        citrus.getByRole('button', { name: 'Rate Citrus Comet' }),
        cartLink(page, 1),
      ]);
      // On the narrowest phones the tab menu keeps the header's room; the cart links to My Orders instead.
      const headerOrders = page.getByRole('banner').getByRole('link', { name: 'My Orders' });
      if (isPhone(testInfo)) await expect(headerOrders).toBeHidden();
      else await thumbSized([headerOrders]);
      // The picture fills a fixed frame: a small square beside the name on phones, 4:3 across the card on wider
      // screens. On phones each sticker is a compact row, so a screen shows at least two.
      const picture = citrus.getByRole('img', { name: 'Citrus Comet' });
      await expect(picture).toHaveCSS('object-fit', 'cover');
      const frame = (await picture.locator('..').boundingBox())!;
      if (isPhone(testInfo)) {
        expect(frame.width).toBe(frame.height);
        const row = (await citrus.boundingBox())!;
        expect(row.height, 'a sticker takes at most half a phone screen').toBeLessThanOrEqual(
          page.viewportSize()!.height / 2,
        );
      } else {
        expect(Math.abs(frame.width / frame.height - 4 / 3)).toBeLessThan(0.02);
      }
      await page.screenshot({ path: testInfo.outputPath('menu.png'), fullPage: true });

      await page.getByRole('link', { name: 'Cart, 1 item' }).click();
      await expect(page.getByRole('button', { name: 'Submit Order' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('cart.png'), fullPage: true });
      await noSidewaysScroll();
      await thumbSized([
        page.getByRole('button', { name: 'Remove Citrus Comet, 3.5g Sticker' }),
        page.getByRole('button', { name: 'Increase Quantity of Citrus Comet, 3.5g Sticker' }),
        page.getByLabel('Phone', { exact: true }),
        page.getByLabel('Payment Method'),
        page.getByRole('button', { name: 'Submit Order' }),
      ]);

      await page.getByRole('main').getByRole('link', { name: 'My Orders' }).click();
      await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
      await expect(page.getByText('No orders yet.')).toBeVisible();
      await noSidewaysScroll();
    },
  );

  // Tagged: the sticker it adds is on every member's menu while the story runs, and other stories count the menu.
  test(
    'a size sells out while it is in a member’s cart: the cart names it, and Submit Order is refused by name',
    SHARED_STATE,
    async ({ newMember, ownerApi }, testInfo) => {
      const headers = { Origin: originOf(testInfo) };
      const name = `Last One ${testInfo.project.name} ${Date.now().toString(36)}`;
      const created = await ownerApi.post('/api/admin/stickers', {
        headers,
        data: {
          name,
          type: 'Indica',
          description: 'Two left.',
          prices: { '3.5g': 3000, oz: 0, lb: 0 },
          orderLimits: { '3.5g': 2 },
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const stickerId = ((await created.json()) as { sticker: { id: string } }).sticker.id;
      try {
        const stocked = await ownerApi.put(`/api/admin/stickers/${stickerId}/stock`, {
          headers,
          data: { size: '3.5g', count: 2, expected: null },
        });
        expect(stocked.status(), await stocked.text()).toBe(200);

        const { page } = await newMember('Slow Shopper');
        await openMenu(page);
        const sticker = card(page, name);
        await expect(sticker).toContainText('Only 2 left');
        await expect(sticker).toContainText('Max 2 per order');
        // The quantity stops at what is left.
        const quantity = sticker.getByRole('textbox', { name: `Quantity of ${name}` });
        await quantity.fill('5');
        await expect(quantity).toHaveValue('2');
        await sticker.getByRole('button', { name: 'Add to cart' }).click();
        await cartLink(page, 2).click();
        const checkout = page.getByRole('region', { name: 'Checkout' });
        await expect(summaryValue(checkout, 'Subtotal')).toHaveText(dollars(6000));

        // Meanwhile another member buys one: the open cart hears of it and names the line.
        const quick = await newMember('Quick Shopper');
        const buyOne = async () => {
          const bought = await quick.page.request.post('/api/orders', {
            headers,
            data: {
              idempotencyKey: `e2e-last-one-${Math.random()}`,
              deliveryMethod: 'Pickup',
              paymentMethod: 'Cash',
              phone: '(202) 555-0164',
              pickupLocation: 'van ness',
              items: [{ stickerId, size: '3.5g', quantity: 1 }],
              expectedTotalCents: 3000,
            },
          });
          expect(bought.status(), await bought.text()).toBe(201);
        };
        await buyOne();
        const problem = `Only 1 left of ${name} (3.5g Sticker): lower the quantity and submit again.`;
        const line = page
          .getByRole('list', { name: 'Cart items' })
          .getByRole('listitem')
          .filter({ hasText: name });
        await expect(line).toContainText(problem);
        await page.getByLabel('Address').fill('1 Sold Out Sq NW');
        await page.getByRole('button', { name: 'Submit Order' }).click();
        await expectToast(page, 'Some items cannot be ordered as they are', problem, { type: 'error' });
        await page.screenshot({ path: testInfo.outputPath('cart-sold-out.png'), fullPage: true });

        // The last one goes too: the menu says Sold out and offers nothing to add.
        await buyOne();
        await expect(line).toContainText(
          `${name} (3.5g Sticker) is sold out. Remove it from your cart and submit again.`,
        );
        await page.goto('/menu');
        await expect(sticker.getByRole('button', { name: 'Sold out' })).toBeDisabled();
        await expect(sticker.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
      } finally {
        // Other stories count the menu's stickers: never leave this one showing.
        await ownerApi.patch(`/api/admin/stickers/${stickerId}`, { headers, data: { hidden: true } });
      }
    },
  );
});
