import { expect, type Page } from '@playwright/test';
import type { EconomySettingsResponse } from '~/features/economy/economy.schema';
import {
  demoMembers,
  dismissWeeklyBonus,
  expectToast,
  headerTabNames,
  originOf,
  SHARED_STATE,
  smallTargets,
  test,
  type Person,
  signInThroughForm,
} from './fixtures';

/** A member as the dashboard lists them: one entry, a row of the table on wide screens and a card on phones. */
const memberEntry = (page: Page, who: { fullName: string; email: string }) =>
  page.getByRole('article', { name: who.fullName, exact: true }).filter({ hasText: who.email });

async function openTab(page: Page, tab: 'members' | 'roles' | 'economy') {
  await page.goto(`/admin?tab=${tab}`);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

/** Types in the tab's search box and waits for the member to be listed. */
async function search(page: Page, label: string, text: string, who: { fullName: string; email: string }) {
  await page.getByRole('searchbox', { name: label }).fill(text);
  // Until the search applies, the list shows everyone: newer members above this one, who leave it when it
  // applies (a tap meant for this entry's buttons would land on another's).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const entry = memberEntry(page, who);
  await expect(entry).toBeVisible();
  return entry;
}

const owner = { fullName: 'Marcus Vale', email: demoMembers.owner };

/** A toast that has only a title ('Member banned'), in the success style. */
async function expectSuccessToast(page: Page, title: string) {
  const toast = page
    .locator('[data-sonner-toast][data-front="true"]')
    .filter({ has: page.locator('[data-title]', { hasText: title }) });
  await expect(toast.locator('[data-title]')).toHaveText(title);
  await expect(toast).toHaveAttribute('data-type', 'success');
}

/**
 * Sizes that cross, both ways, where the Members tab turns from cards into a table (a 1200 px window): a window
 * made narrower and wider again, then a phone, then back at the page's size (read before the first resize).
 */
const sizesAcrossTheTableWidth = (page: Page) => [
  { width: 800, height: 800 },
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
  page.viewportSize()!,
];

/** Resizes the page, then waits two frames: by then the page has answered its media and container queries. */
async function resize(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * How a member's entry is laid out: as a table row (their roles beside their name) or as a card (the roles under
 * the name). Read behind an open dialog too, which hides the page from the accessibility tree.
 */
async function memberLayout(page: Page, who: { fullName: string }): Promise<'row' | 'card'> {
  const hidden = { includeHidden: true } as const;
  const entry = page.getByRole('article', { name: who.fullName, exact: true, ...hidden });
  const name = await entry.getByRole('heading', { name: who.fullName, ...hidden }).boundingBox();
  const roles = await entry.getByRole('list', { name: 'Roles', ...hidden }).boundingBox();
  return roles!.y < name!.y + name!.height ? 'row' : 'card';
}

/** The Members tab, past the weekly bonus a first visit may show: on a phone its toast covers the lower buttons. */
async function openMembersTab(page: Page) {
  const bonus = page.waitForResponse((response) => response.url().endsWith('/api/economy/weekly-bonus'));
  await openTab(page, 'members');
  if (((await (await bonus).json()) as { awarded: boolean }).awarded) await dismissWeeklyBonus(page);
}

/** A new member, signed in on a browser of their own, and their entry in the Members tab, found by e-mail. */
async function newMemberInMembersTab(
  ownerPage: Page,
  newMember: (label: string) => Promise<Person>,
  label: string,
) {
  const { member } = await newMember(label);
  await openMembersTab(ownerPage);
  const entry = await search(ownerPage, 'Search members', member.email, member);
  return { member, entry };
}

const dashboardTabs = (page: Page) =>
  page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');

test.describe('Admin dashboard', () => {
  test("an admin searches a member, bans them, the member's open page is signed out and their sign in is refused, then the admin unbans them", async ({
    newMember,
    ownerPage,
  }) => {
    const { page: memberPage, member } = await newMember('Banned Member');
    await memberPage.goto('/feed');
    await expect(memberPage.getByRole('heading', { name: 'Community Feed', level: 1 })).toBeVisible();

    await openTab(ownerPage, 'members');
    await expect(ownerPage.getByRole('heading', { name: 'Member Management', level: 2 })).toBeVisible();
    // Telegram, email and name all find members; the email finds exactly this one.
    const entry = await search(ownerPage, 'Search members', member.email.toUpperCase(), member);
    await expect(entry).toContainText(member.email);
    await expect(entry).toContainText('@e2e_member');
    await expect(entry).toContainText('1200 Example Ave NW');
    await expect(entry.getByRole('button', { name: 'Message' })).toHaveAttribute(
      'title',
      `Message ${member.fullName}`,
    );

    await entry.getByRole('button', { name: `Ban ${member.fullName}` }).click();
    const confirm = ownerPage.getByRole('dialog', { name: `Ban ${member.fullName}?` });
    await expect(confirm).toContainText('They will be signed out at once and cannot sign in until unbanned.');
    await confirm.getByRole('button', { name: 'Ban Member' }).click();
    await expectSuccessToast(ownerPage, 'Member banned');
    await expect(confirm).toBeHidden();
    await expect(entry.getByText('Banned', { exact: true })).toBeVisible();

    // The member's open page learns at once that their session is gone.
    await expect(memberPage).toHaveURL('/login');
    await signInThroughForm(memberPage, member);
    await expectToast(memberPage, 'Access Denied', 'This account has been banned.', { type: 'error' });
    await expect(memberPage).toHaveURL('/login');

    await entry.getByRole('button', { name: `Unban ${member.fullName}` }).click();
    const unban = ownerPage.getByRole('dialog', { name: `Unban ${member.fullName}?` });
    await unban.getByRole('button', { name: 'Unban Member' }).click();
    await expectSuccessToast(ownerPage, 'Member unbanned');
    await expect(entry.getByText('Banned', { exact: true })).toBeHidden();

    await signInThroughForm(memberPage, member);
    await expect(memberPage).toHaveURL('/feed');
  });

  test('an admin gives a member the Driver role in the Roles tab and the member then sees the Driver tab', async ({
    newMember,
    ownerPage,
  }, testInfo) => {
    const { page: memberPage, member } = await newMember('Future Driver');
    await memberPage.goto('/feed');
    expect(await headerTabNames(memberPage, testInfo)).not.toContain('Driver');

    await ownerPage.goto('/admin');
    await ownerPage.getByRole('tab', { name: 'Roles' }).click();
    await expect(ownerPage).toHaveURL('/admin?tab=roles');
    await expect(ownerPage.getByRole('heading', { name: 'Role Management', level: 2 })).toBeVisible();
    // Full name, ignoring case.
    const entry = await search(ownerPage, 'Search users', member.fullName.toUpperCase(), member);
    await entry.getByRole('button', { name: `Edit Roles for ${member.fullName}` }).click();
    const roles = ownerPage.getByRole('form', { name: `Roles for ${member.fullName}` });
    await expect(roles.getByRole('checkbox', { name: 'Owner' })).toBeDisabled();
    await expect(roles.getByRole('checkbox', { name: 'Member' })).toBeChecked();
    await expect(roles.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await roles.getByRole('checkbox', { name: 'Driver' }).click();
    await roles.getByRole('button', { name: 'Save Changes' }).click();
    await expectSuccessToast(ownerPage, 'Roles updated successfully!');
    await expect(roles).toBeHidden();
    await expect(entry.getByRole('list', { name: 'Roles' }).getByRole('listitem')).toHaveText([
      'Driver',
      'Member',
    ]);

    // The member's header follows without a reload.
    await expect.poll(() => headerTabNames(memberPage, testInfo)).toContain('Driver');
  });

  test('a member holding only a manager role sees only the tabs that role allows', async ({
    newMember,
  }, testInfo) => {
    const { page } = await newMember('Economy Manager', { roles: ['Economy Manager'] });
    await page.goto('/feed');
    expect(await headerTabNames(page, testInfo)).toContain('Admin');
    // Asking for a tab the role does not open shows the first one it does.
    await page.goto('/admin?tab=members');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await expect(dashboardTabs(page)).toHaveText(['Economy']);
    await expect(page.getByRole('tab', { name: 'Economy' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Weekly login coins', { exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();

    // Read-Only sees members, the audit log and the economy; changes nothing; sees no phones or addresses.
    const { page: readerPage, member: reader } = await newMember('Read Only', { roles: ['Read-Only'] });
    await readerPage.goto('/admin?tab=members');
    await expect(dashboardTabs(readerPage)).toHaveText([
      'Overview',
      'Orders',
      'Drivers',
      'Members',
      'Audit Log',
      'Economy',
      'Mass SMS',
    ]);
    // Read-Only finds members by name only: e-mails, Telegram handles, phones and addresses are contact details.
    await readerPage.getByRole('searchbox', { name: 'Search members' }).fill(reader.fullName);
    const entry = readerPage.getByRole('article', { name: reader.fullName, exact: true });
    await expect(entry).toBeVisible();
    await expect(entry).not.toContainText(reader.email);
    await expect(entry).not.toContainText('1200 Example Ave NW');
    await expect(entry.getByRole('button')).toHaveCount(0);
    await readerPage.getByRole('tab', { name: 'Economy' }).click();
    await expect(readerPage.getByLabel('Weekly login coins', { exact: true })).toBeDisabled();
    await expect(readerPage.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  });

  test('the Owner checkbox is disabled and an Owner row cannot be banned', async ({
    newMember,
    ownerPage,
  }) => {
    const { member: candidate } = await newMember('Role Candidate');
    await ownerPage.goto('/admin?tab=orders');
    await expect(dashboardTabs(ownerPage)).toHaveText([
      'Overview',
      'Orders',
      'Drivers',
      'Members',
      'Audit Log',
      'Content',
      'Catalog',
      'Locations',
      'Economy',
      'Roles',
      'Mass SMS',
      'Settings',
      'Driver Queue',
    ]);
    await expect(ownerPage.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    await ownerPage.getByRole('tab', { name: 'Members' }).click();

    const ownerEntry = await search(ownerPage, 'Search members', 'Marcus', owner);
    await expect(ownerEntry.getByRole('button', { name: 'Ban Marcus Vale' })).toBeDisabled();
    await expect(ownerEntry.getByRole('button', { name: 'Ban Marcus Vale' })).toHaveAttribute(
      'title',
      'Owner accounts cannot be banned or have their roles edited.',
    );
    await expect(ownerEntry.getByRole('button', { name: 'Edit Roles for Marcus Vale' })).toBeDisabled();
    await expect(ownerEntry.getByRole('button', { name: 'Message' })).toHaveCount(0);

    // The owner may grant Admin, never Owner.
    const candidateEntry = await search(ownerPage, 'Search members', candidate.email, candidate);
    await candidateEntry.getByRole('button', { name: `Edit Roles for ${candidate.fullName}` }).click();
    const roles = ownerPage.getByRole('form', { name: `Roles for ${candidate.fullName}` });
    await expect(roles.getByRole('checkbox', { name: 'Owner' })).toBeDisabled();
    await expect(roles.getByRole('checkbox', { name: 'Admin' })).toBeEnabled();
    await expect(roles).toContainText('The Owner role cannot be granted or removed.');
    await candidateEntry.getByRole('button', { name: `Close roles for ${candidate.fullName}` }).click();
    await expect(roles).toBeHidden();

    // The tab stays in the address across a reload.
    await ownerPage.getByRole('tab', { name: 'Roles' }).click();
    await ownerPage.reload();
    await expect(ownerPage.getByRole('tab', { name: 'Roles' })).toHaveAttribute('aria-selected', 'true');
  });

  test('an admin writing to a member keeps the message while the window is resized or the phone turned, then sends it', async ({
    newMember,
    ownerPage,
  }) => {
    const sizes = sizesAcrossTheTableWidth(ownerPage);
    const { member, entry } = await newMemberInMembersTab(ownerPage, newMember, 'Resized Reader');
    await entry.getByRole('button', { name: 'Message', exact: true }).click();
    const dialog = ownerPage.getByRole('dialog', { name: `Message ${member.fullName}` });
    const message = dialog.getByRole('textbox', { name: 'Message' });
    await message.fill('Your order is ready at the front desk.');

    // The entry behind the dialog turns from a card into a table row and back; the dialog and its text stay.
    for (const size of sizes) {
      await resize(ownerPage, size);
      await expect(dialog).toBeVisible();
      await expect(message).toHaveValue('Your order is ready at the front desk.');
      await expect(message).toBeFocused();
      await expect.poll(() => memberLayout(ownerPage, member)).toBe(size.width >= 1200 ? 'row' : 'card');
    }

    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expectToast(ownerPage, 'Message Sent!', `To ${member.fullName}.`, { type: 'success' });
    await expect(dialog).toHaveCount(0);
  });

  test("an admin's unsaved role change stays open while the window is resized or the phone turned, then is saved", async ({
    newMember,
    ownerPage,
  }) => {
    const sizes = sizesAcrossTheTableWidth(ownerPage);
    const { member, entry } = await newMemberInMembersTab(ownerPage, newMember, 'Resized Driver');
    await entry.getByRole('button', { name: `Edit Roles for ${member.fullName}` }).click();
    const roles = ownerPage.getByRole('form', { name: `Roles for ${member.fullName}` });
    const driver = roles.getByRole('checkbox', { name: 'Driver' });
    const save = roles.getByRole('button', { name: 'Save Changes' });
    await driver.click();
    await expect(driver).toBeChecked();

    for (const size of sizes) {
      await resize(ownerPage, size);
      await expect(driver).toBeChecked();
      await expect(save).toBeEnabled();
      await expect(entry.getByRole('button', { name: `Close roles for ${member.fullName}` })).toBeVisible();
      await expect.poll(() => memberLayout(ownerPage, member)).toBe(size.width >= 1200 ? 'row' : 'card');
    }

    await save.click();
    await expectSuccessToast(ownerPage, 'Roles updated successfully!');
    await expect(roles).toBeHidden();
    await expect(entry.getByRole('list', { name: 'Roles' }).getByRole('listitem')).toHaveText([
      'Driver',
      'Member',
    ]);
  });

  // Tagged: the weekly bonus amount is one setting for everyone, and other stories assert its +10 XP and +10 Coins.
  test('the economy tab saves a new weekly bonus amount', SHARED_STATE, async ({ ownerPage }, testInfo) => {
    const key = 'weeklyLoginCoins';
    const label = 'Weekly login coins';
    const current = async () =>
      ((await (await ownerPage.request.get('/api/economy/settings')).json()) as EconomySettingsResponse)
        .settings[key];
    const original = await current();

    await openTab(ownerPage, 'economy');
    await expect(ownerPage.getByRole('heading', { name: 'Economy Management', level: 2 })).toBeVisible();
    const field = ownerPage.getByLabel(label, { exact: true });
    await expect(field).toHaveValue(String(original));
    const save = ownerPage.getByRole('button', { name: 'Save', exact: true });
    try {
      // A bad amount is refused under its field before anything is sent.
      await field.fill('-5');
      await save.click();
      await expect(field).toHaveAccessibleDescription(`Current: ${original} ${label} cannot be negative.`);

      await field.fill(String(original + 15));
      await save.click();
      await expectSuccessToast(ownerPage, 'Settings saved');
      await expect(field).toHaveAccessibleDescription(`Current: ${original + 15}`);
      expect(await current()).toBe(original + 15);

      // Other stories award the weekly bonus: put the amount back as it was.
      await field.fill(String(original));
      await save.click();
      await expect(field).toHaveAccessibleDescription(`Current: ${original}`);
      expect(await current()).toBe(original);
    } finally {
      if ((await current()) !== original) {
        await ownerPage.request.put('/api/economy/settings', {
          headers: { Origin: originOf(testInfo) },
          data: { [key]: original },
        });
      }
    }
  });
  test('an admin sees the sections row scroll sideways, finds Driver Management and Content Moderation, and every control is a 44 px target', async ({
    newMember,
    ownerPage,
  }, testInfo) => {
    const { member: driver } = await newMember('Target Driver', { roles: ['Driver'] });
    const main = ownerPage.getByRole('main');

    await ownerPage.goto('/admin?tab=drivers');
    await expect(main.getByRole('heading', { name: 'Driver Management', level: 2 })).toBeVisible();
    const card = main.getByRole('article', { name: driver.fullName });
    await expect(card.getByRole('switch', { name: 'Approved driver' })).toBeVisible();
    expect(await smallTargets(main)).toEqual([]);
    await ownerPage.screenshot({ path: testInfo.outputPath('drivers-tab.png') });

    // The row of sections goes on past the screen's edge: a fade with an arrow says so, at whichever end has more.
    const row = ownerPage.getByRole('tablist', { name: 'Dashboard sections' });
    const fade = (end: 'start' | 'end') => ownerPage.locator(`[data-scroll-fade="${end}"]`);
    await expect(fade('end')).toHaveCSS('opacity', '1');
    await expect(fade('start')).toHaveCSS('opacity', '0');
    await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(fade('start')).toHaveCSS('opacity', '1');
    await expect(fade('end')).toHaveCSS('opacity', '0');
    await row.evaluate((el) => el.scrollTo({ left: 0 }));

    // A tab reached from the keyboard shows its whole focus ring inside the row, which clips what sticks out.
    await row.getByRole('tab', { name: 'Drivers' }).focus();
    await ownerPage.keyboard.press('ArrowRight');
    const members = row.getByRole('tab', { name: 'Members' });
    await expect(members).toBeFocused();
    await expect(ownerPage).toHaveURL('/admin?tab=members');
    const ringOutside = await members.evaluate((el) => {
      const style = getComputedStyle(el);
      const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
      const tab = el.getBoundingClientRect();
      const clip = el.parentElement!.getBoundingClientRect();
      return Math.max(clip.top - (tab.top - reach), tab.bottom + reach - clip.bottom, 0);
    });
    expect(ringOutside, 'pixels of the focus ring cut off').toBe(0);

    await expect(main.getByRole('heading', { name: 'Member Management', level: 2 })).toBeVisible();
    const entry = await search(ownerPage, 'Search members', driver.fullName, driver);
    await entry.getByRole('button', { name: `Edit Roles for ${driver.fullName}` }).click();
    await expect(main.getByRole('checkbox', { name: 'Driver' })).toBeChecked();
    expect(await smallTargets(main)).toEqual([]);
    await ownerPage.screenshot({ path: testInfo.outputPath('members-tab.png') });

    await row.getByRole('tab', { name: 'Content' }).click();
    await expect(main.getByRole('heading', { name: 'Content Moderation', level: 2 })).toBeVisible();
  });
});
