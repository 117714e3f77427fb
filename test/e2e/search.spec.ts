import { expect, test } from '@playwright/test';
import { DEMO_GROUPS } from '../../main/sandbox/demo/demo-content.ts';
import {
  conversationAction,
  firstConversationTitle,
  message,
  openAppForEachTest,
  openConversation,
  send,
  unique,
} from '../support/parley-app.ts';
import { MINIMUM_SIZE } from '../../main/desktop/window-state.ts';

openAppForEachTest();

test('searching a contact name lists the conversation, and Down then Enter opens it', async ({
  page,
}) => {
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('maya');
  const matches = page.getByRole('listbox', { name: 'Matching conversations' });
  await expect(matches.getByRole('option', { name: /^maya\.chen(,|$)/ })).toBeVisible();
  await search.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'maya.chen' })).toBeVisible();
});

test('Ctrl+F from the composer goes to search, where typing replaces the last search', async ({
  page,
}) => {
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('maya');
  await openConversation(page, await firstConversationTitle(page));
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('half a thought');
  await composer.press('Control+f');
  await expect(search).toBeFocused();
  await page.keyboard.type('kenji');
  await expect(search).toHaveValue('kenji');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'kenji.sato' })).toBeVisible();

  // Not while a dialog is open: its own field keeps the keys.
  await page.keyboard.press('Control+k');
  const switcher = page.getByRole('dialog', { name: 'Go to conversation' });
  const name = switcher.getByRole('combobox', { name: 'Conversation name' });
  await name.press('Control+f');
  await expect(name).toBeFocused();
});

test('a search that matches no conversation says so', async ({ page }) => {
  await page.getByRole('searchbox', { name: 'Search' }).fill('zzqx-nobody');
  await expect(page.getByText(/^No conversation matches “zzqx-nobody”./)).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Matching conversations' })).toHaveCount(0);
});

test('messages found are listed newest first, each with its date', async ({ page }) => {
  await page.getByRole('searchbox', { name: 'Search' }).fill('the');
  const found = page.getByRole('region', { name: 'Messages found' });
  await expect(found.getByRole('button').first()).toBeVisible();
  const hits = found.getByRole('listitem');
  await expect(hits).toHaveCount(20);
  await found.getByRole('button', { name: 'More results' }).click();
  // The second page arrives with the core's answer, not with the click.
  await expect.poll(() => hits.count()).toBeGreaterThan(20);
  await expect(found).toHaveAttribute('aria-busy', 'false');
  const times = await hits.evaluateAll((items) =>
    items.map((item) => Date.parse(item.querySelector('time')?.dateTime ?? '')),
  );
  expect(times.every(Number.isFinite)).toBe(true);
  expect(times).toEqual([...times].sort((a, b) => b - a));
});

test('a message the user wrote is found as theirs, "You", as the conversation list says it', async ({
  page,
}) => {
  await page.getByRole('searchbox', { name: 'Search' }).fill('the');
  const found = page.getByRole('region', { name: 'Messages found' });
  await expect(found.getByRole('button').first()).toBeVisible();
  await expect(found.getByRole('button', { name: /\bYou: / }).first()).toBeVisible();
  // The demo's own username is "you": it was shown lower-case, unlike anywhere else.
  await expect(found.getByRole('button', { name: /\byou: / })).toHaveCount(0);
});

test('a message found names its sender as the conversation list does: in a group, not one to one', async ({
  page,
}) => {
  await page.getByRole('searchbox', { name: 'Search' }).fill('the');
  const found = page.getByRole('region', { name: 'Messages found' });
  await expect(found.getByRole('listitem')).toHaveCount(20);
  const groups = new Set<string>(DEMO_GROUPS.map((group) => group.id));
  const hits = (await found.getByRole('listitem').allInnerTexts()).map((text) => {
    const [title = '', , line = ''] = text.split('\n');
    return { title, line, inGroup: groups.has(title) };
  });
  const othersInGroups = hits.filter((hit) => hit.inGroup && !hit.line.startsWith('You: '));
  const othersOneToOne = hits.filter((hit) => !hit.inGroup && !hit.line.startsWith('You: '));
  expect(othersInGroups.length).toBeGreaterThan(0);
  expect(othersOneToOne.length).toBeGreaterThan(0);
  for (const hit of othersInGroups) expect(hit.line).toMatch(/^[a-z]+\.[a-z]+: /);
  // The title already names the other person; "amara.diallo: " under "amara.diallo" said it twice.
  for (const hit of othersOneToOne) expect(hit.line).not.toContain(`${hit.title}: `);
});

test('Search in conversation looks only there; Esc in the empty box searches everywhere again', async ({
  page,
}) => {
  const word = unique('kiwi').replace(' ', '');
  await openConversation(page, 'maya.chen');
  await send(page, `bring ${word} please`);
  await openConversation(page, 'noah.berg');
  await send(page, `no ${word} for me`);

  // From the row's menu, with another conversation open.
  await conversationAction(page, 'maya.chen', 'Search in conversation');
  const search = page.getByRole('searchbox', { name: 'Search in maya.chen' });
  await expect(search).toBeFocused();
  await page.keyboard.type(word);
  const found = page.getByRole('region', { name: 'Messages found' });
  await expect(found.getByRole('listitem')).toHaveCount(1);
  await expect(found.getByRole('listitem')).toContainText(`bring ${word} please`);
  // Only messages: the conversations that match are not what was asked for.
  await expect(page.getByRole('listbox', { name: 'Matching conversations' })).toHaveCount(0);
  await search.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'maya.chen' })).toBeVisible();
  await expect(message(page, `bring ${word} please`)).toBeInViewport();

  // Esc clears the words, then the conversation: every conversation is searched again.
  await search.press('Escape');
  await search.press('Escape');
  const everywhere = page.getByRole('searchbox', { name: 'Search', exact: true });
  await expect(everywhere).toBeFocused();
  await page.keyboard.type(word);
  await expect(found.getByRole('listitem')).toHaveCount(2);

  // Ctrl+Shift+F from the thread searches the open conversation, as Slack's Cmd+F does.
  await everywhere.press('Escape');
  await openConversation(page, 'noah.berg');
  await page.getByRole('textbox', { name: 'Message' }).press('Control+Shift+F');
  await expect(page.getByRole('searchbox', { name: 'Search in noah.berg' })).toBeFocused();
  await page.keyboard.type(word);
  await expect(found.getByRole('listitem')).toHaveCount(1);
  await expect(found.getByRole('listitem')).toContainText(`no ${word} for me`);
});

test('in the smallest window, a message found shows the words searched for, not an ellipsis over them', async ({
  page,
}) => {
  // The smallest window the app allows: the list is at its narrowest.
  await page.setViewportSize(MINIMUM_SIZE);
  await openConversation(page, await firstConversationTitle(page));
  const word = unique('plan').replace(' ', '');
  await send(page, `Here is a short note on the plan for next week: ${word}`);

  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  const hit = page.getByRole('region', { name: 'Messages found' }).getByRole('button').first();
  await expect(hit).toContainText(word);
  const row = await hit.boundingBox();
  const match = await hit.getByText(word, { exact: true }).boundingBox();
  // On one line the row cut the text short at its right edge, past which the word sat, hidden.
  expect(match!.x + match!.width).toBeLessThanOrEqual(row!.x + row!.width);
  expect(match!.y + match!.height).toBeLessThanOrEqual(row!.y + row!.height);
});
