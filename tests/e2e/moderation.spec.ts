import { expect, type Page } from '@playwright/test';
import { dismissWeeklyBonus, expectToast, originOf, test } from './fixtures';

const postCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test('a member reports a post, a moderator reveals its author, an admin pins and deletes it, and the feed follows live', async ({
  newMember,
  ownerPage: admin,
}, testInfo) => {
  // The author writes anonymously (through the API, as their browser would).
  const author = await newMember('Masked Author');
  const text = `Suspicious offer ${Date.now().toString(36)}${testInfo.project.name}`;
  const created = await author.request.post('/api/feed/posts', {
    headers: { Origin: originOf(testInfo) },
    data: { content: text, isAnonymous: true },
  });
  expect(created.status()).toBe(201);

  // A member reports it.
  const { page: member } = await newMember('Reporter');
  await member.goto('/feed');
  await dismissWeeklyBonus(member);
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
  const { page: moderator } = await newMember('Moderator', { roles: ['Moderator'] });
  await moderator.goto('/feed');
  await dismissWeeklyBonus(moderator);
  await postCard(moderator, text).getByRole('button', { name: 'More actions for this post' }).click();
  await moderator.getByRole('menuitem', { name: 'Reveal author' }).click();
  const revealed = moderator.getByRole('dialog', { name: 'Author of this anonymous post' });
  await expect(revealed.getByRole('link', { name: author.member.fullName })).toBeVisible();
  await expect(revealed).toContainText('This look-up is recorded in the audit log.');
  await revealed.getByRole('button', { name: 'Close' }).click();
  // Everyone else, the moderator's feed included, still sees Anonymous.
  await expect(postCard(moderator, text).getByRole('heading', { name: 'Anonymous' })).toBeVisible();

  // An admin (the Owner) works the report from the Content tab. Any weekly bonus of the run's Owner session needs no
  // closing: the toasts checked here are each the newest, so the front one.
  await admin.goto('/admin?tab=content');
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
});

test('a member cannot report the same post twice', async ({ newMember }, testInfo) => {
  const author = await newMember('Reported Twice');
  const { page } = await newMember('Double Reporter');
  const text = `Report me once ${Date.now().toString(36)}${testInfo.project.name}`;
  const created = await author.request.post('/api/feed/posts', {
    headers: { Origin: originOf(testInfo) },
    data: { content: text },
  });
  expect(created.status()).toBe(201);
  await page.goto('/feed');
  await dismissWeeklyBonus(page);
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
