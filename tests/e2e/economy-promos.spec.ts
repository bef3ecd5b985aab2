import { expect } from '@playwright/test';
import { normalizePromoCode } from '~/features/economy/loyalty.constants';
import type { LevelPerk, LevelPerksResponse } from '~/features/economy/loyalty.schema';
import { expectToast, originOf, SHARED_STATE, test } from './fixtures';

test('the Owner creates a promo code, is told when its code is taken, and pauses it', async ({
  ownerPage: page,
}) => {
  // A code of its own: codes are the whole shop's, and this story may run beside itself.
  const typed = `e2e ${Date.now().toString(36)}`;
  const code = normalizePromoCode(typed);

  await page.goto('/admin?tab=economy');
  const section = page.getByRole('region', { name: 'Promo Codes' });
  await section.getByRole('button', { name: 'New Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Promo Code' });
  await dialog.getByRole('textbox', { name: 'Code' }).fill(typed);
  await expect(dialog.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
    `Saved as ${code}.`,
  );
  await dialog.getByRole('textbox', { name: 'Percent off' }).fill('15');
  await dialog.getByRole('switch', { name: 'Once per member' }).click();
  await dialog.getByRole('button', { name: 'Create Code' }).click();
  await expectToast(page, 'Promo code created', `${code}: 15% off.`, { type: 'success' });
  await expect(dialog).toBeHidden();

  const card = section.getByRole('article', { name: code, exact: true });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('list', { name: `Limits of ${code}` }).getByRole('listitem')).toHaveText([
    '0 uses',
    'Once per member',
  ]);

  // The same code again: the server's refusal shows under the field, and nothing is added.
  await section.getByRole('button', { name: 'New Code' }).click();
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
  await dialog.getByRole('radio', { name: 'Amount off' }).click();
  await dialog.getByRole('textbox', { name: 'Amount off' }).fill('5');
  await dialog.getByRole('button', { name: 'Create Code' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
    `Letters, digits and dashes. Saved in capitals, without spaces. There is already a code ${code}.`,
  );
  // The field the server refused has the focus, to be corrected at once.
  await expect(dialog.getByRole('textbox', { name: 'Code' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByRole('article', { name: code, exact: true })).toHaveCount(1);

  await card.getByRole('button', { name: 'Pause' }).click();
  await expectToast(page, 'Code paused', code, { type: 'success' });
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Resume' })).toBeVisible();
});

// Tagged: the perk table is one for the whole shop, and other stories assert sticker prices at checkout.
test(
  'the Owner adds a level perk, and it is in the table after a reload',
  SHARED_STATE,
  async ({ ownerPage: page, ownerApi }, testInfo) => {
    const perksNow = async () =>
      ((await (await ownerApi.get('/api/economy/level-perks')).json()) as LevelPerksResponse).perks;
    const original = await perksNow();
    // A level nobody in the run reaches, not in the table yet.
    const fromLevel = [99, 98, 97].find((level) => !original.some((perk) => perk.fromLevel === level))!;
    const saved: LevelPerk[] = [...original, { fromLevel, percentOff: 3 }];
    // The table comes back lowest level first.
    const row =
      saved.sort((a, b) => a.fromLevel - b.fromLevel).findIndex((perk) => perk.fromLevel === fromLevel) + 1;

    try {
      await page.goto('/admin?tab=economy');
      const table = page.getByRole('form', { name: 'Level perks' });
      await table.getByRole('button', { name: 'Add Perk' }).click();
      const added = original.length + 1;
      await table.getByRole('textbox', { name: `Perk ${added}: from level` }).fill(String(fromLevel));
      await table.getByRole('textbox', { name: `Perk ${added}: percent off sticker lines` }).fill('3');
      await table.getByRole('button', { name: 'Save Perks' }).click();
      await expectToast(
        page,
        'Level perks saved',
        `${saved.length} ${saved.length === 1 ? 'perk' : 'perks'}, from level ${saved[0]!.fromLevel}.`,
        { type: 'success' },
      );

      await page.reload();
      await expect(table.getByRole('textbox', { name: `Perk ${row}: from level` })).toHaveValue(
        String(fromLevel),
      );
      await expect(
        table.getByRole('textbox', { name: `Perk ${row}: percent off sticker lines` }),
      ).toHaveValue('3');
      expect(await perksNow()).toEqual(saved);
    } finally {
      // Other stories price stickers with the table as it was.
      const restored = await ownerApi.put('/api/economy/level-perks', {
        headers: { Origin: originOf(testInfo) },
        data: { perks: original },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  },
);
