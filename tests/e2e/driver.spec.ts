import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectToast, originOf, test } from './fixtures';
import { makeDriver, openQueue, placeDeliveryOrder } from './support/driver-orders';
import { EXPECT_TIMEOUT_MS, STORY_TIMEOUT_MS } from './support/playwright-base';
import { E2E_ETA_WINDOW_MS } from './support/server-env';

const queueTab = (page: Page, name: RegExp) =>
  page.getByRole('tablist', { name: 'Driver queue' }).getByRole('tab', { name });
const orderCard = (page: Page, shortId: string) => page.getByRole('article', { name: `#${shortId}` });

test.describe('Driver queue', () => {
  test('two drivers see a new order live; one calls dibs, the ETA reveals the address, delivery completes it for the member', async ({
    newMember,
    ownerApi,
  }, testInfo) => {
    const driverA = await newMember('Driver Dana');
    const driverB = await newMember('Driver Eli');
    const customer = await newMember('Customer Casey');
    await makeDriver(ownerApi, testInfo, driverA.user.id);
    await makeDriver(ownerApi, testInfo, driverB.user.id);
    await openQueue(driverA.page);
    await openQueue(driverB.page);

    const address = `${Date.now() % 100000} Secret Lane NW, Washington, DC`;
    const order = await placeDeliveryOrder(customer.page, testInfo, address);
    // Both queues show it without a reload; nobody sees the address yet.
    for (const driver of [driverA, driverB]) {
      await expect(orderCard(driver.page, order.shortId)).toBeVisible();
      await expect(driver.page.getByText(address)).toHaveCount(0);
    }

    await orderCard(driverA.page, order.shortId).getByRole('button', { name: 'Call Dibs' }).click();
    await expectToast(driverA.page, 'You got it!', 'Submit your ETA within 5 minutes.', { type: 'success' });
    // The other driver's Available list loses it live.
    await expect(orderCard(driverB.page, order.shortId)).toHaveCount(0);

    // The claimer lands on My Runs, the run in view, the cursor in its ETA field.
    await expect(queueTab(driverA.page, /^My Runs/)).toHaveAttribute('aria-selected', 'true');
    const run = orderCard(driverA.page, order.shortId);
    const eta = run.getByLabel(/ETA in minutes/);
    await expect(eta).toBeFocused();
    await expect(eta).toBeInViewport();
    await expect(run.getByRole('timer')).toBeInViewport();
    await expect(run.getByText(address)).toHaveCount(0);

    // Elsewhere in the app the countdown follows, and leads back to the run.
    await driverA.page.goto('/feed');
    const banner = driverA.page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(`ETA due for #${order.shortId}`) });
    await expect(banner.getByRole('timer')).toBeVisible();
    await banner.click();
    await expect(queueTab(driverA.page, /^My Runs/)).toHaveAttribute('aria-selected', 'true');
    await expect(banner).toHaveCount(0);

    // The form at the foot of the screen, where a phone's keyboard pushes it.
    await run
      .getByRole('button', { name: 'Cancel Run' })
      .evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await eta.fill('4');
    await run.getByRole('button', { name: 'Submit ETA' }).click();
    await expectToast(driverA.page, 'Invalid ETA', 'Please enter a value between 5 and 60 minutes.', {
      type: 'error',
    });
    // The toast leaves the field, its error and Cancel Run in sight.
    const toastBox = (await driverA.page.locator('[data-sonner-toast][data-front="true"]').boundingBox())!;
    for (const shown of [
      eta,
      run.getByText('Please enter a value between 5 and 60 minutes.'),
      run.getByRole('button', { name: 'Cancel Run' }),
    ]) {
      await expect(shown).toBeInViewport();
      const box = (await shown.boundingBox())!;
      const apart =
        box.y >= toastBox.y + toastBox.height ||
        box.y + box.height <= toastBox.y ||
        box.x >= toastBox.x + toastBox.width ||
        box.x + box.width <= toastBox.x;
      expect(apart, 'the toast covers the ETA form').toBe(true);
    }
    await eta.fill('15');
    await run.getByRole('button', { name: 'Submit ETA' }).click();
    await expectToast(driverA.page, 'ETA Submitted!', "The customer's address is now visible.", {
      type: 'success',
    });
    await expect(run.getByText(address)).toBeVisible();
    await expect(driverB.page.getByText(address)).toHaveCount(0);

    await customer.page.goto('/orders');
    const customerOrder = customer.page.getByRole('article').filter({ hasText: order.shortId });
    await expect(customerOrder).toBeVisible();

    // The member reads the handover code on their order and gives it to the driver, who types it.
    const code = (await customerOrder.getByText(/^\d{4}$/).textContent())!;
    await run.getByLabel('Handover code').fill(code === '0000' ? '1111' : '0000');
    await run.getByRole('button', { name: 'Mark Delivered' }).click();
    await expect(run.getByText(/That is not the member’s code: 4 tries left\./).first()).toBeVisible();
    await run.getByLabel('Handover code').fill(code);
    await run.getByRole('button', { name: 'Mark Delivered' }).click();
    await expectToast(driverA.page, 'Order Delivered!', 'Great job!', { type: 'success' });
    await queueTab(driverA.page, /^History/).click();
    await expect(orderCard(driverA.page, order.shortId)).toBeVisible();
    await expect(driverA.page.getByText(address)).toHaveCount(0);
    // The member's page follows without a reload.
    await expect(customerOrder.getByText('Completed').first()).toBeVisible();
  });

  test('nobody answers: after Notify Customer and the wait the driver leaves it at the door with a photo, which the member sees', async ({
    newMember,
    ownerApi,
  }, testInfo) => {
    const driver = await newMember('Noor Driver');
    const customer = await newMember('Customer Avery');
    await makeDriver(ownerApi, testInfo, driver.user.id);
    const order = await placeDeliveryOrder(customer.page, testInfo, '12 Quiet Court, Washington, DC');
    // The claim and the ETA as the driver's phone sends them; the door is what this story is about.
    const headers = { Origin: originOf(testInfo) };
    for (const [step, data] of [
      ['claim', {}],
      ['eta', { etaMinutes: 20 }],
    ] as const) {
      const response = await driver.request.post(`/api/driver/orders/${order.id}/${step}`, { headers, data });
      expect(response.status(), await response.text()).toBe(200);
    }

    // The member sees who is coming and when.
    await customer.page.goto('/orders');
    const customerOrder = customer.page.getByRole('article').filter({ hasText: order.shortId });
    await expect(customerOrder.getByText('Noor is on the way')).toBeVisible();
    await expect(customerOrder.getByText(/^ETA 20 min · around /)).toBeVisible();

    await openQueue(driver.page);
    await queueTab(driver.page, /^My Runs/).click();
    const run = orderCard(driver.page, order.shortId);
    await expect(run.getByText(/^Nobody answering\? From /)).toBeVisible();
    await run.getByRole('button', { name: 'Notify Customer' }).click();
    await expect(run.getByRole('button', { name: 'Customer Notified' })).toBeDisabled();
    await run.getByRole('button', { name: 'Nobody answering? Leave it at the door' }).click();
    const form = run.getByRole('form', { name: 'Leave it at the door' });
    await form.getByRole('button', { name: 'Leave at Door' }).click();
    await expect(form.getByRole('alert')).toHaveText('Take a photo of the order at the door.');
    await form.getByLabel('Photo of the order at the door').setInputFiles({
      name: 'door.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#5a4636' } })
        .jpeg()
        .toBuffer(),
    });
    await expect(form.getByRole('img', { name: 'Your photo of the order at the door' })).toBeVisible();
    await form.getByLabel('Note for the member (optional)').fill('Behind the blue planter');
    await form.getByRole('button', { name: 'Leave at Door' }).click();
    await expectToast(driver.page, 'Order Delivered!', 'Left at the door: the member sees your photo.', {
      type: 'success',
    });
    // The driver's History says how it was delivered, and shows neither the photo nor the note.
    await queueTab(driver.page, /^History/).click();
    await expect(run).toContainText('Left at the door');
    await expect(run).not.toContainText('Behind the blue planter');
    await expect(run.getByRole('img')).toHaveCount(0);

    // The member's order follows live: the photo, the note, and where to get help.
    const door = customerOrder.getByRole('region', { name: 'Left at your door' });
    await expect(door).toContainText('Delivered with a photo — not received?');
    await expect(door.getByRole('link', { name: /^Get help/ })).toHaveAttribute('href', /^tel:/);
    await expect(door).toContainText('“Behind the blue planter”');
    const photo = door.getByRole('img', { name: 'Your order at the door, as the driver left it' });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await expect(customerOrder.getByText('Delivered by Noor')).toBeVisible();
  });

  test('the desk assigns a run to a driver, who finds it in My Runs, gives the ETA and gets directions and a way to call', async ({
    newMember,
    ownerApi,
    ownerPage,
  }, testInfo) => {
    const driver = await newMember('Driver Assigned');
    const customer = await newMember('Customer Dispatched');
    await makeDriver(ownerApi, testInfo, driver.user.id);
    await openQueue(driver.page);
    const address = `${Date.now() % 100000} Dispatch Way NW, Washington, DC`;
    const order = await placeDeliveryOrder(customer.page, testInfo, address);

    await ownerPage.goto('/admin?tab=orders');
    const entry = ownerPage.getByRole('article', { name: `Order #${order.shortId}`, exact: true });
    await entry.getByRole('button', { name: `Assign to driver order #${order.shortId}` }).click();
    const dialog = ownerPage.getByRole('dialog', { name: `Assign order #${order.shortId}` });
    // Nothing chosen yet: the dialog says what is missing.
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a driver.');
    const choice = dialog.getByRole('radio', { name: new RegExp(driver.member.fullName) });
    await expect(choice).toBeVisible();
    await choice.check();
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await expectToast(
      ownerPage,
      'Run assigned',
      `Order #${order.shortId} is with ${driver.member.fullName}, who has their ETA window to answer.`,
      { type: 'success' },
    );
    // The desk now offers to move it, or to give it back to the queue.
    await expect(entry.getByRole('button', { name: `Reassign order #${order.shortId}` })).toBeVisible();
    await expect(
      entry.getByRole('button', { name: `Return to queue order #${order.shortId}` }),
    ).toBeVisible();

    // The driver's My Runs has it live, marked as the shop's, with Decline in place of Cancel Run.
    await queueTab(driver.page, /^My Runs/).click();
    const run = orderCard(driver.page, order.shortId);
    await expect(run.getByText('The shop assigned this run to you.', { exact: false })).toBeVisible();
    await expect(run.getByRole('button', { name: 'Decline' })).toBeVisible();
    await run.getByLabel(/ETA in minutes/).fill('20');
    await run.getByRole('button', { name: 'Submit ETA' }).click();
    await expectToast(driver.page, 'ETA Submitted!', "The customer's address is now visible.", {
      type: 'success',
    });
    await expect(run.getByRole('link', { name: /^Open in Maps/ })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`,
    );
    await expect(run.getByRole('link', { name: 'Call the customer' })).toHaveAttribute(
      'href',
      'tel:+12025550163',
    );
    await expect(run.getByRole('link', { name: 'Text the customer' })).toHaveAttribute(
      'href',
      'sms:+12025550163',
    );
  });

  test('a driver who misses the ETA window gets the order re-queued with a strike', async ({
    newMember,
    ownerApi,
  }, testInfo) => {
    // The story waits out the whole window: the usual guard plus the window.
    test.setTimeout(STORY_TIMEOUT_MS + E2E_ETA_WINDOW_MS);
    const driver = await newMember('Driver Slow');
    const customer = await newMember('Customer Waits');
    await makeDriver(ownerApi, testInfo, driver.user.id);
    await openQueue(driver.page);
    const status = driver.page.getByRole('region', { name: 'Your driver status' });
    await expect(status.getByText('Strikes')).toBeVisible();

    const order = await placeDeliveryOrder(customer.page, testInfo, '9 Late Street, Washington, DC');
    await orderCard(driver.page, order.shortId).getByRole('button', { name: 'Call Dibs' }).click();
    await expectToast(driver.page, 'You got it!', 'Submit your ETA within 5 minutes.', { type: 'success' });
    await queueTab(driver.page, /^My Runs/).click();
    await expect(orderCard(driver.page, order.shortId).getByRole('timer')).toBeVisible();

    await expectToast(driver.page, 'Order Re-queued', 'You ran out of time to submit an ETA.', {
      type: 'error',
      timeout: E2E_ETA_WINDOW_MS + EXPECT_TIMEOUT_MS,
    });
    await expect(queueTab(driver.page, /^My Runs/)).toHaveText('My Runs (0)');
    await queueTab(driver.page, /^Available/).click();
    await expect(
      orderCard(driver.page, order.shortId).getByRole('button', { name: 'Call Dibs' }),
    ).toBeVisible();
    await expect(status.getByRole('definition').first()).toHaveText('1');
  });

  test('a driver who is not approved yet sees why they cannot call dibs', async ({ newMember }) => {
    const pending = await newMember('Driver New', { roles: ['Driver'] });
    await openQueue(pending.page);
    await expect(
      pending.page
        .getByRole('status')
        .filter({ hasText: 'An admin has to approve you as a driver before you can call dibs.' }),
    ).toBeVisible();
    await expect(pending.page.getByRole('button', { name: 'Call Dibs' })).toHaveCount(0);
  });
});
