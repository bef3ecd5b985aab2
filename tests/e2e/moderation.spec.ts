import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import {
  demoMembers,
  E2E_DEMO_PASSWORD,
  expectToast,
  originOf,
  registerByApi,
  signInByApi,
  uniqueMember,
} from './fixtures';

/** A page of its own (a second phone), signed in; any toast of its first load (the weekly bonus) closed. */
async function signedInPage(
  browser: Browser,
  testInfo: TestInfo,
  credentials: { email: string; password: string },
  path: string,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: testInfo.project.use.viewport,
  });
  const page = await context.newPage();
  await signInByApi(page.request, testInfo, credentials);
  await page.goto(path);
  return page;
}

async function closeToasts(page: Page) {
  // The weekly bonus lands once per member per week, whichever story signs them in first.
  await page.waitForTimeout(500);
  for (const close of await page
    .locator('[data-sonner-toast]')
    .getByRole('button', { name: 'Close toast' })
    .all()) {
    await close.click().catch(() => {});
  }
}

const postCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test('a member reports a post, a moderator reveals its author, an admin pins and deletes it, and the feed follows live', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  // The author writes anonymously (through the API, as their browser would).
  const author = uniqueMember(testInfo, 'Masked Author');
  await registerByApi(request, testInfo, author);
  await signInByApi(request, testInfo, author);
  const text = `Suspicious offer ${Date.now().toString(36)}${testInfo.project.name}`;
  const created = await request.post('/api/feed/posts', {
    headers: { Origin: originOf(testInfo) },
    data: { content: text, isAnonymous: true },
  });
  expect(created.status()).toBe(201);

  // A member reports it.
  const reporter = uniqueMember(testInfo, 'Reporter');
  await registerByApi(request, testInfo, reporter);
  const member = await signedInPage(browser, testInfo, reporter, '/feed');
  await closeToasts(member);
  const seen = postCard(member, text);
  await expect(seen.getByRole('heading', { name: 'Anonymous' })).toBeVisible();
  await seen.getByRole('button', { name: 'More actions for this post' }).click();
  await member.getByRole('menuitem', { name: 'Report post' }).click();
  const report = member.getByRole('dialog', { name: 'Report post' });
  await report.getByRole('radio', { name: 'Spam' }).click();
  await report.getByLabel(/Details/).fill('Selling something off-site');
  await report.getByRole('button', { name: 'Send Report' }).click();
  await expectToast(member, 'Report received', 'Thank you. A moderator will review it.', { type: 'success' });

  // A moderator reveals the author (the server audits it) and sees the real name.
  const moderator = await signedInPage(
    browser,
    testInfo,
    { email: demoMembers.moderator, password: E2E_DEMO_PASSWORD },
    '/feed',
  );
  await closeToasts(moderator);
  await postCard(moderator, text).getByRole('button', { name: 'More actions for this post' }).click();
  await moderator.getByRole('menuitem', { name: 'Reveal author' }).click();
  const revealed = moderator.getByRole('dialog', { name: 'Author of this anonymous post' });
  await expect(revealed.getByRole('link', { name: author.fullName })).toBeVisible();
  await expect(revealed).toContainText('This look-up is recorded in the audit log.');
  await revealed.getByRole('button', { name: 'Close' }).click();
  // Everyone else, the moderator's feed included, still sees Anonymous.
  await expect(postCard(moderator, text).getByRole('heading', { name: 'Anonymous' })).toBeVisible();
  await moderator.context().close();

  // An admin (the Owner) works the report from the Content tab.
  const admin = await signedInPage(
    browser,
    testInfo,
    { email: demoMembers.owner, password: E2E_DEMO_PASSWORD },
    '/admin?tab=content',
  );
  await closeToasts(admin);
  const reported = admin
    .getByRole('list', { name: 'Reported items' })
    .getByRole('article')
    .filter({ hasText: text });
  await expect(reported).toContainText('1 report');
  await expect(reported).toContainText('Spam × 1');
  await expect(reported).toContainText('Selling something off-site');
  await reported.getByRole('button', { name: 'Pin' }).click();
  await expect(admin.locator('[data-sonner-toast][data-front="true"] [data-title]')).toHaveText(
    'Post pinned',
  );

  // The member's feed shows it under Pinned Posts without a reload.
  const pinnedSection = member.getByRole('region', { name: 'Pinned Posts' });
  await expect(pinnedSection.getByRole('article').filter({ hasText: text })).toBeVisible();

  await reported.getByRole('button', { name: 'Delete' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Delete Post?' });
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete Post' }).click();
  await expect(admin.locator('[data-sonner-toast][data-front="true"] [data-title]')).toHaveText(
    'Post deleted',
  );
  await expect(reported).toHaveCount(0);

  // And it is gone from the member's feed, live.
  await expect(postCard(member, text)).toHaveCount(0);
  await admin.context().close();
  await member.context().close();
});

test('a member cannot report the same post twice', async ({ page, request }, testInfo) => {
  const author = uniqueMember(testInfo, 'Reported Twice');
  await registerByApi(request, testInfo, author);
  await signInByApi(request, testInfo, author);
  const member = uniqueMember(testInfo, 'Double Reporter');
  await registerByApi(request, testInfo, member);
  await signInByApi(page.request, testInfo, member);
  const text = `Report me once ${Date.now().toString(36)}${testInfo.project.name}`;
  const created = await request.post('/api/feed/posts', {
    headers: { Origin: originOf(testInfo) },
    data: { content: text },
  });
  expect(created.status()).toBe(201);
  await page.goto('/feed');
  await closeToasts(page);
  for (const expected of ['Report received', 'Already Reported']) {
    await postCard(page, text).getByRole('button', { name: 'More actions for this post' }).click();
    await page.getByRole('menuitem', { name: 'Report post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report post' });
    await dialog.getByRole('radio', { name: 'Harassment' }).click();
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await expect(page.locator('[data-sonner-toast][data-front="true"] [data-title]')).toHaveText(expected);
    await expect(dialog).toHaveCount(0);
  }
});
