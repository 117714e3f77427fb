import { expect, test, type Page } from '@playwright/test';
import {
  answerArrivingUnread,
  conversations,
  firstConversationTitle,
  message,
  messageAction,
  openAppForEachTest,
  openConversation,
  send,
  thread,
  unique,
} from '../support/parley-app.ts';
import { MINIMUM_SIZE } from '../../main/desktop/window-state.ts';

openAppForEachTest();

/**
 * In the first conversation, a message sent and on the server, then Up in the
 * empty composer and more typed at its end: an edit in progress.
 */
async function editLastSent(page: Page, words: string, added: string) {
  const title = await firstConversationTitle(page, 0);
  await openConversation(page, title);
  const text = unique(words);
  await expect(
    (await send(page, text)).getByRole('img', { name: /^(Sent|Delivered|Read)$/ }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).press('ArrowUp');
  const edit = page.getByRole('textbox', { name: 'Edit message' });
  await expect(edit).toHaveValue(text);
  await edit.press('End');
  await edit.pressSequentially(added);
  return { title, text, edit };
}

test('reading a conversation with unread messages shows the divider and clears its badge', async ({
  page,
}) => {
  const title = await firstConversationTitle(page, 0);
  await answerArrivingUnread(page, title, await firstConversationTitle(page, 1));
  await openConversation(page, title);
  await expect(page.getByRole('separator', { name: 'Unread messages' })).toBeVisible();
  const messages = page.getByRole('region', { name: 'Messages' });
  await messages.focus();
  await messages.press('End');
  await expect(page.getByRole('button', { name: 'Scroll to the latest message' })).toHaveCount(0);
  await expect(
    conversations(page).getByRole('option', { name: new RegExp(`^${title}(,|$)`) }),
  ).not.toHaveAccessibleName(/unread message/);
});

test('send, react, edit and delete an own message', async ({ page }) => {
  await openConversation(page, await firstConversationTitle(page));
  const text = unique('hello from e2e');
  const sent = await send(page, text);
  await expect(sent.getByRole('img', { name: /^(Sent|Delivered|Read)$/ })).toBeVisible();

  await sent.hover();
  await sent.getByRole('button', { name: 'React' }).click();
  await page
    .getByRole('dialog', { name: 'React to this message' })
    .getByRole('button', { name: 'thumbs up' })
    .click();
  await expect(sent.getByRole('button', { name: /^thumbs up, 1: you$/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await sent.getByRole('button', { name: /^thumbs up/ }).click();
  await expect(sent.getByRole('button', { name: /^thumbs up/ })).toHaveCount(0);

  await messageAction(page, sent, 'Edit');
  const edited = `${text} (edited)`;
  const box = page.getByRole('textbox', { name: 'Edit message' });
  await box.fill(edited);
  await box.press('Enter');
  await expect(message(page, edited)).toContainText('Edited');

  await messageAction(page, message(page, edited), 'Delete…');
  const dialog = page.getByRole('dialog', { name: 'Delete this message?' });
  await expect(dialog).toContainText('permanently');
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(message(page, edited)).toHaveCount(0);
});

test('an edit left for another conversation is there, as typed, on coming back', async ({
  page,
}) => {
  const { title: first, text, edit } = await editLastSent(page, 'meet at 6', ', not 5');

  // Alt+Down to the next conversation: its composer writes a new message.
  await edit.press('Alt+ArrowDown');
  await expect(page.getByRole('heading', { level: 2 })).not.toHaveText(first);
  await expect(page.getByRole('textbox', { name: 'Edit message' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  await page.keyboard.press('Alt+ArrowUp');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(first);
  await expect(edit).toHaveValue(`${text}, not 5`);
  await expect(page.getByText('Editing message')).toBeVisible();
  await edit.press('Enter');
  await expect(message(page, `${text}, not 5`)).toContainText('Edited');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();

  // Deleting the message being edited ends the edit: there is nothing left to save to.
  await messageAction(page, message(page, `${text}, not 5`), 'Edit');
  await messageAction(page, message(page, `${text}, not 5`), 'Delete…');
  await page
    .getByRole('dialog', { name: 'Delete this message?' })
    .getByRole('button', { name: 'Delete permanently' })
    .click();
  await expect(message(page, `${text}, not 5`)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(page.getByText('Editing message')).toHaveCount(0);
});

test('an edit half typed when the window goes is there, as typed, when Parley opens again', async ({
  page,
}) => {
  const { title, text, edit } = await editLastSent(page, 'lunch at noon', ', or 1');
  // Gone at once, within the pause after typing that a save waits for.
  await page.reload();

  // Parley opens where it was left, the edit there as typed.
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(edit).toHaveValue(`${text}, or 1`);
  await expect(edit).toBeFocused();
  await edit.press('Escape');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  // Ended, it stays ended.
  await page.waitForTimeout(600);
  await page.reload();
  await openConversation(page, title);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(page.getByText('Editing message')).toHaveCount(0);
});

test('the composer grows as a long line wraps, so all of it shows, and stops at eight lines', async ({
  page,
}) => {
  await openConversation(page, await firstConversationTitle(page));
  const box = page.getByRole('textbox', { name: 'Message' });
  const size = () =>
    box.evaluate((area) => ({ shown: area.clientHeight, needed: area.scrollHeight }));
  const oneLine = await size();
  await box.fill('a long thought without a line break, '.repeat(8));
  const wrapped = await size();
  expect(wrapped.shown).toBeGreaterThan(oneLine.shown * 1.5);
  expect(wrapped.shown).toBeGreaterThanOrEqual(wrapped.needed);

  await box.fill('line\n'.repeat(40));
  const capped = await size();
  expect(capped.shown).toBeLessThan(capped.needed);
  expect(capped.shown).toBeLessThan(oneLine.shown * 6);
  expect(capped.shown).toBeGreaterThan(wrapped.shown);
});

test('the newest message stays in sight as the composer grows, as an edit begins, and as the window shrinks', async ({
  page,
}) => {
  await openConversation(page, await firstConversationTitle(page));
  const last = await send(page, unique('the newest'));
  await expect(last).toBeInViewport({ ratio: 1 });

  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('a draft long enough to need more than one line, '.repeat(6));
  // The composer took its lines from the thread's screen, and the list stayed at its end.
  await expect(last).toBeInViewport({ ratio: 1 });

  await box.fill('');
  await box.press('ArrowUp');
  await expect(page.getByText('Editing message')).toBeVisible();
  await expect(last).toBeInViewport({ ratio: 1 });

  await page.keyboard.press('Escape');
  await expect(page.getByText('Editing message')).toHaveCount(0);
  await page.setViewportSize(MINIMUM_SIZE);
  await expect(last).toBeInViewport({ ratio: 1 });
});

test('Page Up and Page Down in the composer scroll the thread, the half-typed text left as it is', async ({
  page,
}) => {
  await openConversation(page, await firstConversationTitle(page));
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('reading back before I answer');
  const scrolled = () => thread(page).evaluate((list) => list.scrollTop);
  const { height, bottom } = await thread(page).evaluate((list) => ({
    height: list.clientHeight,
    bottom: list.scrollHeight - list.clientHeight,
  }));
  await expect.poll(scrolled).toBeGreaterThan(bottom - 2);

  await box.press('PageUp');
  await expect.poll(scrolled).toBeLessThan(bottom - height / 2);
  const up = await scrolled();
  await expect(box).toBeFocused();
  await box.press('PageDown');
  await expect.poll(scrolled).toBeGreaterThan(up + height / 2);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('reading back before I answer');
});

test('a paste longer than a message holds is kept whole and sent as several messages', async ({
  page,
}) => {
  await openConversation(page, await firstConversationTitle(page, 2));
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.focus();
  const opening = unique('report');
  await page.keyboard.insertText(`${opening} ${'word '.repeat(5_000)}\n\nthe end of it`);
  await expect(box).toHaveValue(/the end of it$/);
  await expect(page.getByRole('status').filter({ hasText: 'characters' })).toHaveText(
    /^25,0\d\d characters: Enter sends them as 2 messages\.$/,
  );
  await box.press('Enter');
  await expect(box).toHaveValue('');

  // In order: the opening in the first, the end in the second (the contact may answer after).
  const parts = thread(page).getByRole('article').filter({ hasText: 'word word word' });
  await expect(parts).toHaveCount(2);
  await expect(parts.first()).toContainText(opening);
  const second = parts.last();
  await second.getByRole('button', { name: /^Show more/ }).click();
  await expect(second).toContainText('the end of it');
  await expect(second).not.toContainText(opening);

  // An edit cannot be split: one too long says so, and Enter keeps it until it is shortened.
  await box.press('ArrowUp');
  const edit = page.getByRole('textbox', { name: 'Edit message' });
  await edit.press('End');
  await page.keyboard.insertText(' more'.repeat(4_000));
  await expect(page.getByRole('status').filter({ hasText: 'characters' })).toContainText(
    'an edited message holds at most 20,000.',
  );
  await edit.press('Enter');
  await expect(edit).toHaveValue(/ more$/);
  await edit.press('Escape');
});

test('pin a message, jump to it from the banner, unpin it', async ({ page }) => {
  await openConversation(page, await firstConversationTitle(page, 1));
  const text = unique('pin me');
  const sent = await send(page, text);
  await expect(sent.getByRole('img', { name: /^(Sent|Delivered|Read)$/ })).toBeVisible();
  await messageAction(page, sent, 'Pin message');
  const banner = page.getByRole('region', { name: 'Pinned message' });
  await expect(banner).toContainText(text);
  await banner.getByRole('button', { name: /Go to pinned message/ }).click();
  await expect(sent).toBeInViewport();
  await banner.getByRole('button', { name: 'Unpin' }).click();
  await expect(page.getByRole('region', { name: 'Pinned message' })).toHaveCount(0);
});

test('Quote puts a message, or the part selected, in the composer; the reply shows it set apart', async ({
  page,
}) => {
  await openConversation(page, 'noah.berg');
  const asked = message(page, 'Can we move the call to 3pm?')
    .filter({ hasNot: page.getByRole('blockquote') })
    .last();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('About Friday: fine.');
  await messageAction(page, asked, 'Quote');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('About Friday: fine.\n\n> Can we move the call to 3pm?\n');
  // The caret waits below the quote.
  await page.keyboard.type('3pm works.');
  await page.keyboard.press('Enter');
  const reply = message(page, '3pm works.');
  await expect(reply.getByRole('blockquote')).toHaveText('Can we move the call to 3pm?');
  await expect(reply).toContainText('About Friday: fine.');
  // The list shows the reply's own words, not the question it quotes.
  const row = conversations(page).getByRole('option', { name: /^noah\.berg,/ });
  await expect(row).toHaveAccessibleName(/You: About Friday: fine\.\s+3pm works\./);

  // Part of it selected as a person drags over it: only that part.
  await asked.evaluate((article) => {
    const text = [...article.querySelectorAll('.message-text')].at(-1)!.firstChild!;
    const range = document.createRange();
    range.setStart(text, 'Can we '.length);
    range.setEnd(text, 'Can we move the call'.length);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
  });
  await messageAction(page, asked, 'Quote selection');
  await expect(box).toHaveValue('> move the call\n');

  // Quoting that reply quotes its answer, not the quote inside it.
  await box.fill('');
  await messageAction(page, reply, 'Quote');
  await expect(box).toHaveValue('> About Friday: fine.\n>\n> 3pm works.\n');
});

test('Forward sends a message and its pictures on to another conversation, which opens', async ({
  page,
}) => {
  await openConversation(page, 'maya.chen');
  const photos = message(page, 'Photos from last weekend are up!').last();
  const picture = { name: /^Open image/ };
  const pictures = await photos.getByRole('button', picture).count();
  expect(pictures).toBeGreaterThan(0);
  await messageAction(page, photos, 'Forward…');
  const dialog = page.getByRole('dialog', { name: 'Forward to…' });
  await dialog.getByRole('combobox', { name: 'Conversation name' }).fill('noah');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 2, name: 'noah.berg' })).toBeVisible();
  const forwarded = message(page, 'Photos from last weekend are up!').last();
  await expect(forwarded).toHaveAccessibleName('You');
  await expect(forwarded.getByRole('button', picture)).toHaveCount(pictures);
  await expect(page.getByText('Forwarded', { exact: true })).toBeVisible();
  await expect(forwarded.getByRole('img', { name: 'Sent' })).toBeVisible();
});

test('the composer’s emoji button puts the emoji found by name in at the caret', async ({
  page,
}) => {
  await openConversation(page, await firstConversationTitle(page, 0));
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Well done team');
  await box.press('End');
  for (let n = 0; n < 'team'.length; n++) await box.press('ArrowLeft');
  await page.getByRole('button', { name: 'Insert emoji' }).click();
  const picker = page.getByRole('dialog', { name: 'Insert emoji' });
  await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('clapping');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(box).toHaveValue('Well done 👏team');
  await expect(box).toBeFocused();
  await page.keyboard.type(' ');
  await expect(box).toHaveValue('Well done 👏 team');
});

test('a right-click on a message opens its actions, for the part selected when there is one', async ({
  page,
}) => {
  await openConversation(page, 'noah.berg');
  const asked = message(page, 'Can we move the call to 3pm?').last();
  await asked.getByText('Can we move the call to 3pm?').click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'More actions' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Quote',
    'Forward…',
    'Copy text',
    'Copy link',
    'Pin message',
  ]);
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  await asked.getByText('Can we move the call to 3pm?').selectText();
  await asked.getByText('Can we move the call to 3pm?').click({ button: 'right' });
  await expect(menu.getByRole('menuitem', { name: 'Copy selection' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Quote selection' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
    '> Can we move the call to 3pm?\n',
  );
});

test('bold, italic, code and a code block show as typed in chat, and the list preview without marks', async ({
  page,
}) => {
  const title = await firstConversationTitle(page, 0);
  await openConversation(page, title);
  const word = unique('today');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.pressSequentially(`Ship it **${word}**, _after_ \`npm ci\`:`);
  await box.press('Shift+Enter');
  await box.pressSequentially('```');
  await box.press('Shift+Enter');
  await box.pressSequentially('npm ci && npm test');
  await box.press('Shift+Enter');
  await box.pressSequentially('```');
  await box.press('Enter');

  const sent = message(page, `Ship it ${word}, after npm ci:`);
  await expect(sent.getByRole('strong')).toHaveText(word);
  await expect(sent.getByRole('emphasis')).toHaveText('after');
  await expect(sent.getByRole('code').first()).toHaveText('npm ci');
  await expect(sent.locator('pre')).toHaveText('npm ci && npm test');
  await expect(sent).not.toContainText('**');
  await expect(sent).not.toContainText('```');

  await expect(
    conversations(page).getByRole('option', { name: new RegExp(`^${title},`) }),
  ).toContainText(`You: Ship it ${word}, after npm ci:`);

  // Plain text stays plain.
  await send(page, 'snake_case_name is 2*3*4');
});

test('Ctrl+B on a selected word in the composer makes it bold, and Ctrl+B again plain', async ({
  page,
}) => {
  await openConversation(page, await firstConversationTitle(page, 0));
  // One word, so Ctrl+Shift+Left selects all of it.
  const word = unique('bold').replace(' ', '');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.pressSequentially(`make it ${word}`);
  await box.press('Shift+Control+ArrowLeft');
  await box.press('Control+b');
  await expect(box).toHaveValue(`make it **${word}**`);
  await box.press('Control+b');
  await expect(box).toHaveValue(`make it ${word}`);
  await box.press('Control+b');
  await box.press('End');
  await box.pressSequentially(' now');
  await box.press('Enter');

  await expect(message(page, `make it ${word} now`).getByRole('strong')).toHaveText(word);
});
