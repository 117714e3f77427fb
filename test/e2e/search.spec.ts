import { expect, test } from '@playwright/test';
import { openAppForEachTest } from '../support/parley-app.ts';

openAppForEachTest();

test('searching a contact name lists the conversation, and Down then Enter opens it', async ({
  page,
}) => {
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('maya');
  const matches = page.getByRole('listbox', { name: 'Matching conversations' });
  await expect(matches.getByRole('option', { name: /^maya\.chen(,|$)/ })).toBeVisible();
  await search.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'maya.chen' })).toBeVisible();
});

test('a search that matches no conversation says so', async ({ page }) => {
  await page.getByRole('searchbox', { name: 'Search' }).fill('zzqx-nobody');
  await expect(page.getByText('No conversation matches “zzqx-nobody”.')).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Matching conversations' })).toHaveCount(0);
});
