import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import {
  holdRequests,
  dismissWeeklyBonus,
  expectToast,
  originOf,
  registerByApi,
  setRolesByApi,
  test,
  uniqueMember,
  type Member,
  signInThroughForm,
  WEEKLY_BONUS,
} from './fixtures';
import { TINY_PNG } from './support/images';

/** Well inside the notifications' one-minute fallback poll, so what arrives in time came live. */
const LIVE_TIMEOUT_MS = 20_000;

/** Registers a member who joins with someone's referral code (the server then notifies the referrer). */
async function registerReferredBy(
  request: APIRequestContext,
  testInfo: TestInfo,
  member: Member,
  referralCode: string,
) {
  const response = await request.post('/api/accounts/register', {
    headers: { Origin: originOf(testInfo) },
    data: {
      fullName: member.fullName,
      email: member.email,
      password: member.password,
      telegram: '@invited_friend',
      phone: '(202) 555-0177',
      address: '9 Referral Row, Washington, DC 20003',
      referralCode,
      ageConfirmed: true,
      dataConsent: true,
      smsConsent: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  expect(((await response.json()) as { referral: { status: string } }).referral.status).toBe('applied');
}

/** A toast that has a title only. */
async function expectTitleToast(page: Page, title: string, type: 'success' | 'default' = 'success') {
  const toast = page.locator('[data-sonner-toast][data-front="true"]');
  await expect(toast.locator('[data-title]')).toHaveText(title);
  // Sonner marks success and error toasts; a plain one has no type.
  if (type === 'default') await expect(toast).not.toHaveAttribute('data-type');
  else await expect(toast).toHaveAttribute('data-type', type);
}

test.describe('Level and weekly bonus', () => {
  test('a member sees their level, title and XP progress in the header', async ({ newMember }) => {
    // A new member starts at level 1 with no XP; their first page load claims the weekly bonus: hold it until
    // the starting numbers have been read.
    const { page } = await newMember('Level Member');
    const start = { level: 1, title: 'Coin Collector', xp: 0 };
    const release = await holdRequests(page, '**/api/economy/weekly-bonus');
    await page.goto('/feed');

    const header = page.getByRole('banner');
    await expect(header.getByText(`Level ${start.level} · ${start.title}`)).toBeVisible();
    await expect(header.getByText(`${start.xp} / 1000 XP`)).toBeVisible();
    const bar = header.getByRole('progressbar', { name: `Level ${start.level} progress` });
    await expect(bar).toHaveAttribute('aria-valuenow', String(start.xp));
    await expect(bar).toHaveAttribute('aria-valuemax', '1000');

    // The bonus lands and the header follows without a reload.
    release();
    await expectToast(page, 'Weekly Bonus!', WEEKLY_BONUS, { type: 'success' });
    await expect(header.getByText(`${start.xp + 10} / 1000 XP`)).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', String(start.xp + 10));
  });

  test('the weekly bonus toast shows on first sign in and not on the next', async ({
    page,
    request,
  }, testInfo) => {
    const member = uniqueMember(testInfo, 'Weekly Member');
    await registerByApi(request, testInfo, member);

    await signInThroughForm(page, member);
    await expectToast(page, `Welcome back, ${member.fullName}!`, "You've successfully logged in.");
    // One toast at a time: the bonus follows the welcome.
    await expectToast(page, 'Weekly Bonus!', WEEKLY_BONUS, { type: 'success' });
    await expect(page.getByRole('banner').getByText('10 / 1000 XP')).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/login');
    await page.reload();
    const bonusAnswer = page.waitForResponse((response) =>
      response.url().endsWith('/api/economy/weekly-bonus'),
    );
    await signInThroughForm(page, member);
    expect(await (await bonusAnswer).json()).toEqual({ awarded: false, xp: 0, coins: 0 });
    await expectToast(page, `Welcome back, ${member.fullName}!`, "You've successfully logged in.");
    await expect(page.getByRole('banner').getByText('10 / 1000 XP')).toBeVisible();
    // A bonus would wait for the welcome toast to close (one toast at a time): once it has, none follows.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expect(page.locator('[data-sonner-toast]', { hasText: 'Weekly Bonus!' })).toHaveCount(0);
  });
});

test.describe('Notifications', () => {
  test('the bell shows a new notification without reload, lists it, and marks it read', async ({
    newMember,
    ownerApi,
    request,
  }, testInfo) => {
    const { page, user } = await newMember('Bell Member');
    await page.goto('/feed');

    const bell = page.getByRole('button', { name: 'Notifications', exact: true });
    await expect(bell).toBeVisible();
    const box = (await bell.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await bell.click();
    const menu = page.getByRole('menu', { name: 'Notifications' });
    await expect(menu).toContainText('No notifications yet.');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // A friend joins with the member's code: the server notifies the member and the bell hears of it at once
    // (the fallback poll is a minute away: seen within 20 s, even on a slow machine, it came by the live stream).
    const friend = uniqueMember(testInfo, 'Invited Friend');
    await registerReferredBy(request, testInfo, friend, user.referralCode);
    const joined = `${friend.fullName} joined The Vault with your referral code.`;
    const unreadBell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(unreadBell).toHaveText('1', { timeout: LIVE_TIMEOUT_MS });
    await expect(page.locator('[aria-live="polite"]', { hasText: '1 unread notification' })).toBeAttached();

    await unreadBell.click();
    const joinedItem = menu.getByRole('menuitem', { name: new RegExp(joined) });
    await expect(joinedItem).toBeVisible();
    await expect(joinedItem.getByText(joined)).toHaveCSS('font-weight', '600');
    await expect(joinedItem.locator('time')).toHaveText(/^(now|\d+ minutes? ago)$/);

    // Closing the menu by tapping elsewhere marks everything read, for good.
    await page.locator('body').click({ position: { x: 12, y: 600 } });
    await expect(menu).toBeHidden();
    await expect(bell).toBeVisible();
    await expect(bell).toHaveText('');
    await page.reload();
    await bell.click();
    await expect(joinedItem.getByText(joined)).toHaveCSS('font-weight', '400');
    await page.keyboard.press('Escape');

    // An owner changes the member's roles: a notification without a link arrives live.
    await setRolesByApi(ownerApi, testInfo, user.id, ['Member', 'Driver']);
    await expect(unreadBell).toHaveText('1', { timeout: LIVE_TIMEOUT_MS });

    // By keyboard: open, the newest item first, select it. It has no link: the page stays, all are read.
    await unreadBell.focus();
    await page.keyboard.press('Enter');
    const rolesItem = menu.getByRole('menuitem').first();
    await expect(rolesItem).toHaveAccessibleName(/^Unread: Your roles are now: .*Driver/);
    await expect(rolesItem).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL('/feed');
    await expect(bell).toHaveText('');

    // Selecting the one with a link follows it.
    await bell.click();
    await expect(menu.getByRole('menuitem')).toHaveCount(2);
    await joinedItem.click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('list', { name: 'Your referrals' })).toContainText(friend.fullName);
  });
});

test.describe('Profile', () => {
  test('a member uploads an avatar and sees it in the header', async ({ newMember }) => {
    const { page } = await newMember('Avatar Member');
    await page.goto('/profile');
    await dismissWeeklyBonus(page);
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
    await expect(page.getByText('Square images work best, under 2 MB')).toBeVisible();
    const picker = page.getByLabel('Avatar image');
    await expect(picker).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');

    // The server judges the bytes, not the name: a web page called .png is refused.
    await picker.setInputFiles({
      name: 'not-a-picture.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><body>hello</body></html>'),
    });
    await expectToast(page, 'Upload Failed', 'Only PNG, JPEG, GIF or WebP images can be uploaded.', {
      type: 'error',
    });

    await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expectTitleToast(page, 'Avatar updated');
    const headerAvatar = page.getByRole('button', { name: 'Your profile' }).locator('img');
    await expect(headerAvatar).toHaveAttribute('src', /^\/api\/uploads\/[\w-]+\.png$/);
    await expect(page.getByRole('img', { name: /avatar$/ })).toHaveAttribute(
      'src',
      (await headerAvatar.getAttribute('src'))!,
    );
    // The stored image really loads (signed-in members only).
    await expect
      .poll(() =>
        headerAvatar.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)),
      )
      .toBeGreaterThan(0);

    // It is the member's avatar now, also after a reload.
    const src = await headerAvatar.getAttribute('src');
    await page.reload();
    await expect(headerAvatar).toHaveAttribute('src', src!);
  });

  test('a member edits bio and smoke preference', async ({ newMember }) => {
    const { page, user } = await newMember('Bio Member');
    await page.goto('/profile');
    await dismissWeeklyBonus(page);

    const bio = page.getByLabel('Bio', { exact: true });
    const smoke = page.getByLabel('Smoke preference', { exact: true });
    await expect(bio).toHaveValue('');
    await expect(bio).toHaveAttribute('maxlength', '500');
    await expect(smoke).toHaveValue('Not Set');
    await expect(page.getByText('0 / 500')).toBeVisible();

    const text = 'Night owl. Here for the citrus terpenes and good company.';
    await bio.fill(text);
    await expect(page.getByText(`${text.length} / 500`)).toBeVisible();
    await smoke.selectOption('Sativa');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectTitleToast(page, 'Profile updated');

    await page.reload();
    await expect(bio).toHaveValue(text);
    await expect(smoke).toHaveValue('Sativa');

    // Others see it on the public profile.
    await page.getByRole('link', { name: 'View public profile' }).click();
    await expect(page).toHaveURL(`/profile/${user.id}`);
    await expect(page.getByRole('heading', { name: user.fullName, level: 1 })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: text })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Sativa' })).toBeVisible();
  });

  test('a member sees their referral code and the Privacy & Data buttons', async ({ newMember }) => {
    const { page, user } = await newMember('Code Member');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/profile');
    await dismissWeeklyBonus(page);

    await expect(page.getByText(user.referralCode, { exact: true })).toBeVisible();
    await expect(page.getByText('No referrals yet. Share your code to invite friends.')).toBeVisible();
    await page.getByRole('button', { name: `Copy referral code ${user.referralCode}` }).click();
    await expectTitleToast(page, 'Referral code copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(user.referralCode);

    // Each opens its dialog (privacy.spec.ts follows them through); Cancel closes it.
    const privacy = page.getByRole('region', { name: 'Privacy & Data' });
    for (const [button, title] of [
      ['Download My Data', 'Download My Data'],
      ['Delete My Account', 'Delete My Account?'],
    ] as const) {
      await privacy.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    }
  });
});

