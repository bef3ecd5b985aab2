import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { PlaceOrderResponse } from '~/features/shop/orders.schema';
import { dismissWeeklyBonus, originOf, setRolesByApi } from '../fixtures';

const VELVET_NEBULA_35G = 4500;

/** Makes the member an approved driver who is online, as an admin would in the Roles and Drivers tabs. */
export async function makeDriver(ownerApi: APIRequestContext, testInfo: TestInfo, userId: string) {
  await setRolesByApi(ownerApi, testInfo, userId, ['Member', 'Driver']);
  const flags = await ownerApi.patch(`/api/admin/drivers/${userId}`, {
    headers: { Origin: originOf(testInfo) },
    data: { isApprovedDriver: true, isOnline: true },
  });
  expect(flags.status(), await flags.text()).toBe(200);
}

/** A delivery order of one Velvet Nebula 3.5g, placed by the member signed in on `customer`. */
export async function placeDeliveryOrder(customer: Page, testInfo: TestInfo, address: string) {
  const menu = await customer.request.get('/api/shop/menu');
  const { stickers } = (await menu.json()) as { stickers: { id: string; name: string }[] };
  const sticker = stickers.find((s) => s.name === 'Velvet Nebula')!;
  const response = await customer.request.post('/api/orders', {
    headers: { Origin: originOf(testInfo) },
    data: {
      idempotencyKey: `e2e-driver-${Date.now()}-${Math.random()}`,
      deliveryMethod: 'Delivery',
      paymentMethod: 'Cash App',
      phone: '(202) 555-0163',
      address,
      items: [{ stickerId: sticker.id, size: '3.5g', quantity: 1 }],
      expectedTotalCents: VELVET_NEBULA_35G + 2000,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as PlaceOrderResponse).order;
}

/** The driver queue, past the weekly bonus. */
export async function openQueue(page: Page) {
  await page.goto('/driver-queue');
  await expect(page.getByRole('heading', { name: 'Driver Queue', level: 1 })).toBeVisible();
  await dismissWeeklyBonus(page);
}
