import { expect, test, type Page } from '@playwright/test';
import { openActivity, openAppForEachTest } from '../support/parley-app.ts';
import { screenshotAndScanThemes } from '../support/theme-scan.ts';

const cardNames = (page: Page) =>
  page
    .getByRole('feed', { name: 'Events' })
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));

test.describe('in the demo workspace', () => {
  openAppForEachTest();

  test('searching Activity finds an order’s events by its number as it is typed, and says when nothing matches', async ({
    page,
  }) => {
    await openActivity(page);
    const activity = page.getByRole('region', { name: 'Activity' });
    const counted = activity.getByText(/^\d+ events/);
    const everything = (await counted.textContent()) ?? '';
    const shipment = page
      .getByRole('feed', { name: 'Events' })
      .getByRole('article', { name: /^Shipment (created|updated)/ })
      .first();
    const number = /SO-\d+/.exec((await shipment.textContent()) ?? '')?.[0] as string;
    expect(number).toBeTruthy();

    // The shipment names its order by id only; the search finds it by the order's number too.
    const search = page.getByRole('searchbox', { name: 'Search activity' });
    await page.keyboard.press('Control+Shift+F');
    await expect(search).toBeFocused();
    await page.keyboard.type(number);
    await expect(counted).not.toHaveText(everything);
    await expect.poll(() => cardNames(page)).toContainEqual(expect.stringMatching(/^Shipment/));
    await expect.poll(() => cardNames(page)).toContainEqual(expect.stringMatching(/order/i));
    const found = await page.getByRole('feed', { name: 'Events' }).getByRole('article').all();
    for (const card of found) await expect(card).toContainText(number);
    await screenshotAndScanThemes(page, '.activity', 'activity-search');
    await page.emulateMedia({ colorScheme: 'light' });

    // The type filter narrows what was found.
    await page
      .getByRole('combobox', { name: 'Event type' })
      .selectOption({ label: 'Shipment created' });
    await expect
      .poll(async () => {
        const names = await cardNames(page);
        return names.length > 0 && names.every((name) => /^Shipment created/.test(name));
      })
      .toBe(true);
    await page.getByRole('combobox', { name: 'Event type' }).selectOption({ label: 'All events' });

    await search.fill('no-such-order-here');
    await expect(activity).toContainText('No events with “no-such-order-here”.');
    await activity.getByRole('button', { name: 'Clear search' }).click();
    await expect(counted).toHaveText(everything);
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();

    // Esc in the box lets the search go too.
    await search.pressSequentially(number);
    await expect(counted).not.toHaveText(everything);
    await search.press('Escape');
    await expect(counted).toHaveText(everything);
  });
});