test.describe('Public profile', () => {
  test("a member opens another member's public profile", async ({ newMember, request }, testInfo) => {
    const { page, user } = await newMember('Host Member');
    const friend = uniqueMember(testInfo, 'Referred Friend');
    await registerReferredBy(request, testInfo, friend, user.referralCode);

    await page.goto('/profile');
    const referrals = page.getByRole('list', { name: 'Your referrals' });
    const today = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date());
    await expect(referrals.getByRole('listitem')).toHaveCount(1);
    await expect(referrals.getByRole('listitem')).toContainText(friend.fullName);
    await expect(referrals.getByRole('listitem')).toContainText(`Joined ${today}`);
    await referrals.getByRole('link', { name: new RegExp(friend.fullName) }).click();

    await expect(page).toHaveURL(/\/profile\/[^/]+$/);
    await expect(page.getByRole('heading', { name: friend.fullName, level: 1 })).toBeVisible();
    const member = page.getByRole('region', { name: 'Member' });
    await expect(member).toContainText('Coin Collector');
    await expect(member).toContainText('Level 1');
    await expect(member.getByText('Exotic Coins')).toBeVisible();
    await expect(member.getByText('0', { exact: true })).toBeVisible();
    await expect(page.getByText('No bio yet.')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Not Set' })).toBeVisible();
    await expect(page.getByText('No referrals yet.', { exact: true })).toBeVisible();
    // Contact details never reach another member.
    const main = page.getByRole('main');
    for (const secret of [friend.email, '555-0177', 'Referral Row', '@invited_friend']) {
      await expect(main).not.toContainText(secret);
    }

    // Back on the member's own public profile, the friend is listed and links to theirs.
    await page.goBack();
    await page.getByRole('link', { name: 'View public profile' }).click();
    await expect(page.getByRole('heading', { name: user.fullName, level: 1 })).toBeVisible();
    const listed = page.getByRole('list', { name: `Referred by ${user.fullName}` });
    await expect(listed.getByRole('link')).toHaveText([friend.fullName]);
    await expect(page.getByText(/^\.\.\.and \d+ more\.$/)).toHaveCount(0);
    await listed.getByRole('link', { name: friend.fullName }).click();
    await expect(page.getByRole('heading', { name: friend.fullName, level: 1 })).toBeVisible();
  });

  test('an unknown profile id shows User Not Found', async ({ newMember }) => {
    const { page } = await newMember('Any Member');

    await page.goto('/profile/no-such-member');
    await expect(page.getByRole('heading', { name: 'User Not Found', level: 1 })).toBeVisible();
    await expect(page.getByText('This member does not exist or has been removed.')).toBeVisible();
    // Opened directly, there is nothing to go back to: Go Back goes to the feed.
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL('/feed');
    await expect(page.getByRole('heading', { name: 'Community Feed', level: 1 })).toBeVisible();
  });
});
