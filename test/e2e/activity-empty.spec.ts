import { expect, test } from '@playwright/test';
import { openActivity, openOwnServer } from '../support/parley-app.ts';

test('an empty Activity says what it is for and leads to the orders setup', async ({ page }) => {
  const own = await openOwnServer(page, ['you:e2e-you']);
  try {
    await openActivity(page);
    const activity = page.getByRole('region', { name: 'Activity' });
    await expect(activity).toContainText(
      'No orders yet. Activity lists your shop’s orders, shipments, invoices and product changes',
    );
    await expect(activity).toContainText('through a relay or Parley’s own receiver');
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: `test/.reports/screenshots/activity-empty-${theme}.png` });
    }

    await activity.getByRole('button', { name: 'Set up orders and catalogue' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const heading = settings.getByRole('heading', { name: 'Orders and catalogue' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await page.screenshot({ path: 'test/.reports/screenshots/activity-empty-settings.png' });
  } finally {
    await own.stop();
  }
});
