import fs from 'node:fs';
import { expect } from '@playwright/test';
import { demoMembers, expectToast, originOf, SHARED_STATE, test } from './fixtures';

test.describe('Mass SMS', () => {
  test('the Owner sends an SMS to a segment, confirms the member count, and sees it in the log', async ({
    newMember,
    ownerPage: page,
  }, testInfo) => {
    // A member who agreed to SMS in Account Settings, so the Member segment has at least one recipient.
    const { request, member } = await newMember('Texted Member');
    const agreed = await request.patch('/api/accounts/account', {
      headers: { Origin: originOf(testInfo) },
      data: {
        telegram: '@e2e_sms',
        phone: '(202) 555-0188',
        address: '1200 Example Ave NW, Washington, DC 20001',
        smsConsent: true,
      },
    });
    expect(agreed.status(), await agreed.text()).toBe(200);

    await page.goto('/admin?tab=sms');
    await expect(page.getByRole('heading', { name: 'Mass SMS', level: 2 })).toBeVisible();

    // Blank: refused before anything is asked.
    await page.getByRole('button', { name: 'Send SMS' }).click();
    await expectToast(page, 'Message required', 'Please enter a message to send.', { type: 'error' });

    const text = `Doors open at 8 tonight (${testInfo.project.name} ${Date.now().toString(36)})`;
    await page.getByLabel('Segment').selectOption('Member');
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await expect(page.getByText(`${text.length}/160 characters`)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('sms-tab.png'), fullPage: true });
    await page.getByRole('button', { name: 'Send SMS' }).click();

    const dialog = page.getByRole('dialog', { name: 'Send SMS?' });
    await expect(dialog).toContainText(/will be sent to \d+ members? \(segment: Members\)/);
    const count = Number(/sent to (\d+) member/.exec((await dialog.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    await page.screenshot({ path: testInfo.outputPath('sms-confirm.png') });
    await dialog.getByRole('button', { name: `Send to ${count} member${count === 1 ? '' : 's'}` }).click();
    // No provider is connected: the messages are queued for the log-only provider, and the toast says so.
    await expectToast(
      page,
      'SMS sent!',
      `Queued for ${count} member${count === 1 ? '' : 's'}. No SMS provider is connected (Settings), so they are only written to the server log: nothing leaves this machine.`,
      { type: 'success' },
    );
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    // The log shows it, and the sender's progress arrives live: no provider is connected, so it is log-only.
    const entry = page.getByRole('list', { name: 'SMS log' }).getByRole('listitem').filter({ hasText: text });
    await expect(entry).toContainText('Members');
    await expect(entry).toContainText(String(count));
    await expect(entry.getByText('Sent', { exact: true })).toBeVisible();
    await expect(entry).toContainText('Log only');
    await entry.getByRole('button', { name: 'Show recipients' }).click();
    await expect(entry.getByRole('list', { name: 'Recipients' })).toContainText(member.fullName);
    await page.screenshot({ path: testInfo.outputPath('sms-log.png'), fullPage: true });
  });

  test('the Owner downloads the database as JSON', async ({ ownerPage: page }, testInfo) => {
    await page.goto('/admin?tab=settings');
    const exportButton = page.getByRole('button', { name: 'Export Database (JSON)' });
    await expect(exportButton).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^vault-export-.+\.json$/);
    await expectToast(page, 'Export complete', download.suggestedFilename(), { type: 'success' });
    const file = testInfo.outputPath('export.json');
    await download.saveAs(file);
    const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      format: string;
      members: { email: string; password?: unknown }[];
      settings: unknown;
    };
    expect(exported.format).toBe('the-vault-export');
    const owner = exported.members.find((row) => row.email === demoMembers.owner);
    expect(owner).toBeDefined();
    expect(owner).not.toHaveProperty('password');
  });

  test(
    'the Owner saves SMS credentials and sees the token only masked',
    SHARED_STATE,
    async ({ ownerPage: page }, testInfo) => {
      await page.goto('/admin?tab=settings');
      const form = page.getByRole('form', { name: 'SMS provider' });
      await expect(form).toBeVisible();
      const token = `e2etoken${Date.now().toString(36)}wxyz`;
      await form.getByLabel('Account SID').fill(`AC${'0f'.repeat(16)}`);
      await form.getByLabel('Sender').fill('(202) 555-0199');
      await form.getByLabel('Auth token').fill(token);
      await form.getByRole('button', { name: 'Save SMS Settings' }).click();
      const saved = page
        .locator('[data-sonner-toast][data-front="true"]')
        .filter({ has: page.locator('[data-title]', { hasText: 'Settings saved' }) });
      await expect(saved).toHaveAttribute('data-type', 'success');
      await expect(form.getByLabel('Auth token')).toHaveValue('');
      await expect(form).toContainText('Set, ends in wxyz');
      await expect(form).toContainText('sending through Twilio');
      await expect(form.getByLabel('Sender')).toHaveValue('+12025550199');

      // After a reload the token is still only "set", and the page holds nothing more of it.
      await page.reload();
      await expect(page.getByRole('form', { name: 'SMS provider' })).toContainText('Set, ends in wxyz');
      expect(await page.content()).not.toContain(token);
      await page.screenshot({ path: testInfo.outputPath('sms-settings.png'), fullPage: true });

      // Back to the log-only provider, so no later story sends anywhere.
      await page.getByRole('button', { name: 'Remove Token' }).click();
      await expect(page.getByRole('form', { name: 'SMS provider' })).toContainText('Not set');
    },
  );
});
