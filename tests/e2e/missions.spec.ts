import { expect, test } from '@playwright/test';
import { originOf, registerByApi, signInByApi, skipWelcomeDialogs, uniqueMember } from './fixtures';

test.beforeEach(async ({ page }) => {
  await skipWelcomeDialogs(page);
});

test('a member sees the post cooldown on the Missions guide after posting, while other missions stay open', async ({
  page,
  request,
}, testInfo) => {
  const member = uniqueMember(testInfo, 'missions');
  await registerByApi(request, testInfo, member);
  await signInByApi(page.request, testInfo, member);

  await page.goto('/missions');
  await expect(page.getByRole('heading', { name: 'Missions and Rewards', level: 1 })).toBeVisible();
  await expect(page.getByText('Stack Coins. Climb Levels. Live Exotic.')).toBeVisible();
  const earnXp = page.getByRole('region', { name: 'Earn XP' });
  // Before posting, Create a Post leads to the feed.
  await expect(earnXp.getByRole('link', { name: /Create a Post/ })).toHaveAttribute('href', '/feed');

  const posted = await page.request.post('/api/feed/posts', {
    headers: { Origin: originOf(testInfo) },
    data: { content: 'Checking my missions.' },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  // The award arrives over the event stream: the row is struck through with the time left, and not a link.
  await expect(earnXp.getByRole('link', { name: /Create a Post/ })).toHaveCount(0);
  const waiting = earnXp.locator('[aria-disabled="true"]', { hasText: 'Create a Post' });
  await expect(waiting).toContainText(/2[34]h \d+m left/);
  await expect(waiting.getByText('Create a Post', { exact: true })).toHaveClass(/line-through/);
  // Rating has not been used: it still leads to the menu.
  await expect(earnXp.getByRole('link', { name: /Rate a Product/ })).toHaveAttribute('href', '/menu');
  await page.screenshot({ path: testInfo.outputPath('missions.png'), fullPage: true });
});

test('the leaderboard ranks members by coins, marks your own row, and opens a profile', async ({
  page,
  request,
}, testInfo) => {
  const member = uniqueMember(testInfo, 'leaders');
  await registerByApi(request, testInfo, member);
  await signInByApi(page.request, testInfo, member);

  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
  const board = page.getByRole('list', { name: 'Members by coins' });
  const rows = board.getByRole('link');
  await expect(rows.first()).toContainText('Rank 1');
  // Coins never rise down the board.
  const coins = (await rows.allInnerTexts()).map((text) =>
    Number(/([\d,]+)\s*coins/.exec(text)![1]!.replace(/,/g, '')),
  );
  expect(coins).toEqual([...coins].sort((a, b) => b - a));
  // The member's own row is marked, in the list or pinned under it.
  await expect(page.locator('a[aria-current="true"]').first()).toContainText(member.fullName);
  await page.screenshot({ path: testInfo.outputPath('leaderboard.png'), fullPage: true });

  const firstName = (await rows.first().locator('span.truncate').first().innerText())
    .replace(/You$/, '')
    .trim();
  await rows.first().click();
  await expect(page).toHaveURL(/\/profile\/[^/]+$/);
  await expect(page.getByRole('heading', { name: firstName })).toBeVisible();
});
