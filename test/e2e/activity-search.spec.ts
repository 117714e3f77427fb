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
    const eventCount = async () =>
      Number(/^(\d+) events/.exec((await counted.textContent()) ?? '')?.[1] ?? Number.NaN);
    // The demo shop goes on while the test runs (a move every 20 to 60 s), so the whole
    // feed is "at least what it was", and its newest events may hold no shipment at all:
    // one is found through the type filter, as a person would look for one.
    await expect.poll(eventCount).toBeGreaterThan(0);
    const everything = await eventCount();
    const eventType = page.getByRole('combobox', { name: 'Event type' });
    await eventType.selectOption({ label: 'Shipment created' });
    const shipment = page
      .getByRole('feed', { name: 'Events' })
      .getByRole('article', { name: /^Shipment created/ })
      .first();
    const number = /SO-\d+/.exec((await shipment.textContent()) ?? '')?.[0] as string;
    expect(number).toBeTruthy();
    await eventType.selectOption({ label: 'All events' });
    await expect.poll(eventCount).toBeGreaterThanOrEqual(everything);

    // The shipment names its order by id only; the search finds it by the order's number too.
    const search = page.getByRole('searchbox', { name: 'Search activity' });
    await page.keyboard.press('Control+Shift+F');
    await expect(search).toBeFocused();
    await page.keyboard.type(number);
    await expect.poll(eventCount).toBeLessThan(everything);
    await expect.poll(() => cardNames(page)).toContainEqual(expect.stringMatching(/^Shipment/));
    await expect.poll(() => cardNames(page)).toContainEqual(expect.stringMatching(/order/i));
    const found = await page.getByRole('feed', { name: 'Events' }).getByRole('article').all();
    for (const card of found) await expect(card).toContainText(number);
    await screenshotAndScanThemes(page, '.activity', 'activity-search');
    await page.emulateMedia({ colorScheme: 'light' });

    // The type filter narrows what was found.
    await eventType.selectOption({ label: 'Shipment created' });
    await expect
      .poll(async () => {
        const names = await cardNames(page);
        return names.length > 0 && names.every((name) => /^Shipment created/.test(name));
      })
      .toBe(true);
    await eventType.selectOption({ label: 'All events' });

    await search.fill('no-such-order-here');
    await expect(activity).toContainText('No events with “no-such-order-here”.');
    await activity.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(eventCount).toBeGreaterThanOrEqual(everything);
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();

    // Esc in the box lets the search go too.
    await search.pressSequentially(number);
    await expect.poll(eventCount).toBeLessThan(everything);
    await search.press('Escape');
    await expect.poll(eventCount).toBeGreaterThanOrEqual(everything);
  });
});
