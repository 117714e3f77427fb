import { expect, test } from '@playwright/test';
import { message, openAppForEachTest, openConversation, unique } from '../support/parley-app.ts';
import { screenshotAndScanThemes } from '../support/theme-scan.ts';

test.describe('in the demo workspace', () => {
  openAppForEachTest();

  test(':, two letters and Enter put an emoji in; a whole :code: becomes its emoji as it is typed', async ({
    page,
  }) => {
    await openConversation(page, 'maya.chen');
    const box = page.getByRole('textbox', { name: 'Message' });
    const words = unique('shipped');

    await box.pressSequentially(`${words} :tad`);
    const offered = page.getByRole('listbox', { name: 'Emoji' });
    await expect(offered.getByRole('option').first()).toHaveText('🎉:tada:');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await screenshotAndScanThemes(page, '.composer-suggestions', 'emoji-codes');
    await box.press('Enter');
    await expect(box).toHaveValue(`${words} 🎉`);
    await expect(offered).toBeHidden();

    // Down moves to the next one; Tab puts it in as Enter does.
    await box.pressSequentially(' :smil');
    await expect(offered.getByRole('option').first()).toHaveText('😄:smile:');
    await box.press('ArrowDown');
    await expect(offered.getByRole('option', { selected: true })).toHaveText('😃:smiley:');
    await box.press('Tab');
    await expect(box).toHaveValue(`${words} 🎉 😃`);

    // Typed whole, as those who know the codes do, with no pause for the list.
    await box.pressSequentially(' :+1: and :rocket:');
    await expect(box).toHaveValue(`${words} 🎉 😃 👍️ and 🚀`);

    // A time, a link and a code no emoji has stay as typed; Esc leaves the letters; Enter sends.
    await box.pressSequentially(' at 10:30, see https://example.com :nosuchcode: :joy');
    await expect(offered).toBeVisible();
    await box.press('Escape');
    await expect(offered).toBeHidden();
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(message(page, words)).toContainText(
      `${words} 🎉 😃 👍️ and 🚀 at 10:30, see https://example.com :nosuchcode: :joy`,
    );

    // What this person put in lately comes first: 😃 before 😄 now.
    await box.pressSequentially(':smil');
    await expect(offered.getByRole('option').first()).toHaveText('😃:smiley:');
    await expect(offered.getByRole('option').nth(1)).toHaveText('😄:smile:');
  });
});
