import { expect, type APIRequestContext } from '@playwright/test';
import type { ConversationResponse } from '~/features/inbox/inbox.schema';
import type { AuditLogPage } from '~/features/audit/audit.schema';
import type { DriverQueueResponse } from '~/features/delivery/delivery.schema';
import type { NotificationsResponse } from '~/features/notifications/notifications.schema';
import { dismissWeeklyBonus, expectToast, liveUpdatesOpen, originOf, test } from '../fixtures';
import { makeDriver, openQueue, placeDeliveryOrder } from '../support/driver-orders';
import { TINY_PNG } from '../support/images';
import { EXPECT_TIMEOUT_MS } from '../support/playwright-base';
import { PROXY_LOG_PATH, type ProxyLog } from '../support/round-robin-proxy';
import { instanceUrls, SCALE_OUT_ETA_WINDOW_MS } from './scale-out-env';

test.skip(Boolean(process.env.VAULT_SCALE_OUT_SKIP), process.env.VAULT_SCALE_OUT_SKIP);

/** What the proxy has passed to each instance so far, and which instance took each request. */
async function proxyLog(request: APIRequestContext): Promise<ProxyLog> {
  return (await (await request.get(PROXY_LOG_PATH)).json()) as ProxyLog;
}

/** The instance that answered the latest request to `method path` (a path or a test of one). */
async function instanceThatServed(request: APIRequestContext, method: string, path: RegExp) {
  const served = (await proxyLog(request)).requests.filter((r) => r.method === method && path.test(r.path));
  expect(served.length, `no ${method} ${path} went through the proxy`).toBeGreaterThan(0);
  return served.at(-1)!.upstream;
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

test.describe('Two instances behind a round-robin load balancer, one PostgreSQL, one S3 bucket', () => {
  test('a photo posted through one instance shows through the other, and both instances served the pages', async ({
    newMember,
    request,
  }) => {
    const before = await proxyLog(request);
    const author = await newMember('Photo Author');
    await author.page.goto('/feed');
    await dismissWeeklyBonus(author.page);
    const text = unique('Photo across instances');
    await author.page.getByRole('button', { name: 'New Post' }).click();
    const dialog = author.page.getByRole('dialog', { name: 'Create a new post' });
    await dialog
      .getByLabel('Photo or video')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(dialog.getByText('Uploaded')).toBeVisible();
    await dialog.getByLabel('Post text').fill(text);
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    const uploadedBy = await instanceThatServed(author.page.request, 'POST', /^\/api\/feed\/media$/);

    const reader = await newMember('Photo Reader');
    await reader.page.goto('/feed');
    await dismissWeeklyBonus(reader.page);
    const image = reader.page
      .getByRole('article')
      .filter({ hasText: text })
      .getByRole('img', { name: /^Photo from / });
    await expect(image).toHaveAttribute('src', /^\/api\/uploads\/[a-f0-9]{32}\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    // The same bytes from each instance directly, the one that did not take the upload included (from S3).
    const src = (await image.getAttribute('src'))!;
    const bodies = [];
    for (const instance of instanceUrls()) {
      const response = await reader.page.request.get(`${instance}${src}`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      bodies.push(await response.body());
    }
    expect(bodies[1 - uploadedBy]!.equals(bodies[uploadedBy]!)).toBe(true);
    expect(bodies[0]!.length).toBeGreaterThan(0);

    // Consecutive requests alternated: each instance served about half of these pages' requests.
    const after = await proxyLog(reader.page.request);
    const served = after.perUpstream.map((count, i) => count - before.perUpstream[i]!);
    expect(Math.min(...served)).toBeGreaterThanOrEqual(Math.floor(Math.max(...served) / 2));
  });

  test('a message sent through one instance reaches live a member whose event stream is on the other', async ({
    newMember,
  }, testInfo) => {
    const ana = await newMember('Ana Sender');
    const ben = await newMember('Ben Listener');
    const streamOpen = liveUpdatesOpen(ben.page);
    await ben.page.goto('/inbox');
    await streamOpen;
    await dismissWeeklyBonus(ben.page);
    await expect(ben.page.getByText('No conversations found.')).toBeVisible();
    const streamOn = await instanceThatServed(ben.page.request, 'GET', /^\/api\/events(\?|$)/);

    // Ana writes straight to the instance that does not hold Ben's stream.
    const other = instanceUrls()[1 - streamOn]!;
    const headers = { Origin: originOf(testInfo) };
    const started = await ana.page.request.post(`${other}/api/inbox/conversations`, {
      headers,
      data: { recipientId: ben.user.id },
    });
    expect(started.status(), await started.text()).toBeLessThan(300);
    const { id } = ((await started.json()) as ConversationResponse).conversation;
    const content = unique('Hello from the other instance');
    const sent = await ana.page.request.post(`${other}/api/inbox/conversations/${id}/messages`, {
      headers,
      data: { content },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    const row = ben.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(`^${ana.user.fullName}`) });
    await expect(row).toContainText(content);
    await expect(row.getByLabel('1 unread')).toBeVisible();
    // Still the same stream: the message came live, not with a reconnect to the instance that wrote it.
    expect(await instanceThatServed(ben.page.request, 'GET', /^\/api\/events(\?|$)/)).toBe(streamOn);
  });

  test('an expired driver claim is swept once, though both instances sweep', async ({
    newMember,
    ownerApi,
  }, testInfo) => {
    const driver = await newMember('Driver Late');
    const customer = await newMember('Customer Waiting');
    await makeDriver(ownerApi, testInfo, driver.user.id);
    const order = await placeDeliveryOrder(customer.page, testInfo, '25 Scale Street, Washington, DC');
    await openQueue(driver.page);
    await driver.page
      .getByRole('article', { name: `#${order.shortId}` })
      .getByRole('button', { name: 'Call Dibs' })
      .click();
    await expectToast(driver.page, 'You got it!', 'Submit your ETA within 5 minutes.', { type: 'success' });
    // The re-queue reaches the driver live, whichever instance swept it.
    await expectToast(driver.page, 'Order Re-queued', 'You ran out of time to submit an ETA.', {
      type: 'error',
      timeout: SCALE_OUT_ETA_WINDOW_MS + EXPECT_TIMEOUT_MS,
    });

    const sweeps = async () => {
      const audit = (await (
        await ownerApi.get(`/api/admin/audit-log?orderId=${order.id}&eventType=CLAIM_EXPIRED`)
      ).json()) as AuditLogPage;
      const queue = (await (
        await driver.page.request.get('/api/driver/queue')
      ).json()) as DriverQueueResponse;
      const { items } = (await (
        await driver.page.request.get('/api/notifications')
      ).json()) as NotificationsResponse;
      return {
        audited: audit.items.length,
        strikes: queue.me.strikes,
        notified: items.filter((n) => n.message.includes(`#${order.shortId} went back to the queue`)).length,
        available: queue.available.some((o) => o.id === order.id),
      };
    };
    const once = { audited: 1, strikes: 1, notified: 1, available: true };
    await expect.poll(sweeps).toEqual(once);
    // Each instance sweeps every 100 ms: over the next 20 sweeps of each, nobody strikes the driver again.
    await driver.page.waitForTimeout(2_000);
    expect(await sweeps()).toEqual(once);
  });
});
