import { expect, type Page } from '@playwright/test';
import { dismissWeeklyBonus, DESKTOP_TOO, isPhone, skipWelcomeDialogs, smallTargets, test } from './fixtures';

/** Opens the welcome page past its age and install dialogs (accounts.spec.ts tests those). */
async function visitWelcomePage(page: Page) {
  await skipWelcomeDialogs(page);
  await page.goto('/');
}

test('a visitor opening the app sees The Vault welcome page', async ({ page }, testInfo) => {
  await visitWelcomePage(page);

  await expect(page.getByRole('heading', { name: 'The Vault', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Member Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request Access' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('welcome-page.png'), fullPage: true });
});

test('an unknown page shows the 404 page', async ({ page }, testInfo) => {
  await page.goto('/no-such-page');

  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const back = page.getByRole('link', { name: 'Back to The Vault' });
  await expect(back).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('not-found-page.png'), fullPage: true });

  await back.click();
  await expect(page).toHaveURL('/');
});

test.describe('Header', () => {
  // The longest tab name, and the pages outside the tabs.
  const pages = [
    { path: '/missions', name: 'Missions', heading: 'Missions and Rewards' },
    { path: '/cart', name: 'Cart', heading: 'Your Cart' },
    { path: '/orders', name: 'My Orders', heading: 'My Orders' },
    { path: '/profile', name: 'Profile', heading: 'My Profile' },
    { path: '/account', name: 'Account', heading: 'Account Settings' },
  ];

  test(
    'a member sees the page they are on named in full in the header, every icon named, every control a 44 px target',
    DESKTOP_TOO,
    async ({ newMember }, testInfo) => {
      const { page } = await newMember('Wayfinder');
      const header = page.getByRole('banner');
      // Phones as narrow as 360 px and the project's 390 px; the desktop as it is.
      const widths = isPhone(testInfo) ? [360, 390] : [page.viewportSize()!.width];

      for (const { path, name, heading } of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        for (const width of widths) {
          await page.setViewportSize({ width, height: page.viewportSize()!.height });
          if (isPhone(testInfo)) {
            // The menu button says where the member is, in full, with room to spare before the cart.
            const menuButton = header.getByRole('button', { name: `Navigation, ${name}` });
            await expect(menuButton).toHaveText(name);
            const button = (await menuButton.boundingBox())!;
            const cart = (await header.getByRole('link', { name: /^Cart/ }).boundingBox())!;
            expect(button.x + button.width, `${name} ends before the cart at ${width} px`).toBeLessThan(
              cart.x,
            );
            expect(await menuButton.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
          } else {
            const current = header.locator('[aria-current="page"]');
            await expect(current).toHaveCount(1);
            await expect(current).toHaveAccessibleName(
              { Cart: /^Cart/, 'My Orders': 'My Orders', Profile: 'Your profile', Account: 'Your profile' }[
                name
              ] ?? name,
            );
          }
          await expect(header.getByRole('button', { name: 'Log out' })).toBeInViewport({ ratio: 1 });
          expect(await smallTargets(header), `at ${width} px on ${path}`).toEqual([]);
          await header.screenshot({
            path: testInfo.outputPath(`header-${width}${path.replace('/', '-')}.png`),
          });
        }
      }

      // Every control in the header has a name, and each icon a tooltip with it.
      const unnamed = await header.evaluate((root) =>
        [...root.querySelectorAll('a, button')]
          .filter((control) => control.getClientRects().length > 0)
          .filter((control) => !control.getAttribute('title') && !control.textContent?.trim())
          .map((control) => control.outerHTML.slice(0, 80)),
      );
      expect(unnamed).toEqual([]);

      // On phones My Orders is in the menu, apart from the tabs.
      if (isPhone(testInfo)) {
        await page.goto('/feed');
        await header.getByRole('button', { name: 'Navigation, Feed' }).click();
        await page.getByRole('menuitem', { name: 'My Orders' }).click();
        await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
        await expect(header.getByRole('button', { name: 'Navigation, My Orders' })).toBeVisible();

        // A long press on an icon shows its name (a phone shows no title tooltips) and does not open it.
        const cart = header.getByRole('link', { name: /^Cart/ });
        await cart.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true, bubbles: true });
        await expect(header.getByRole('tooltip')).toHaveText('Cart');
        await page.screenshot({
          path: testInfo.outputPath('long-press-label.png'),
          clip: { x: 0, y: 0, width: 390, height: 140 },
        });
        await cart.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true, bubbles: true });
        await cart.dispatchEvent('click', { bubbles: true });
        await expect(page).toHaveURL(/\/orders$/);
        await expect(header.getByRole('tooltip')).toHaveCount(0);
        // A tap still opens it.
        await cart.tap();
        await expect(page).toHaveURL(/\/cart$/);
      }
    },
  );

  test('a new page opens at the top, and Back returns the member to where they were', async ({
    newMember,
  }) => {
    const { page } = await newMember('Scroller');
    await page.goto('/menu');
    await expect(page.getByRole('heading', { name: 'MENU', level: 1 })).toBeVisible();
    // The Weekly Bonus toast sits over the top of a phone screen: a tap under it would make Playwright scroll.
    await dismissWeeklyBonus(page);
    await expect(
      page
        .getByRole('list', { name: /Sticker/ })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));

    // Changing the size keeps the member's place on the menu.
    const sizeTab = page.getByRole('tab', { name: 'P Sticker' });
    const tabTop = (await sizeTab.boundingBox())!.y;
    const maxScroll = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    // Just above the tabs, or as far as the page scrolls (the desktop menu is short).
    const nearTab = Math.min(maxScroll, Math.max(0, Math.round(tabTop - 120)));
    expect(nearTab, 'the page scrolls down to the size tabs').toBeGreaterThan(50);
    await page.evaluate((y) => window.scrollTo(0, y), nearTab);
    await expect.poll(scrollY).toBe(nearTab);
    await sizeTab.click();
    await expect(page).toHaveURL(/size=/);
    // Where the member was, unless this size's list is shorter than that (other stories add stickers that are
    // not offered in every size): then as far down as the page now goes. Never back at the top.
    const maxAfter = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(Math.abs((await scrollY()) - Math.min(nearTab, maxAfter))).toBeLessThanOrEqual(2);

    const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(bottom, 'the menu is longer than the screen').toBeGreaterThan(100);
    await page.evaluate((y) => window.scrollTo(0, y), bottom);
    await expect.poll(scrollY).toBeGreaterThan(bottom - 2);

    // The feed is long too: it opens at its top all the same.
    await page.getByRole('link', { name: 'The Vault, go to the feed' }).click();
    await expect(page.getByRole('heading', { name: 'Community Feed', level: 1 })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).toBeGreaterThan(200);
    expect(await scrollY()).toBe(0);

    await page.goBack();
    await expect(page.getByRole('heading', { name: 'MENU', level: 1 })).toBeVisible();
    await expect.poll(async () => Math.abs((await scrollY()) - bottom)).toBeLessThanOrEqual(2);

    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Community Feed', level: 1 })).toBeVisible();
    await expect.poll(scrollY).toBe(0);
  });
});

test("a member's page asks for the session and the feed with its HTML, and the app uses those answers", async ({
  newMember,
}) => {
  const { page } = await newMember('Early Data');
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(`${request.method()} ${pathname}`);
  });
  await page.goto('/feed');
  await expect(page.getByRole('article').first()).toBeVisible();

  // Asked once each: the HTML's preload, which the app's own request took over. (The weekly bonus, awarded on
  // this first visit, then reads the session again.)
  const beforeBonus = asked.slice(0, asked.indexOf('POST /api/economy/weekly-bonus') + 1 || undefined);
  expect(beforeBonus.filter((line) => line === 'GET /api/accounts/session')).toHaveLength(1);
  expect(asked.filter((line) => line === 'GET /api/feed')).toHaveLength(1);
  // …and that one request came from the page's HTML (a <link rel="preload">), not from a script.
  const initiators = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => /\/api\/(feed|accounts\/session)$/.test(new URL(entry.name).pathname))
      .map((entry) => `${new URL(entry.name).pathname} ${entry.initiatorType}`),
  );
  expect(initiators.slice(0, 2).sort()).toEqual(['/api/accounts/session link', '/api/feed link']);
});
