import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import {
  dismissWeeklyBonus,
  expectToast,
  holdRequests,
  isPhone,
  originOf,
  test,
  type Person,
} from './fixtures';
import { TINY_PNG } from './support/images';

const FIXTURES = path.resolve(import.meta.dirname, '../../src/features/feed/server/test-fixtures');

/** Something no other story (or the other project running beside this one) writes. */
const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new member's page opened on the feed, with the weekly bonus toast closed. */
async function onFeed(person: Person) {
  const { page } = person;
  await page.goto('/feed');
  await expect(page.getByRole('heading', { name: 'Community Feed', level: 1 })).toBeVisible();
  await dismissWeeklyBonus(page);
  return person;
}

const postCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

async function writePost(page: Page, text: string, options: { anonymous?: boolean } = {}) {
  await page.getByRole('button', { name: 'New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a new post' });
  await expect(dialog.getByRole('button', { name: 'Post', exact: true })).toBeDisabled();
  await dialog.getByLabel('Post text').fill(text);
  if (options.anonymous) await dialog.getByRole('checkbox', { name: 'Post anonymously' }).click();
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe('Community Feed', () => {
  test('a member posts, earns the post reward once, likes, unlikes and comments', async ({ newMember }) => {
    const { page } = await onFeed(await newMember('Poster'));
    const text = unique('First post from the e2e');
    await writePost(page, text);
    await expectToast(page, 'Post shared!', 'You earned +15 XP and +15 Coins!', { type: 'success' });
    const card = postCard(page, text);
    await expect(card).toBeVisible();

    const like = card.getByRole('button', { name: /^Like post/ });
    await like.click();
    await expect(card.getByRole('button', { name: 'Unlike post, 1 like' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await card.getByRole('button', { name: 'Unlike post, 1 like' }).click();
    await expect(card.getByRole('button', { name: 'Like post, 0 likes' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await card.getByRole('button', { name: /Show comments, 0 comments/ }).click();
    await expect(card.getByText('No comments yet.')).toBeVisible();
    await card.getByRole('button', { name: 'Post comment' }).click();
    await expectToast(page, 'Login Required', 'Please log in and type a comment to post.', { type: 'error' });
    await card.getByLabel('Write a comment').fill('My own first comment');
    await card.getByRole('button', { name: 'Post comment' }).click();
    await expect(
      card.getByRole('list', { name: 'Comments' }).getByText('My own first comment'),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: /Hide comments, 1 comment$/ })).toBeVisible();

    // A second post the same day goes up but earns nothing.
    const again = unique('Second post');
    await writePost(page, again);
    await expect(postCard(page, again)).toBeVisible();
    const front = page.locator('[data-sonner-toast][data-front="true"]');
    await expect(front.locator('[data-title]')).toHaveText('Post shared!');
    await expect(front.locator('[data-description]')).toHaveCount(0);
  });

  test('a member posts a photo and a phone video, with upload progress', async ({ newMember }) => {
    const { page } = await onFeed(await newMember('Media'));
    for (const [file, kind] of [
      [{ name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG }, 'Photo'],
      [path.join(FIXTURES, 'phone.mov'), 'Video'],
    ] as const) {
      const text = unique(`${kind} post`);
      await page.getByRole('button', { name: 'New Post' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a new post' });
      await dialog.getByLabel('Photo or video').setInputFiles(file);
      await expect(dialog.getByRole('progressbar')).toBeVisible();
      await expect(dialog.getByText('Uploaded')).toBeVisible();
      await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      await dialog.getByLabel('Post text').fill(text);
      await dialog.getByRole('button', { name: 'Post', exact: true }).click();
      await expect(dialog).toHaveCount(0);
      const card = postCard(page, text);
      if (kind === 'Photo') {
        const image = card.getByRole('img', { name: /^Photo from / });
        await expect(image).toHaveAttribute('src', /^\/api\/uploads\/[a-f0-9]{32}\.png$/);
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
      } else {
        const video = card.locator('video');
        // The QuickTime file was stored as MP4, which every browser plays.
        await expect(video).toHaveAttribute('src', /^\/api\/uploads\/[a-f0-9]{32}\.mp4$/);
        await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
      }
    }
  });

  test('an anonymous post shows Anonymous to others and "your post" to its author', async ({ newMember }) => {
    const { page, member: author } = await onFeed(await newMember('Hidden'));
    const text = unique('Anonymous thought');
    await writePost(page, text, { anonymous: true });
    const mine = postCard(page, text);
    await expect(mine.getByRole('heading', { name: 'Anonymous (your post)' })).toBeVisible();
    await expect(mine).not.toContainText(author.fullName);

    const other = await onFeed(await newMember('Reader'));
    const theirs = postCard(other.page, text);
    await expect(theirs.getByRole('heading', { name: 'Anonymous', exact: true })).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'Delete post' })).toHaveCount(0);
    // Searching for the author's name never finds it.
    await other.page.getByLabel('Search posts or users').fill(author.fullName);
    await expect(other.page.getByText('No posts match your search.')).toBeVisible();
  });

  test('the composer’s code (and its form library) loads when it first opens, not with the feed', async ({
    newMember,
  }) => {
    const person = await newMember('Composer on demand');
    const { page } = person;
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await onFeed(person);
    const loaded = (chunk: string) =>
      scripts.filter((file) => new RegExp(`/${chunk}-[^/]+\\.js$`).test(file));
    expect(loaded('create-post-dialog')).toEqual([]);
    expect(loaded('form')).toEqual([]);
    await page.getByRole('button', { name: 'New Post' }).click();
    await expect(page.getByRole('dialog', { name: 'Create a new post' })).toBeVisible();
    expect(loaded('create-post-dialog')).toHaveLength(1);
    expect(loaded('form')).toHaveLength(1);
  });

  test('search finds posts by their text and by their author’s name', async ({ newMember }) => {
    const { page, member } = await onFeed(await newMember('Searcher'));
    const word = unique('Zephyrine').replace(' ', '');
    await writePost(page, `Looking for ${word} fans`);
    await page.getByLabel('Search posts or users').fill(word.toLowerCase());
    await expect(page.getByRole('heading', { name: 'Search Results' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await page.getByLabel('Search posts or users').fill(member.fullName);
    await expect(postCard(page, word)).toBeVisible();
    await page.getByLabel('Search posts or users').fill('');
    await expect(page.getByRole('heading', { name: 'Pinned Posts' })).toBeVisible();
  });

  test('a member deletes their own post after confirming', async ({ newMember }) => {
    const { page } = await onFeed(await newMember('Deleter'));
    const text = unique('Soon gone');
    await writePost(page, text);
    const card = postCard(page, text);
    await card.getByRole('button', { name: 'Delete post' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Post?' });
    await expect(confirm).toContainText('This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete Post' }).click();
    await expect(page.locator('[data-sonner-toast][data-front="true"] [data-title]')).toHaveText(
      'Post deleted',
    );
    await expect(card).toHaveCount(0);
  });

  test('a second member sees a new post, a like and a comment arrive without reloading', async ({
    newMember,
  }) => {
    const watcher = await newMember('Watcher');
    // The posts the feed opens with are the page, not insertions: none fades in (it would hold back the first paint).
    // Other stories post to the same feed all the time: until that is checked, no live update reaches this page.
    const releaseLiveUpdates = await holdRequests(watcher.page, (url) => url.pathname === '/api/events');
    await onFeed(watcher);
    await expect(watcher.page.getByRole('article').first()).toBeVisible();
    await expect(watcher.page.locator('article.animate-fade-in')).toHaveCount(0);
    releaseLiveUpdates();
    const { page } = await onFeed(await newMember('Live'));
    const text = unique('Live post');
    await writePost(page, text);
    const seen = postCard(watcher.page, text);
    await expect(seen).toBeVisible();
    // One that arrives while the feed is open does.
    await expect(seen).toHaveClass(/animate-fade-in/);
    await postCard(page, text)
      .getByRole('button', { name: /^Like post/ })
      .click();
    await expect(seen.getByRole('button', { name: 'Like post, 1 like' })).toBeVisible();
    await postCard(page, text)
      .getByRole('button', { name: /Show comments/ })
      .click();
    await postCard(page, text).getByLabel('Write a comment').fill('Live comment');
    await postCard(page, text).getByRole('button', { name: 'Post comment' }).click();
    await expect(seen.getByRole('button', { name: /Show comments, 1 comment$/ })).toBeVisible();
  });

  test('a post whose menu is open stays where it is when new posts arrive above it', async ({
    newMember,
  }, testInfo) => {
    // At the very top of the page browsers do not keep the reader's place, so without the feed's own help the post
    // (and its open menu) would slide down the screen, or out of it, as others post.
    const poster = await newMember('Busy poster');
    const post = (content: string) =>
      poster.request.post('/api/feed/posts', { headers: { Origin: originOf(testInfo) }, data: { content } });
    const text = unique('Menu open');
    expect((await post(text)).status()).toBe(201);
    const { page } = await onFeed(await newMember('Menu opener'));
    const trigger = postCard(page, text).getByRole('button', { name: 'More actions for this post' });
    await trigger.click();
    const report = page.getByRole('menuitem', { name: 'Report post' });
    await expect(report).toBeInViewport();
    const before = (await trigger.boundingBox())?.y;

    const arrivals = unique('Arrived above');
    for (let n = 1; n <= 4; n++)
      expect((await post(`${arrivals} ${n}\nsecond line\nthird line`)).status()).toBe(201);
    await expect(postCard(page, `${arrivals} 4`)).toBeVisible();
    expect((await trigger.boundingBox())?.y).toBeCloseTo(before ?? Number.NaN, 0);
    await expect(report).toBeInViewport();
    await report.click();
    await expect(page.getByRole('dialog', { name: 'Report post' })).toBeVisible();
  });

  test('a post made while the page is still connecting its live updates arrives all the same', async ({
    newMember,
  }, testInfo) => {
    const person = await newMember('Connecting');
    const { page } = person;
    // The page's live stream is held back until another member has posted, so the post falls between the page's
    // load (its session and feed read) and the stream's first connect.
    const release = await holdRequests(page, (url) => url.pathname === '/api/events');
    const connecting = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/events');
    await onFeed(person);
    await connecting;

    const poster = await newMember('Early poster');
    const text = unique('Posted before the stream');
    const posted = await poster.request.post('/api/feed/posts', {
      headers: { Origin: originOf(testInfo) },
      data: { content: text },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    await expect(postCard(page, text)).toHaveCount(0);

    release();
    await expect(postCard(page, text)).toBeVisible();
  });

  test('markup in a post is shown as text, links are links, and nothing runs', async ({ newMember }) => {
    const person = await newMember('Markup');
    const { page } = person;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await onFeed(person);
    const marker = unique('xss');
    const payload = `${marker} <img src=x onerror=alert(1)> <script>alert(2)</script> <a href="javascript:alert(3)">x</a> https://example.com/page`;
    await writePost(page, payload);
    const card = postCard(page, marker);
    await expect(card.getByText('<img src=x onerror=alert(1)>', { exact: false })).toBeVisible();
    await expect(card.locator('img[src="x"]')).toHaveCount(0);
    await expect(card.locator('script')).toHaveCount(0);
    await expect(card.locator('a[href^="javascript"]')).toHaveCount(0);
    const link = card.getByRole('link', { name: 'https://example.com/page' });
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    await page.reload();
    await expect(postCard(page, marker)).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  test('the feed fits a phone: no sideways scrolling, the buttons within reach', async ({
    newMember,
  }, testInfo) => {
    test.skip(!isPhone(testInfo), 'phone layout');
    const { page } = await onFeed(await newMember('Phone'));
    await expect(page.getByRole('heading', { name: 'Pinned Posts' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const button = await page.getByRole('button', { name: 'New Post' }).boundingBox();
    expect(button!.height).toBeGreaterThanOrEqual(44);
    expect(button!.x + button!.width).toBeLessThanOrEqual(390);
  });
});
