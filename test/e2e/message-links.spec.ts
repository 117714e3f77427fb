import { expect, test, type Page } from '@playwright/test';
import {
  conversations,
  message,
  messageAction,
  openAppForEachTest,
  openConversation,
  thread,
} from '../support/parley-app.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const ASKED = 'Can we move the call to 3pm?';

/** Copy link on noah.berg's question, as a person does it: a right-click, then the menu. */
async function copyLinkToQuestion(page: Page): Promise<string> {
  await openConversation(page, 'noah.berg');
  await message(page, ASKED).last().getByText(ASKED).click({ button: 'right' });
  await page
    .getByRole('menu', { name: 'More actions' })
    .getByRole('menuitem', { name: 'Copy link' })
    .click();
  await expect(page.getByText('Link to the message copied')).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

async function sendInMaya(page: Page, text: string) {
  await openConversation(page, 'maya.chen');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

test.describe('in the demo workspace', () => {
  openAppForEachTest();

  test('a message’s link, pasted into another conversation, opens its conversation at that message', async ({
    page,
  }) => {
    const link = await copyLinkToQuestion(page);
    expect(link).toMatch(/^parley:\/\/conversation\/[\w-]+\/message\/[\w-]+$/);

    await openConversation(page, 'maya.chen');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('About this: ');
    await page.keyboard.press('Control+V');
    await expect(box).toHaveValue(`About this: ${link}`);
    await box.press('Enter');

    // Shown as what it points at, in the thread and in the list, not as its ids.
    const pointer = thread(page).getByRole('link', { name: `noah.berg: ${ASKED}` });
    await expect(pointer).toHaveAttribute('href', link);
    await expect(thread(page).getByText(link)).toHaveCount(0);
    await expect(conversations(page).getByRole('option', { name: /^maya\.chen,/ })).toContainText(
      'You: About this: (link to a message)',
    );
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({ path: `test/.reports/screenshots/message-link-${theme}.png` });
    }
    // Pinned, its one line reads as the list's preview does.
    await messageAction(page, message(page, /^About this:/).last(), 'Pin message');
    await expect(page.getByRole('region', { name: 'Pinned message' })).toContainText(
      'About this: (link to a message)',
    );

    await pointer.click();
    await expect(page.getByRole('heading', { level: 2, name: 'noah.berg' })).toBeVisible();
    const asked = message(page, ASKED).last();
    await expect(asked).toBeInViewport();
    await expect(asked).toHaveClass(/highlighted/);
  });

  test('a link to a message that is gone opens its conversation at the end and says why', async ({
    page,
  }) => {
    const link = await copyLinkToQuestion(page);
    const gone = link.replace(/\/message\/[\w-]+$/, '/message/msg_deleted_meanwhile');
    await sendInMaya(page, `Was it ${gone}`);

    // The conversation is here, the message is not: the link says where it goes.
    await thread(page).getByRole('link', { name: 'Message in noah.berg' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'noah.berg' })).toBeVisible();
    await expect(
      page.getByText(
        'That message is not here: it was deleted, or is older than the history on this computer.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  });
});
