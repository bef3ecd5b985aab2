import { expect, type Page, type TestInfo } from '@playwright/test';
import type { SessionResponse } from '~/shared/session';
import { DESKTOP_TOO, test } from './fixtures';

/**
 * Every floating (fixed or sticky) control on the page that takes taps, but the sticky header and what is in it, a table's sticky
 * head row, and the toasts (they come and go on their own), against every shown button and link outside it: "what covers what", empty
 * when nothing is covered.
 */
function coveredNow(): string[] {
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  const shown = (el: Element) => {
    const rect = el.getBoundingClientRect();
    return (
      rect.width > 1 &&
      rect.height > 1 &&
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    );
  };
  const floating = [...document.querySelectorAll('body *')].filter((el) => {
    const { position } = getComputedStyle(el);
    return (
      (position === 'fixed' || position === 'sticky') &&
      // Decoration that never takes a tap (the starry sky behind every page) covers nothing.
      getComputedStyle(el).pointerEvents !== 'none' &&
      !el.closest('header') &&
      // A table's sticky head row (a CardTable's, as a table): rows scroll under it, as under the page header
      // (DESIGN.md, admin tables).
      !el.closest('thead, [data-card-table-head]') &&
      !el.closest('[data-sonner-toaster]') &&
      shown(el)
    );
  });
  const targets = [...document.querySelectorAll('a, button')].filter(shown);
  const found: string[] = [];
  for (const control of floating) {
    const c = control.getBoundingClientRect();
    for (const target of targets) {
      if (control.contains(target) || target.contains(control)) continue;
      const t = target.getBoundingClientRect();
      const overlap =
        Math.min(c.right, t.right) > Math.max(c.left, t.left) &&
        Math.min(c.bottom, t.bottom) > Math.max(c.top, t.top);
      if (overlap) found.push(`${describe(control)} covers ${describe(target)}`);
    }
  }
  return found;
}

/** Opens the route, waits for its lists, and checks at the top, the middle and the bottom of the page. */
async function expectNothingCovered(page: Page, route: string, testInfo: TestInfo) {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
  for (const at of ['top', 'middle', 'bottom'] as const) {
    await page.evaluate((at) => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, at === 'top' ? 0 : at === 'middle' ? max / 2 : max);
    }, at);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await page.evaluate(coveredNow), `${route}, scrolled to the ${at}`).toEqual([]);
  }
  // OVERLAP_SCREENSHOTS=1 keeps a picture of each page, from the top, in the test's output folder.
  if (process.env.OVERLAP_SCREENSHOTS) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: testInfo.outputPath(`${route.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.png`),
      fullPage: true,
    });
  }
}

test.describe('Floating buttons', DESKTOP_TOO, () => {
  test('a driver finds no floating button over a button or link on any page, nor the Owner on the dashboard', async ({
    newMember,
    ownerApi,
    ownerPage,
  }, testInfo) => {
    // A driver, so the driver queue is theirs to see.
    const { page } = await newMember('Overlap Olive', { roles: ['Driver'] });
    const owner = (await (await ownerApi.get('/api/accounts/session')).json()) as SessionResponse;

    for (const route of [
      '/feed',
      '/menu',
      '/leaderboard',
      '/missions',
      '/rewards-center',
      '/cart',
      '/orders',
      '/profile',
      `/profile/${owner.user!.id}`,
      '/inbox',
      '/driver-queue',
    ]) {
      await expectNothingCovered(page, route, testInfo);
    }
    await expectNothingCovered(ownerPage, '/admin?tab=orders', testInfo);
  });
});
