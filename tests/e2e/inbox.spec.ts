import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { SessionResponse } from '~/shared/session';
import type { ConversationResponse } from '~/features/inbox/inbox.schema';
import {
  dismissWeeklyBonus,
  expectToast,
  isPhone,
  originOf,
  test,
  DESKTOP_TOO,
  type Person,
} from './fixtures';

/** Opens the inbox; it is a new member's first page, so the weekly bonus is closed: it covers nothing then. */
async function openInbox(person: Person, path = '/inbox') {
  await person.page.goto(path);
  await dismissWeeklyBonus(person.page);
}

/** Starts (or finds) the conversation and sends messages through the API, as another device would. */
async function messageByApi(from: Person, testInfo: TestInfo, to: string, ...contents: string[]) {
  const headers = { Origin: originOf(testInfo) };
  const started = await from.page.request.post('/api/inbox/conversations', {
    headers,
    data: { recipientId: to },
  });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const { id } = ((await started.json()) as ConversationResponse).conversation;
  for (const content of contents) {
    const sent = await from.page.request.post(`/api/inbox/conversations/${id}/messages`, {
      headers,
      data: { content },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  return id;
}

/** Who is signed in on this API client, as their own browser sees them. */
async function signedInUser(request: APIRequestContext) {
  const response = await request.get('/api/accounts/session');
  expect(response.status(), await response.text()).toBe(200);
  const { user } = (await response.json()) as SessionResponse;
  expect(user).not.toBeNull();
  return user!;
}

const conversationsList = (page: Page) => page.getByRole('list', { name: 'Conversations' });
const conversationRow = (page: Page, name: string) =>
  conversationsList(page).getByRole('link', { name: new RegExp(`^${name}`) });
const thread = (page: Page, name: string) => page.getByRole('log', { name: `Messages with ${name}` });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

/** On a keyboard Enter sends; on a touch screen the Send button does. */
async function sendFromComposer(page: Page, testInfo: TestInfo, text: string) {
  await composer(page).fill(text);
  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Send', exact: true }).click();
  else await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
}

test.describe('Inbox', () => {
  test(
    'a member with an empty inbox finds another through New Message; leaving without a word lists nothing; the first message reaches the other live, unread, and they reply, live too',
    DESKTOP_TOO,
    async ({ newMember }, testInfo) => {
      const ana = await newMember('Ana Sender');
      const ben = await newMember('Ben Replier');

      await openInbox(ben);
      await expect(ben.page.getByText('No conversations found.')).toBeVisible();
      if (!isPhone(testInfo)) {
        await expect(ben.page.getByRole('heading', { name: 'Your Messages' })).toBeVisible();
        await expect(ben.page.getByText('Select a conversation to start chatting.')).toBeVisible();
      }

      // Ana's inbox is empty too: its one next step starts a conversation.
      await openInbox(ana);
      await expect(ana.page.getByText('No conversations found.')).toBeVisible();
      await ana.page.getByRole('button', { name: 'Start a Conversation' }).click();
      const dialog = ana.page.getByRole('dialog', { name: 'New Message' });
      await expect(dialog.getByText('Type a name to find a member.')).toBeVisible();
      await dialog.getByRole('searchbox', { name: 'Search members' }).fill(ben.user.fullName.toUpperCase());
      const found = dialog.getByRole('list', { name: 'Members found' }).getByRole('button');
      await expect(found).toHaveText([ben.user.fullName]);
      await ana.page.screenshot({ path: testInfo.outputPath('new-message.png'), fullPage: true });
      await found.click();
      await expect(ana.page).toHaveURL(/\/inbox\/[0-9a-f-]{36}$/);
      await expect(ana.page.getByRole('heading', { name: ben.user.fullName })).toBeVisible();
      await expect(ana.page.getByText('No messages yet. Say hello!')).toBeVisible();
      // Leaving without sending leaves no empty conversation behind, for either of them.
      await ana.page.goto('/inbox');
      await expect(ana.page.getByText('No conversations found.')).toBeVisible();
      await ana.page.screenshot({ path: testInfo.outputPath('inbox-empty.png'), fullPage: true });
      await expect(ben.page.getByText('No conversations found.')).toBeVisible();

      // A member's profile opens the same conversation.
      await ana.page.goto(`/profile/${ben.user.id}`);
      await ana.page.getByRole('button', { name: 'Message', exact: true }).click();
      await expect(ana.page).toHaveURL(/\/inbox\/[0-9a-f-]{36}$/);
      await expect(ana.page.getByText('No messages yet. Say hello!')).toBeVisible();
      await sendFromComposer(ana.page, testInfo, 'Hi Ben, <b>welcome</b>!');
      await expect(thread(ana.page, ben.user.fullName).getByRole('listitem')).toHaveText([
        /^You: Hi Ben, <b>welcome<\/b>!/,
      ]);

      // Ben's open inbox lists it at once, unread, without a reload.
      const row = conversationRow(ben.page, ana.user.fullName);
      await expect(row).toBeVisible();
      await expect(row.getByLabel('1 unread')).toBeVisible();
      await expect(row).toContainText('Hi Ben, <b>welcome</b>!');
      // The header counts it too: on the Inbox tab, or on the phone's menu button.
      const headerUnread = isPhone(testInfo)
        ? ben.page.getByRole('button', { name: /^Navigation, Inbox, 1 unread in Inbox$/ })
        : ben.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox 1 unread' });
      await expect(headerUnread).toBeVisible();
      await row.click();
      const benThread = thread(ben.page, ana.user.fullName);
      await expect(benThread.getByRole('listitem')).toHaveText([/^Them: Hi Ben, <b>welcome<\/b>!/]);
      // Text stays text: nothing of it became markup.
      await expect(benThread.locator('b')).toHaveCount(0);
      if (!isPhone(testInfo)) await expect(row.getByLabel('1 unread')).toHaveCount(0);
      await expect(headerUnread).toHaveCount(0);

      await sendFromComposer(ben.page, testInfo, 'Thanks Ana!');
      await expect(thread(ana.page, ben.user.fullName).getByRole('listitem')).toHaveText([
        /^You: Hi Ben/,
        /^Them: Thanks Ana!/,
      ]);

      // The conversation has a real address: a reload opens it again.
      await ana.page.reload();
      await expect(thread(ana.page, ben.user.fullName).getByRole('listitem')).toHaveCount(2);

      // Someone else's conversation does not exist for a third member.
      const cleo = await newMember('Cleo Outsider');
      await cleo.page.goto(new URL(ana.page.url()).pathname);
      await expect(cleo.page.getByText('This conversation does not exist.')).toBeVisible();
      await expect(cleo.page.getByText('Thanks Ana!')).toHaveCount(0);
    },
  );

  test(
    'on a keyboard Enter sends and Shift+Enter adds a line; on a touch screen Enter adds a line and Send sends; empty text sends nothing',
    DESKTOP_TOO,
    async ({ newMember }, testInfo) => {
      const ana = await newMember('Ana Typist');
      const ben = await newMember('Ben Reader');
      const id = await messageByApi(ana, testInfo, ben.user.id);
      await openInbox(ana, `/inbox/${id}`);
      const input = composer(ana.page);
      const messages = thread(ana.page, ben.user.fullName).getByRole('listitem');
      const send = ana.page.getByRole('button', { name: 'Send', exact: true });

      // Only spaces: Enter and Send do nothing.
      await input.fill('   ');
      await expect(send).toBeDisabled();
      if (!isPhone(testInfo)) {
        await input.press('Enter');
        await expect(input).toHaveValue('   ');
      }

      await input.fill('');
      await input.pressSequentially('first line');
      if (isPhone(testInfo)) {
        await input.press('Enter');
        await input.pressSequentially('second line');
        await expect(input).toHaveValue('first line\nsecond line');
        await expect(messages).toHaveCount(0);
        await send.click();
      } else {
        await input.press('Shift+Enter');
        await input.pressSequentially('second line');
        await expect(input).toHaveValue('first line\nsecond line');
        await expect(messages).toHaveCount(0);
        await input.press('Enter');
      }
      await expect(input).toHaveValue('');
      await expect(messages).toHaveCount(1);
      await expect(messages.first().locator('p')).toHaveText('You: first line\nsecond line');

      // Over the limit: a clear error, and nothing is sent.
      await input.fill('x'.repeat(2001));
      await expect(ana.page.getByText('Messages can be at most 2,000 characters.')).toBeVisible();
      await expect(send).toBeDisabled();
      if (!isPhone(testInfo)) await input.press('Enter');
      await expect(messages).toHaveCount(1);
    },
  );

  test('a member finds a conversation by the other party’s name', async ({ newMember }, testInfo) => {
    const ana = await newMember('Ana Seeker');
    const ruby = await newMember('Ruby Lantern');
    const onyx = await newMember('Onyx Harbor');
    await messageByApi(ruby, testInfo, ana.user.id, 'Hello from Ruby');
    await messageByApi(onyx, testInfo, ana.user.id, 'Hello from Onyx');
    await openInbox(ana);
    const rows = conversationsList(ana.page).getByRole('link');
    await expect(rows).toHaveCount(2);
    // Most recent first.
    await expect(rows.first()).toContainText(onyx.user.fullName);

    const search = ana.page.getByRole('searchbox', { name: 'Search conversations' });
    await search.fill('LANTERN');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(ruby.user.fullName);
    await search.fill('nobody by this name');
    await expect(ana.page.getByText('No conversations found.')).toBeVisible();
    await search.fill('');
    await expect(rows).toHaveCount(2);
  });

  test('a member deletes a conversation; the other keeps it, and a later message reopens it with only the newer messages', async ({
    newMember,
  }, testInfo) => {
    const ana = await newMember('Ana Deleter');
    const ben = await newMember('Ben Keeper');
    const id = await messageByApi(ben, testInfo, ana.user.id, 'Old news', 'More old news');
    await openInbox(ana, `/inbox/${id}`);
    await expect(thread(ana.page, ben.user.fullName).getByRole('listitem')).toHaveCount(2);

    await ana.page.getByRole('button', { name: 'Delete conversation' }).click();
    const dialog = ana.page.getByRole('dialog', {
      name: 'Delete Conversation? This action cannot be undone.',
    });
    await expect(dialog).toContainText(`${ben.user.fullName} keeps their copy.`);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const toast = ana.page.locator('[data-sonner-toast][data-front="true"]');
    await expect(toast.locator('[data-title]')).toHaveText('Conversation Deleted');
    await expect(toast).toHaveAttribute('data-type', 'error');
    await expect(ana.page).toHaveURL('/inbox');
    await expect(ana.page.getByText('No conversations found.')).toBeVisible();

    // Ben still has the whole history.
    await ben.page.goto(`/inbox/${id}`);
    await expect(thread(ben.page, ana.user.fullName).getByRole('listitem')).toHaveCount(2);

    // A new message brings the same conversation back to Ana, live, with only what came after.
    await messageByApi(ben, testInfo, ana.user.id, 'Fresh start');
    const row = conversationRow(ana.page, ben.user.fullName);
    await expect(row.getByLabel('1 unread')).toBeVisible();
    await row.click();
    await expect(ana.page).toHaveURL(`/inbox/${id}`);
    await expect(thread(ana.page, ben.user.fullName).getByRole('listitem')).toHaveText([/Fresh start/]);
  });

  test(
    'on a phone one pane shows at a time with a way back; on a desktop the list and the thread sit side by side',
    DESKTOP_TOO,
    async ({ newMember }, testInfo) => {
      const ana = await newMember('Ana Navigator');
      const ben = await newMember('Ben Pane');
      await messageByApi(ben, testInfo, ana.user.id, 'Pane test');
      await openInbox(ana);
      const list = conversationsList(ana.page);
      const empty = ana.page.getByRole('heading', { name: 'Your Messages' });

      if (isPhone(testInfo)) {
        await expect(list).toBeVisible();
        await expect(empty).toBeHidden();
        await conversationRow(ana.page, ben.user.fullName).click();
        await expect(thread(ana.page, ben.user.fullName)).toBeVisible();
        await expect(list).toBeHidden();
        // The page fits the screen: the thread scrolls inside, the page itself does not.
        expect(await ana.page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(844);
        await ana.page.getByRole('link', { name: 'Back to conversations' }).click();
        await expect(ana.page).toHaveURL('/inbox');
        await expect(list).toBeVisible();
        await expect(thread(ana.page, ben.user.fullName)).toHaveCount(0);
      } else {
        await expect(list).toBeVisible();
        await expect(empty).toBeVisible();
        await conversationRow(ana.page, ben.user.fullName).click();
        await expect(thread(ana.page, ben.user.fullName)).toBeVisible();
        await expect(list).toBeVisible();
        await expect(conversationRow(ana.page, ben.user.fullName)).toHaveAttribute('aria-current', 'page');
        await expect(ana.page.getByRole('link', { name: 'Back to conversations' })).toBeHidden();
      }
    },
  );

  test('an admin messages a member from the Members tab; the member sees the Admin Team, never the admin’s name', async ({
    newMember,
    ownerApi,
    ownerPage,
  }, testInfo) => {
    const member = await newMember('Mia Member');
    const owner = await signedInUser(ownerApi);

    // The Owner's session is the run's: their weekly bonus may land on this page (or on another story's first),
    // and its toast would cover the phone's Send button.
    const bonus = ownerPage.waitForResponse((response) =>
      response.url().endsWith('/api/economy/weekly-bonus'),
    );
    await ownerPage.goto('/admin?tab=members');
    if (((await (await bonus).json()) as { awarded: boolean }).awarded) await dismissWeeklyBonus(ownerPage);
    await ownerPage.getByRole('searchbox', { name: 'Search members' }).fill(member.user.email);
    // The list shows everyone until the search applies; a tap meanwhile could land on another entry.
    await expect(ownerPage.locator('[aria-busy="true"]')).toHaveCount(0);
    const entry = ownerPage
      .getByRole('article', { name: member.user.fullName, exact: true })
      // Until the search applies, the list shows everyone, earlier runs' namesakes too.
      .filter({ hasText: member.user.email });
    // The member's phone reads as a US number, not as it is stored.
    await expect(entry).toContainText('(202) 555-0143');
    await expect(entry).not.toContainText('+12025550143');
    await entry.getByRole('button', { name: 'Message', exact: true }).click();
    const dialog = ownerPage.getByRole('dialog', { name: `Message ${member.user.fullName}` });
    const send = dialog.getByRole('button', { name: 'Send', exact: true });
    await expect(send).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Welcome aboard, from the team.');
    // A full-page screenshot resizes the page; the entry holding the dialog no longer unmounts on a resize
    // (decision 033, the admin stories resize with a dialog open), but the viewport is what the owner sees.
    await ownerPage.screenshot({ path: testInfo.outputPath('members-message-dialog.png') });
    await send.click();
    await expectToast(ownerPage, 'Message Sent!', `To ${member.user.fullName}.`, { type: 'success' });
    await expect(dialog).toHaveCount(0);
    // The message went from the tab: the dashboard stays open.
    await expect(ownerPage).toHaveURL(/\/admin\?tab=members/);
    await ownerPage.screenshot({ path: testInfo.outputPath('members-tab.png'), fullPage: true });

    await openInbox(member);
    const row = conversationRow(member.page, 'Admin Team');
    await expect(row.getByLabel('1 unread')).toBeVisible();
    await row.click();
    await expect(member.page.getByRole('heading', { name: 'Admin Team' })).toBeVisible();
    await expect(thread(member.page, 'Admin Team')).toContainText('Welcome aboard, from the team.');
    await expect(member.page.locator('body')).not.toContainText(owner.fullName);
    // The member's notification names the team too.
    await member.page.getByRole('button', { name: /^Notifications/ }).click();
    const note = member.page.getByRole('menuitem', { name: /New message from Admin Team/ });
    await expect(note).toBeVisible();
    // The server marks it as the staff's; a member's name cannot produce the badge.
    await expect(note).toContainText('Vault Team');
    await member.page.keyboard.press('Escape');
    // New Message never finds the staff member behind the team, even by their name.
    await member.page.goto('/inbox');
    await member.page.getByRole('button', { name: 'New Message' }).click();
    const search = member.page.getByRole('dialog', { name: 'New Message' });
    await expect(search).toContainText('To reach the Admin Team, reply when they message you.');
    await search.getByRole('searchbox', { name: 'Search members' }).fill(owner.fullName);
    await expect(search.getByText('No members found.')).toBeVisible();
  });
});
