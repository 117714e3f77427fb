import { expect, test, type Page } from '@playwright/test';
import {
  conversationAction,
  conversations,
  firstConversationTitle,
  message,
  openAppForEachTest,
  openConversation,
  optionNames,
  send,
  unique,
} from '../support/parley-app.ts';

openAppForEachTest();

const row = (page: Page, title: string) =>
  conversations(page).getByRole('option', { name: new RegExp(`^${title}(,|$)`) });
const filter = (page: Page, name: string | RegExp) =>
  page.getByRole('group', { name: 'Show conversations' }).getByRole('button', { name });

test('pin, mute and unmute a conversation from its context menu', async ({ page }) => {
  const title = await firstConversationTitle(page, 8);
  await expect(row(page, title)).not.toHaveAccessibleName(/pinned/);
  await conversationAction(page, title, 'Pin');
  await expect(row(page, title)).toHaveAccessibleName(/pinned/);
  await filter(page, 'Pinned').click();
  await expect(row(page, title)).toBeVisible();
  await filter(page, 'All').click();

  await conversationAction(page, title, 'Mute for 8 hours');
  await expect(row(page, title)).toHaveAccessibleName(/muted/);
  await openConversation(page, title);
  await expect(page.getByText(/Muted until/)).toBeVisible();
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  await page.getByRole('menuitem', { name: 'Unmute' }).click();
  await expect(row(page, title)).not.toHaveAccessibleName(/muted/);
});

