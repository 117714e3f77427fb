import { expect, test } from '@playwright/test';
import {
  conversations,
  firstConversationTitle,
  openConversation,
  openOwnServer,
} from '../support/parley-app.ts';

const TOKEN = 'e2e-kept-token';

test('text written in a conversation deleted on another device is kept to send elsewhere', async ({
  page,
}) => {
  const own = await openOwnServer(page, [`you:${TOKEN}`], ['--demo']);
  try {
    await expect(conversations(page).getByRole('option').first()).toBeVisible({ timeout: 20_000 });
    // The most recently active conversation: a round sees its messages go at once.
    const gone = await firstConversationTitle(page, 0);
    const other = await firstConversationTitle(page, 1);
    const goneRow = conversations(page).getByRole('option', { name: new RegExp(`^${gone}(,|$)`) });
    const id = await goneRow.getAttribute('data-id');

    await openConversation(page, gone);
    const words = 'words that must not be lost';
    await page.getByRole('textbox', { name: 'Message' }).fill(words);
    await openConversation(page, other);
    await expect(goneRow).toContainText(`Draft: ${words}`);

    const deleted = await own.as(TOKEN, `/v1/conversations/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    await expect(goneRow).toHaveCount(0, { timeout: 20_000 });

    const kept = page.getByRole('group', { name: `Not sent to ${gone}` });
    await expect(kept).toContainText(words);
    await kept.getByRole('button', { name: 'Send elsewhere…' }).click();
    const picker = page.getByRole('dialog', { name: 'Send in which conversation?' });
    await picker.getByRole('combobox', { name: 'Conversation name' }).fill(other);
    await picker.getByRole('combobox', { name: 'Conversation name' }).press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: other })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(words);
    await expect(kept).toHaveCount(0);
  } finally {
    await own.stop();
  }
});
