import { expect, test, type Locator } from '@playwright/test';
import { picturePath } from '../../main/sandbox/assets/asset-routes.ts';
import {
  message,
  openAppForEachTest,
  openConversation,
  openOwnServer,
  send,
  startConversation,
  thread,
} from '../support/parley-app.ts';
import { screenshotAndScanThemes } from '../support/theme-scan.ts';

const pictureName = async (thumbnail: Locator) =>
  ((await thumbnail.getAttribute('aria-label')) ?? '').replace(/^Open image /, '');

const loaded = (image: Locator) =>
  image.evaluate((element) => (element as HTMLImageElement).naturalWidth > 0);

test.describe('in the demo workspace', () => {
  openAppForEachTest();

  test('a picture opens large in the app; Left and Right step through the thread’s pictures', async ({
    page,
  }) => {
    await openConversation(page, 'maya.chen');
    const thumbnails = thread(page).getByRole('button', { name: /^Open image / });
    await expect(thumbnails.nth(1)).toBeVisible();
    const count = await thumbnails.count();
    const newest = thumbnails.nth(count - 1);
    const [before, last] = [
      await pictureName(thumbnails.nth(count - 2)),
      await pictureName(newest),
    ];

    await newest.click();
    let viewer = page.getByRole('dialog', { name: last });
    await expect(viewer).toBeVisible();
    await expect.poll(() => loaded(viewer.getByRole('img', { name: last }))).toBe(true);
    await expect(viewer.getByText(/^maya\.chen · /)).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Next picture' })).toBeDisabled();
    await screenshotAndScanThemes(page, '.image-viewer', 'image-viewer');

    await page.keyboard.press('ArrowLeft');
    viewer = page.getByRole('dialog', { name: before });
    await expect(viewer).toBeVisible();
    await expect.poll(() => loaded(viewer.getByRole('img', { name: before }))).toBe(true);
    await expect(viewer.getByRole('button', { name: 'Next picture' })).toBeEnabled();
    await page.keyboard.press('ArrowRight');
    viewer = page.getByRole('dialog', { name: last });
    await expect(viewer).toBeVisible();

    // Next, clicked to the last picture, is disabled and lets go of the focus: the keys still work.
    await viewer.getByRole('button', { name: 'Previous picture' }).click();
    await page
      .getByRole('dialog', { name: before })
      .getByRole('button', { name: 'Next picture' })
      .click();
    await expect(viewer.getByRole('button', { name: 'Next picture' })).toBeDisabled();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: before })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer).toBeVisible();

    // A click shows the picture at its own size, and another fits it to the window again.
    const actual = viewer.getByRole('button', { name: 'Actual size' });
    await actual.click();
    await expect(actual).toHaveAttribute('aria-pressed', 'true');
    await actual.click();
    await expect(actual).toHaveAttribute('aria-pressed', 'false');

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(newest).toBeFocused();
  });
});

test('Left and Right go through the conversation’s pictures beyond those the thread holds', async ({
  page,
}) => {
  const own = await openOwnServer(page, ['you:e2e-you', 'bob:e2e-bob'], ['--rate-limit', '100000']);
  try {
    await startConversation(page, 'bob');
    await send(page, 'send me the photos');
    const { data } = (await (await own.as('e2e-bob', '/v1/conversations')).json()) as {
      data: { id: string }[];
    };
    const conversationId = data[0]!.id;
    const post = async (text: string, picture?: string) => {
      const picked = picture && {
        attachments: [
          { name: picture, url: `${own.url}${picturePath(3)}`, mime_type: 'image/svg+xml' },
        ],
      };
      const response = await own.as('e2e-bob', '/v1/messages', {
        method: 'POST',
        body: JSON.stringify({ conversation_id: conversationId, message: text, ...picked }),
      });
      return ((await response.json()) as { id: string }).id;
    };
    // The first picture, then far more messages than the thread holds (four pages of 50).
    const firstId = await post('the first photo', 'first-photo.svg');
    for (let n = 1; n <= 260; n++) await post(`caption idea ${n}`);
    await post('the last photo', 'last-photo.svg');

    await message(page, 'the last photo')
      .getByRole('button', { name: /^Open image / })
      .click();
    await expect(page.getByRole('dialog', { name: 'last-photo.svg' })).toBeVisible();
    await expect(message(page, 'the first photo')).toHaveCount(0);
    await page.keyboard.press('ArrowLeft');
    const first = page.getByRole('dialog', { name: 'first-photo.svg' });
    await expect(first).toBeVisible();
    await expect(first.getByText(/^bob · /)).toBeVisible();
    await expect(first.getByRole('button', { name: 'Previous picture' })).toBeDisabled();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'last-photo.svg' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The thread taken back to the first picture by a link to it: Right goes on past what it holds.
    await post(`where it started: parley://conversation/${conversationId}/message/${firstId}`);
    await thread(page).getByRole('link', { name: 'bob: the first photo' }).click();
    await expect(message(page, 'the last photo')).toHaveCount(0);
    await message(page, 'the first photo')
      .getByRole('button', { name: /^Open image / })
      .click();
    await expect(first.getByRole('button', { name: 'Next picture' })).toBeEnabled();
    await page.keyboard.press('ArrowRight');
    const last = page.getByRole('dialog', { name: 'last-photo.svg' });
    await expect(last).toBeVisible();
    await expect(last.getByRole('button', { name: 'Next picture' })).toBeDisabled();
  } finally {
    await own.stop();
  }
});
