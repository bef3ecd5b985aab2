import { expect } from '@playwright/test';
import { holdRequests, originOf, test } from './fixtures';

test('a member sees the post cooldown on the Missions guide after posting, while other missions stay open', async ({
  newMember,
}, testInfo) => {
  const { page } = await newMember('missions');

  await page.goto('/missions');
  await expect(page.getByRole('heading', { name: 'Missions and Rewards', level: 1 })).toBeVisible();
  await expect(page.getByText('Stack Coins. Climb Levels. Live Exotic.')).toBeVisible();
  const earnXp = page.getByRole('region', { name: 'Earn XP' });
  // Before posting, Create a Post leads to the feed.
  await expect(earnXp.getByRole('link', { name: /Create a Post/ })).toHaveAttribute('href', '/feed');
  // A comment pays XP as well as coins: the guide lists what the server pays for it.
  await expect(earnXp.getByRole('link', { name: /Engage \(Comment\)/ })).toContainText('+15 XP');

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

test('a post made while the Missions guide is still loading shows its cooldown all the same', async ({
  newMember,
}, testInfo) => {
  const { page } = await newMember('missions-loading');
  // The code of the page's live updates and its weekly bonus are held back, so the post falls after the page read
  // its cooldowns, and the bonus then refreshes the session (the header's XP) to a moment after the post.
  const releaseLiveUpdates = await holdRequests(page, /\/assets\/event-stream-[^/]+\.js$/);
  const releaseBonus = await holdRequests(page, '**/api/economy/weekly-bonus');
  await page.goto('/missions');
  const earnXp = page.getByRole('region', { name: 'Earn XP' });
  await expect(earnXp.getByRole('link', { name: /Create a Post/ })).toHaveAttribute('href', '/feed');

  const posted = await page.request.post('/api/feed/posts', {
    headers: { Origin: originOf(testInfo) },
    data: { content: 'Posted while the guide loads.' },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  releaseBonus();
  // 10 XP for the weekly login, 15 for the post: the session read after both.
  await expect(page.getByRole('banner').getByText('25 / 1000 XP')).toBeVisible();

  // The live updates start from where the page's first session answer stood, so the post's award still arrives.
  releaseLiveUpdates();
  await expect(earnXp.getByRole('link', { name: /Create a Post/ })).toHaveCount(0);
  await expect(earnXp.locator('[aria-disabled="true"]', { hasText: 'Create a Post' })).toContainText(
    /2[34]h \d+m left/,
  );
});

test('the leaderboard ranks members by coins, marks your own row, and opens a profile', async ({
  newMember,
}, testInfo) => {
  const { page, member } = await newMember('leaders');

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
  // The member's own row is marked, in the list or above it.
  await expect(page.locator('a[aria-current="true"]').first()).toContainText(member.fullName);
  await page.screenshot({ path: testInfo.outputPath('leaderboard.png'), fullPage: true });

  // This Week: the weekly login bonus the member just got counts; the board is in the URL.
  await page.getByRole('tab', { name: 'This Week' }).click();
  await expect(page).toHaveURL(/\?board=week$/);
  await expect(page.getByText(/^Coins earned since Monday, /)).toBeVisible();
  const mine = page.locator('a[aria-current="true"]').first();
  await expect(mine).toContainText(member.fullName);
  await expect(mine).toContainText(/10\s*coins/);
  await page.screenshot({ path: testInfo.outputPath('leaderboard-week.png'), fullPage: true });
  await page.getByRole('tab', { name: 'All Time' }).click();
  await expect(page).toHaveURL(/\/leaderboard$/);

  // Other stories earn and spend coins meanwhile, and the board follows them live: pin the row by its address
  // before reading its name, so a reordering between the read and the tap cannot swap the member.
  const profilePath = (await rows.first().getAttribute('href'))!;
  const firstRow = board.locator(`a[href="${profilePath}"]`);
  const firstName = (await firstRow.locator('span.truncate').first().innerText()).replace(/You$/, '').trim();
  await firstRow.click();
  await expect(page).toHaveURL(new RegExp(`${profilePath}$`));
  await expect(page.getByRole('heading', { name: firstName })).toBeVisible();
});

test('an Economy Manager adjusts a member’s coins with a reason, and the member sees it in history and notifications', async ({
  newMember,
}, testInfo) => {
  const { page } = await newMember('ecomgr', { roles: ['Economy Manager'] });
  const receiver = await newMember('adjusted');

  await page.goto('/admin?tab=economy');
  const form = page.getByRole('region', { name: 'Adjust a member’s balance' });
  await form.getByRole('searchbox', { name: 'Find a member' }).fill(receiver.member.fullName);
  await form
    .getByRole('list', { name: 'Members found' })
    .getByRole('button', { name: receiver.member.fullName })
    .click();
  await form.getByLabel('Coins', { exact: true }).fill('25');
  await form.getByLabel('Reason', { exact: true }).fill('Thanks for the great review');
  await form.getByRole('button', { name: 'Apply Adjustment' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Balance adjusted' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('adjustment.png'), fullPage: true });

  await receiver.page.goto('/profile');
  const history = receiver.page.getByRole('list', { name: 'Coin and XP history' });
  // The weekly login bonus this first visit claims may land above it.
  const adjustment = history.getByRole('listitem').filter({ hasText: 'Adjustment by the Vault Team' });
  await expect(adjustment).toHaveCount(1);
  await expect(adjustment).toContainText('Thanks for the great review');
  await expect(adjustment).toContainText('+25 coins');
  await receiver.page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(
    receiver.page.getByText(
      'The Vault Team adjusted your balance: +25 coins. Reason: Thanks for the great review',
    ),
  ).toBeVisible();
  await receiver.page.screenshot({ path: testInfo.outputPath('history.png'), fullPage: true });
});
