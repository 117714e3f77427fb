import { expect, test } from '@playwright/test';
import {
  conversations,
  firstConversationTitle,
  openConversation,
  send,
  thread,
  unique,
} from '../support/parley-app.ts';
import { startPreview } from '../support/preview-process.ts';

test('“now” turns into minutes, and “Today” into “Yesterday” at midnight, with the app left open', async ({
  page,
}) => {
  // The page's clock runs from the real time, and jumps forward when told: a laptop left open.
  await page.clock.install();
  const preview = await startPreview();
  try {
    await page.goto(preview.url);
    await expect(conversations(page).getByRole('option').first()).toBeVisible({ timeout: 20_000 });
    await openConversation(page, await firstConversationTitle(page, 2));
    const text = unique('checking the clock');
    await send(page, text);
    const row = conversations(page).getByRole('option').filter({ hasText: text });
    await expect(row.getByText('now', { exact: true })).toBeVisible();
    const days = thread(page).getByRole('separator');
    await expect(days.last()).toHaveAccessibleName('Today');

    await page.clock.fastForward('03:00');
    await expect(row.getByText('3 min', { exact: true })).toBeVisible();

    const toMidnight = await page.evaluate(() => {
      const midnight = new Date();
      midnight.setHours(24, 0, 1, 0);
      return midnight.getTime() - Date.now();
    });
    await page.clock.fastForward(toMidnight);
    await expect(days.last()).toHaveAccessibleName('Yesterday');
    await expect(days.filter({ hasText: 'Today' })).toHaveCount(0);
    await expect(row.getByText('3 min', { exact: true })).toHaveCount(0);
  } finally {
    await preview.stop();
  }
});