test('the menu key opens a row’s menu, and the list keeps the keyboard after it', async ({
  page,
}) => {
  const title = await firstConversationTitle(page, 8);
  // Opened, then the list reached again from the keyboard: its open row is the active one.
  await openConversation(page, title);
  await conversations(page).focus();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: `Actions for ${title}` });
  await expect(menu.getByRole('menuitem', { name: 'Pin' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row(page, title)).toHaveAccessibleName(/pinned/);
  await expect(conversations(page)).toBeFocused();

  // The row moved up among the pinned; Down goes to the one below it there.
  const titles = (await optionNames(conversations(page))).map((name) => name.split(',')[0]);
  const below = titles[titles.indexOf(title) + 1] as string;
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ContextMenu');
  await expect(page.getByRole('menu', { name: `Actions for ${below}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(conversations(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: below })).toBeVisible();
});

test('archive keeps a conversation out of All until it is unarchived', async ({ page }) => {
  const title = await firstConversationTitle(page, 9);
  await conversationAction(page, title, 'Archive');
  await expect(row(page, title)).toHaveCount(0);
  await filter(page, /^Archived/).click();
  await openConversation(page, title);
  await page.getByRole('button', { name: 'Unarchive' }).click();
  await expect(row(page, title)).toHaveCount(0);
  await filter(page, 'All').click();
  await expect(row(page, title)).toBeVisible();
});

test('delete asks first, offers archive instead, and removes the conversation', async ({
  page,
}) => {
  const title = await firstConversationTitle(page, 10);
  await conversationAction(page, title, 'Delete…');
  const dialog = page.getByRole('dialog', { name: `Delete ${title}?` });
  await expect(dialog).toContainText('deleted for you');
  await expect(dialog).toContainText(/keeps? their cop(y|ies)/);
  await expect(dialog.getByRole('button', { name: 'Archive instead' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, title)).toBeVisible();

  await conversationAction(page, title, 'Delete…');
  await page.getByRole('button', { name: 'Delete for me' }).click();
  await expect(row(page, title)).toHaveCount(0);
});

test('a new conversation with a contact id opens an empty thread', async ({ page }) => {
  const contact = unique('e2e-contact').replace(' ', '-');
  await page.getByRole('button', { name: 'New conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'New conversation' });
  await dialog.getByRole('combobox', { name: 'Contact id or name' }).fill(contact);
  await dialog.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page.getByRole('heading', { level: 2, name: contact })).toBeVisible();
  await expect(row(page, contact)).toBeVisible();
});

test('a group is offered by the part of its name typed, and Enter opens its conversation', async ({
  page,
}) => {
  await page.keyboard.press('Control+n');
  const dialog = page.getByRole('dialog', { name: 'New conversation' });
  await dialog.getByRole('radio', { name: 'A group' }).check();
  const box = dialog.getByRole('combobox', { name: 'Group id' });
  await box.fill('design');
  await expect(dialog.getByRole('option', { name: /^design-team/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'design-team' })).toBeVisible();
  await expect(conversations(page).getByRole('option', { name: /^design-team(,|$)/ })).toHaveCount(
    1,
  );
  await expect(conversations(page).getByRole('option', { name: /^design(,|$)/ })).toHaveCount(0);
});

test('message search finds a message and opens its thread at it', async ({ page }) => {
  const title = await firstConversationTitle(page, 2);
  await openConversation(page, title);
  const word = unique('zebra').replace(' ', '');
  await send(page, `the ${word} crossed`);
  await openConversation(page, await firstConversationTitle(page, 0));

  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  const hits = page.getByRole('region', { name: 'Messages found' });
  await hits.getByRole('button', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(message(page, word)).toBeInViewport();
});

test('the quick switcher opens a conversation by name', async ({ page }) => {
  const title = await firstConversationTitle(page, 5);
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Go to conversation' });
  await dialog.getByRole('combobox', { name: 'Conversation name' }).fill(title.slice(0, 5));
  await expect(dialog.getByRole('option', { name: new RegExp(title) })).toBeVisible();
  await dialog.getByRole('combobox').press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
});

test('keyboard only: switch, send, edit the last message, move to the next conversation', async ({
  page,
}) => {
  const title = await firstConversationTitle(page, 3);
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: 'Conversation name' })).toBeFocused();
  await page.keyboard.type(title);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();

  const text = unique('typed without a mouse');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(
    message(page, text).getByRole('img', { name: /^(Sent|Delivered|Read)$/ }),
  ).toBeVisible();

  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('textbox', { name: 'Edit message' })).toHaveValue(text);
  await page.keyboard.type(' again');
  await page.keyboard.press('Enter');
  await expect(message(page, `${text} again`)).toContainText('Edited');

  await page.keyboard.press('Control+n');
  await expect(page.getByRole('dialog', { name: 'New conversation' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Sending moved the conversation up the list; its neighbour is read off the list as it is now.
  const titles = (await optionNames(conversations(page))).map((label) => label.split(',')[0]);
  const next = titles[titles.indexOf(title) + 1]!;
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page.getByRole('heading', { level: 2, name: next })).toBeVisible();
});

test('Alt+Down keeps the open conversation in view as it walks down the list', async ({ page }) => {
  await openConversation(page, await firstConversationTitle(page, 0));
  for (let step = 0; step < 14; step++) {
    const before = await page.getByRole('heading', { level: 2 }).textContent();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(page.getByRole('heading', { level: 2 })).not.toHaveText(before ?? '');
  }
  const selected = conversations(page).getByRole('option', { selected: true });
  await expect(selected).toBeInViewport();
  await expect(selected).toHaveAccessibleName(
    new RegExp(`^${await page.getByRole('heading', { level: 2 }).textContent()}(,|$)`),
  );
});

test('the group filter lists every group, an archived one too, and shows its conversation', async ({
  page,
}) => {
  const group = page.getByRole('combobox', { name: 'Group' });
  await expect(group.getByRole('option', { name: 'family (archived)' })).toHaveCount(1);
  await group.selectOption({ label: 'family (archived)' });
  await expect(row(page, 'family')).toBeVisible();
  await expect(row(page, 'family')).toHaveAccessibleName(/archived/);
});

test('a conversation marked unread from its menu waits, counted, until it is read again', async ({
  page,
}) => {
  // maya.chen's last message is hers, and the demo opens with it read.
  await openConversation(page, 'noah.berg');
  await expect(row(page, 'maya.chen')).not.toHaveAccessibleName(/unread message/);
  const chats = page.getByRole('navigation', { name: 'Sections' }).getByRole('button', {
    name: /^Chats/,
  });
  await expect(chats).toHaveAccessibleName('Chats');

  await conversationAction(page, 'maya.chen', 'Mark as unread');
  await expect(row(page, 'maya.chen')).toHaveAccessibleName(/1 unread message/);
  await expect(chats).toHaveAccessibleName('Chats, 1 unread message');
  await expect(page).toHaveTitle('(1) Parley');

  await conversationAction(page, 'maya.chen', 'Mark as read');
  await expect(chats).toHaveAccessibleName('Chats');
  await expect(page).toHaveTitle('Parley');

  // Marked unread again, then opened: the divider stands above her message, and reading clears it.
  await conversationAction(page, 'maya.chen', 'Mark as unread');
  await expect(chats).toHaveAccessibleName('Chats, 1 unread message');
  await openConversation(page, 'maya.chen');
  await expect(page.getByRole('separator', { name: 'Unread messages' })).toBeVisible();
  await expect(chats).toHaveAccessibleName('Chats');
  await expect(row(page, 'maya.chen')).not.toHaveAccessibleName(/unread message/);

  // The open conversation, marked unread at once: the read mark of its opening, still on
  // its way, does not take that back; leaving and coming back reads it.
  await openConversation(page, 'noah.berg');
  await openConversation(page, 'maya.chen');
  await conversationAction(page, 'maya.chen', 'Mark as unread');
  await expect(chats).toHaveAccessibleName('Chats, 1 unread message');
  await page.waitForTimeout(1_000);
  await expect(chats).toHaveAccessibleName('Chats, 1 unread message');
  await openConversation(page, 'noah.berg');
  await openConversation(page, 'maya.chen');
  await expect(chats).toHaveAccessibleName('Chats');
});

test('Alt+Shift+Down and Up go from unread conversation to unread conversation', async ({
  page,
}) => {
  const [first, second] = ['ines.garcia', 'amara.diallo'];
  await conversationAction(page, first, 'Mark as unread');
  await conversationAction(page, second, 'Mark as unread');
  const chats = page.getByRole('navigation', { name: 'Sections' }).getByRole('button', {
    name: /^Chats/,
  });
  await expect(chats).toHaveAccessibleName('Chats, 2 unread messages');
  const titles = (await optionNames(conversations(page))).map((name) => name.split(',')[0]);
  const [upper, lower] =
    titles.indexOf(first) < titles.indexOf(second) ? [first, second] : [second, first];

  // From the top of the list: the upper one, then the lower, each read as it opens.
  await openConversation(page, titles[0] as string);
  await page.keyboard.press('Alt+Shift+ArrowDown');
  await expect(page.getByRole('heading', { level: 2, name: upper })).toBeVisible();
  await expect(chats).toHaveAccessibleName('Chats, 1 unread message');
  await page.keyboard.press('Alt+Shift+ArrowDown');
  await expect(page.getByRole('heading', { level: 2, name: lower })).toBeVisible();
  await expect(chats).toHaveAccessibleName('Chats');
  await expect(row(page, lower)).toHaveAttribute('aria-selected', 'true');

  // Nothing else unread: the key stays where it is; then up to one marked unread again.
  await page.keyboard.press('Alt+Shift+ArrowDown');
  await expect(page.getByRole('heading', { level: 2, name: lower })).toBeVisible();
  await conversationAction(page, upper, 'Mark as unread');
  await page.keyboard.press('Alt+Shift+ArrowUp');
  await expect(page.getByRole('heading', { level: 2, name: upper })).toBeVisible();
});

test('the Unread filter lists what is unread, keeps the one opened from it, and marks all read', async ({
  page,
}) => {
  const unread = ['ines.garcia', 'amara.diallo', 'freya.larsen'];
  for (const title of unread) await conversationAction(page, title, 'Mark as unread');
  const unreadFilter = filter(page, /^Unread/);
  await expect(unreadFilter).toHaveAccessibleName('Unread, 3 conversations');
  await unreadFilter.click();
  const listed = async () =>
    (await optionNames(conversations(page))).map((name) => name.split(',')[0]).sort();
  // The muted one (freya.larsen) too: it is unread, only quiet.
  await expect.poll(listed).toEqual([...unread].sort());

  // Opened from the list and read there, it stays until another is opened.
  await openConversation(page, 'amara.diallo');
  await expect(row(page, 'amara.diallo')).not.toHaveAccessibleName(/unread message/);
  await expect(unreadFilter).toHaveAccessibleName('Unread, 2 conversations');
  await expect.poll(listed).toEqual([...unread].sort());

  // Shift+Esc asks first, and Cancel leaves them unread.
  await page.keyboard.press('Shift+Escape');
  const ask = page.getByRole('dialog', { name: 'Mark 2 conversations as read?' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, 'freya.larsen')).toHaveAccessibleName(/1 unread message/);

  await openConversation(page, 'ines.garcia');
  await expect.poll(listed).toEqual(['freya.larsen', 'ines.garcia']);
  // One left: marked at once, with nothing to ask.
  await expect(unreadFilter).toHaveAccessibleName('Unread, 1 conversation');
  await page.keyboard.press('Shift+Escape');
  await expect(page.getByText('1 conversation marked as read')).toBeVisible();
  await expect(row(page, 'freya.larsen')).toHaveCount(0);

  await conversationAction(page, 'ines.garcia', 'Mark as unread');
  await filter(page, 'All').click();
  await conversationAction(page, 'freya.larsen', 'Mark as unread');
  await unreadFilter.click();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await page
    .getByRole('dialog', { name: 'Mark 2 conversations as read?' })
    .getByRole('button', { name: 'Mark all as read' })
    .click();
  await expect(page.getByText('2 conversations marked as read')).toBeVisible();
  await expect(unreadFilter).toHaveAccessibleName('Unread');
  // The open one was opened under All, so the unread list does not keep it.
  await expect(page.getByText(/^Nothing unread\./)).toBeVisible();
});
