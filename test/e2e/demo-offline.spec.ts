import { expect, test, type Locator } from '@playwright/test';
import { DEMO_CONTACTS } from '../../main/sandbox/demo/demo-content.ts';
import { conversations, openConversation, thread } from '../support/parley-app.ts';
import { startPreview } from '../support/preview-process.ts';

const SHOTS = 'test/.reports/screenshots';

/** Every image under `scope` has loaded and has pixels (a broken one has no natural width). */
async function expectLoaded(images: Locator) {
  await expect
    .poll(() =>
      images.evaluateAll((all) =>
        all.map(
          (image) =>
            (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .not.toContain(false);
}

/**
 * Offline, the demo is whole: the browser may reach 127.0.0.1 (the preview, and
 * the demo's own service for avatars and pictures) and nothing else. A request
 * anywhere else is aborted and recorded, and so is every console error.
 */
test('the demo shows its avatars and pictures with every request off this machine blocked', async ({
  context,
  page,
}) => {
  const blocked: string[] = [];
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    blocked.push(url.href);
    return route.abort('blockedbyclient');
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => errors.push(`${request.url()} failed`));

  const preview = await startPreview();
  try {
    await page.goto(preview.url);
    const rows = conversations(page).getByRole('option');
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    const avatars = conversations(page).locator('img');
    await expect(avatars.first()).toBeVisible();
    expect(await avatars.count()).toBeGreaterThan(5);
    await expectLoaded(avatars);

    const contact = DEMO_CONTACTS[0];
    await openConversation(page, contact);
    const pictures = thread(page).getByRole('button', { name: /^Open image / });
    await expect(pictures.first()).toBeVisible();
    await expectLoaded(pictures.locator('img'));
    await expectLoaded(page.getByRole('main', { name: 'Conversation' }).locator('img'));

    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: `${SHOTS}/demo-offline-${theme}.png` });
    }
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await preview.stop();
  }
});
