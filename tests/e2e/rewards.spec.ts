import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { expectToast, originOf, signInByApi, skipWelcomeDialogs, test, dismissWeeklyBonus } from './fixtures';
import { makeDriver } from './support/driver-orders';

const VELVET_NEBULA_35G = '$45.00';

/** The Owner gives the member coins, as the Economy tab's adjustment does. */
async function giveCoins(ownerApi: APIRequestContext, testInfo: TestInfo, memberId: string, coins: number) {
  const response = await ownerApi.post('/api/economy/adjustments', {
    headers: { Origin: originOf(testInfo) },
    data: { memberId, coins, xp: 0, reason: 'Rewards story' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const rewardCard = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const cartItems = (page: Page) => page.getByRole('list', { name: 'Cart items' });

async function redeemFromCenter(page: Page, title: string, cost: string) {
  await rewardCard(page, title).getByRole('button', { name: 'Redeem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem Reward?' });
  await expect(dialog).toContainText(
    `Are you sure you want to spend ${cost} coins to redeem "${title}"? This item will be added to your cart.`,
  );
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expectToast(page, `"${title}" Redeemed!`, 'Your reward has been added to your cart.', {
    type: 'success',
  });
  await expect(page).toHaveURL(/\/cart$/);
}

test('a member redeems Free Delivery, sees it in the cart on a second phone, orders with no fee, and the desk and driver see the reward line', async ({
  browser,
  newMember,
  ownerApi,
  ownerPage,
}, testInfo) => {
  const phone = await newMember('Redeemer');
  const { page } = phone;
  await giveCoins(ownerApi, testInfo, phone.user.id, 190);

  await page.goto('/rewards-center');
  await expect(page.getByRole('heading', { name: 'Rewards Center', level: 1 })).toBeVisible();
  await dismissWeeklyBonus(page);
  // 200 coins (190 plus the weekly bonus's 10): the trip is out of reach, and says by how much.
  const trip = rewardCard(page, '10-Day Vegas Trip');
  await expect(trip.getByRole('button', { name: 'Redeem' })).toBeDisabled();
  await expect(trip).toContainText('You need 9,800 more coins.');
  await page.screenshot({ path: testInfo.outputPath('rewards-center.png'), fullPage: true });

  await redeemFromCenter(page, 'Free Delivery', '100');
  await expect(cartItems(page).getByText('REWARD: Free Delivery')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // The reward line is on the server: the member's other device, a session of its own, shows it too.
  const { baseURL, viewport, isMobile, hasTouch, reducedMotion } = testInfo.project.use;
  const otherDevice = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, reducedMotion });
  const other = await otherDevice.newPage();
  await skipWelcomeDialogs(other);
  await signInByApi(other.request, testInfo, phone.member);
  await other.goto('/cart');
  await expect(cartItems(other).getByText('REWARD: Free Delivery')).toBeVisible();
  // A Free Delivery alone has nothing to deliver: the server's quote says so.
  await expect(
    other.getByText('A Free Delivery needs something to deliver: add a sticker or another reward.'),
  ).toBeVisible();
  await otherDevice.close();

  // A sticker on this phone, then the order: the Free Delivery waives the fee.
  await page.goto('/menu');
  const sticker = page.getByRole('article', { name: 'Velvet Nebula', exact: true });
  await sticker.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  const checkout = page.getByRole('region', { name: 'Checkout' });
  await expect(checkout.getByText('Delivery fee (Free Delivery reward)')).toBeVisible();
  await expect(checkout.getByRole('definition').last()).toHaveText(VELVET_NEBULA_35G);
  await page.screenshot({ path: testInfo.outputPath('cart-with-reward.png'), fullPage: true });
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST',
  );
  await checkout.getByRole('button', { name: 'Submit Order' }).click();
  const { order } = (await (await placed).json()) as { order: { shortId: string } };
  const submitted = page.getByRole('dialog', { name: 'Order Submitted' });
  await submitted.getByRole('link', { name: 'Follow your order' }).click();
  // The order used the reward: the cart is empty on every device, and My Orders lists the reward line.
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await expect(page.getByText('REWARD: Free Delivery').first()).toBeVisible();

  // The orders desk lists the reward line.
  await ownerPage.goto('/admin?tab=orders');
  const deskOrder = ownerPage.getByRole('article', { name: `Order #${order.shortId}`, exact: true });
  await expect(deskOrder).toContainText('REWARD: Free Delivery');

  // So does the driver's card.
  const driver = await newMember('Reward Driver');
  await makeDriver(ownerApi, testInfo, driver.user.id);
  await driver.page.goto('/driver-queue');
  const card = driver.page.getByRole('article', { name: `#${order.shortId}` });
  await expect(card).toContainText('REWARD: Free Delivery');
  await expect(card).toContainText('Reward');
});

test('a member removes a reward from the cart, finds it under Your rewards, and adds it back', async ({
  newMember,
  ownerApi,
}, testInfo) => {
  const { page, user } = await newMember('Reward Keeper');
  await giveCoins(ownerApi, testInfo, user.id, 100);

  await page.goto('/rewards-center');
  await dismissWeeklyBonus(page);
  await redeemFromCenter(page, 'Pre-Roll', '63');
  const line = cartItems(page).getByRole('listitem').filter({ hasText: 'REWARD: Pre-Roll' });
  await line.getByRole('button', { name: 'Remove REWARD: Pre-Roll' }).click();
  await expectToast(page, 'Item removed', 'Pre-Roll is back under Your rewards in the Rewards Center.');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();

  await page.goto('/rewards-center');
  const yours = page.getByRole('region', { name: 'Your rewards' });
  await expect(yours).toContainText('Kept for a later order');
  await page.screenshot({ path: testInfo.outputPath('your-rewards.png'), fullPage: true });
  await yours.getByRole('button', { name: 'Add to cart' }).click();
  await expect(yours).toContainText('In your cart');
  await yours.getByRole('link', { name: 'View cart' }).click();
  await expect(cartItems(page).getByText('REWARD: Pre-Roll')).toBeVisible();
});
