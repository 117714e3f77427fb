import { expect, test } from '@playwright/test';
import { picturePath } from '../../main/sandbox/assets/asset-routes.ts';
import { pictureName } from '../../main/sandbox/assets/picture.ts';
import { message, openOwnServer, startConversation, unique } from '../support/parley-app.ts';

test('attaching a link shows what its server says it is before it is added', async ({ page }) => {
  const own = await openOwnServer(page, ['you:e2e-you', 'bob:e2e-bob']);
  try {
    await startConversation(page, 'bob');
    await page.getByRole('button', { name: 'Attach a link' }).click();
    const form = page.getByRole('form', { name: 'Attach a link' });
    const link = form.getByRole('textbox', { name: 'Link' });
    const status = form.getByRole('status');

    // A picture the server itself serves: its name, type and size, asked with a HEAD request.
    const name = pictureName(7);
    await link.fill(`${own.url}${picturePath(7)}`);
    await expect(status).toHaveText(new RegExp(`^${name} · image/svg\\+xml · \\d+(\\.\\d)? KB$`));
    await expect(form.getByRole('textbox', { name: 'Type' })).toHaveAttribute(
      'placeholder',
      'image/svg+xml',
    );
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: `test/.reports/screenshots/attach-probe-${theme}.png` });
    }

    // What cannot be known is said, and the link can still be attached.
    await link.fill(`${own.url}/_sandbox/assets/pictures/nothing-here.svg`);
    await expect(status).toHaveText(
      'nothing-here.svg: its server does not say what it is. It can be attached all the same.',
    );
    await link.fill('https://10.0.0.1/photo.jpg');
    await expect(status).toHaveText(
      /^Not checked: 10\.0\.0\.1 is on a private or local network: not fetched\. It can be attached all the same\.$/,
    );
    await page.screenshot({ path: 'test/.reports/screenshots/attach-probe-refused.png' });

    // The probed type and size go with the attachment.
    await link.fill(`${own.url}${picturePath(7)}`);
    await expect(status).toContainText('image/svg+xml');
    await form.getByRole('button', { name: 'Add attachment' }).click();
    const pending = page.getByRole('list', { name: 'Attachments to send' });
    await expect(pending.getByRole('listitem')).toHaveText([
      new RegExp(`${name}\\s*\\d+(\\.\\d)? KB`),
    ]);
    const text = unique('the view from the hill');
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(
      message(page, text).getByRole('button', { name: `Open image ${name}` }),
    ).toBeVisible();
  } finally {
    await own.stop();
  }
});
