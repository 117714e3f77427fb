import { expect, test, type Locator, type Page } from '@playwright/test';
import { freePort } from './free-port.ts';
import { startCommand, startPreview } from './preview-process.ts';

export type Preview = Awaited<ReturnType<typeof startPreview>>;

/** Each test of the calling file gets its own preview (sandbox and data), stopped after it. */
export function openAppForEachTest(): void {
  let preview: Preview | undefined;
  test.beforeEach(async ({ page }) => {
    preview = await openApp(page);
  });
  test.afterEach(async () => {
    await preview?.stop();
    preview = undefined;
  });
}

/** Opens the preview in the page and waits until the conversation list has rows. */
async function openApp(page: Page): Promise<Preview> {
  const preview = await startPreview();
  try {
    await page.goto(preview.url);
    await expect(conversations(page).getByRole('option').first()).toBeVisible({ timeout: 20_000 });
    await appSettled(page);
    return preview;
  } catch (error) {
    await preview.stop();
    throw error;
  }
}

/**
 * A person acts once the app is on screen (a key pressed before it mounts goes
 * nowhere) and the first sync is done: rows stop moving and counts stop growing.
 * The loading screen says "Opening…" under the same heading, so that must be gone.
 */
async function appSettled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Parley', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^(Opening|Syncing)…/ })).toHaveCount(0, {
    timeout: 20_000,
  });
}

/** Activity, reached as a person reaches it: its button in the rail. */
export async function openActivity(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Activity/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Activity', level: 2 })).toBeVisible();
}

export function conversations(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Conversations' });
}

export function thread(page: Page): Locator {
  return page.getByRole('region', { name: 'Messages' });
}

export function message(page: Page, text: string | RegExp): Locator {
  return thread(page).getByRole('article').filter({ hasText: text });
}

/**
 * The names in an aria snapshot for one role, in order. A snapshot line is
 * `- role "name"`, or YAML-quoted `- 'role "name: more"'` when the name holds
 * a colon.
 */
function namesInSnapshot(snapshot: string, role: string): string[] {
  const names: string[] = [];
  for (const [, raw] of snapshot.matchAll(/^\s*- (.*?):?$/gm)) {
    const line = /^'(.*)'$/.exec(raw!)?.[1]?.replaceAll("''", "'") ?? raw!;
    const name = new RegExp(`^${role} "((?:[^"\\\\]|\\\\.)*)"`).exec(line)?.[1];
    if (name !== undefined) names.push(name.replace(/\\(.)/g, '$1'));
  }
  return names;
}

/** The accessible names of the options of a listbox, in order, as assistive technology reads them. */
export async function optionNames(listbox: Locator): Promise<string[]> {
  return namesInSnapshot(await listbox.ariaSnapshot(), 'option');
}

/** The accessible name of one option. */
export async function accessibleName(option: Locator): Promise<string> {
  return namesInSnapshot(await option.ariaSnapshot(), 'option')[0] ?? '';
}

/** The conversation title as the row's accessible name starts with it. */
export async function firstConversationTitle(page: Page, nth = 0): Promise<string> {
  return (await accessibleName(conversations(page).getByRole('option').nth(nth))).split(',')[0]!;
}

export async function openConversation(page: Page, title: string): Promise<void> {
  await conversations(page)
    .getByRole('option', { name: new RegExp(`^${escape(title)}(,|$)`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

export async function send(page: Page, text: string): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  const sent = message(page, text);
  await expect(sent).toBeVisible();
  return sent;
}

/** A message's own actions show on hover or focus, as in Signal. */
export async function messageAction(page: Page, article: Locator, action: string) {
  await article.hover();
  await article.getByRole('button', { name: 'More actions' }).click();
  await page
    .getByRole('menu', { name: 'More actions' })
    .getByRole('menuitem', { name: action })
    .click();
}

export async function conversationAction(page: Page, title: string, action: string) {
  await conversations(page)
    .getByRole('option', { name: new RegExp(`^${escape(title)}(,|$)`) })
    .click({ button: 'right' });
  await page
    .getByRole('menu', { name: `Actions for ${title}` })
    .getByRole('menuitem', { name: action })
    .click();
}

/**
 * In the demo: a question sent in the conversation `asked`, then `elsewhere`
 * opened before its contact answers (the demo's answer takes 3 s), so the
 * answer arrives unread. Answers the row of `asked`, once it counts it.
 */
export async function answerArrivingUnread(
  page: Page,
  asked: string,
  elsewhere: string,
): Promise<Locator> {
  await openConversation(page, asked);
  await send(page, unique('are you around?'));
  await openConversation(page, elsewhere);
  const row = conversations(page).getByRole('option', {
    name: new RegExp(`^${escape(asked)},.*1 unread message`),
  });
  await expect(row).toBeVisible({ timeout: 20_000 });
  return row;
}

export function unique(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Ctrl+N, a contact id typed, Start conversation: the new conversation is open. */
export async function startConversation(page: Page, id: string): Promise<void> {
  await page.keyboard.press('Control+n');
  const dialog = page.getByRole('dialog', { name: 'New conversation' });
  await dialog.getByRole('combobox', { name: 'Contact id or name' }).fill(id);
  await dialog.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page.getByRole('heading', { level: 2, name: id })).toBeVisible();
}

/**
 * A sandbox of the test's own (`id:token` users, the first signed in) and a
 * preview on it, for tests that act on the server as another device or
 * person would. The page is opened on it; `stop` ends both.
 */
export async function openOwnServer(page: Page, users: string[], options: string[] = []) {
  const port = await freePort();
  const server = await startCommand(
    'main/sandbox/sandbox-cli.ts',
    ['--port', String(port), ...users.flatMap((user) => ['--user', user]), ...options],
    'sandbox',
  );
  process.env.PARLEY_TOKEN = users[0]!.split(':')[1]!;
  const preview = await startPreview(['--base-url', server.url])
    .catch(async (error: unknown) => {
      await server.stop();
      throw error;
    })
    .finally(() => {
      delete process.env.PARLEY_TOKEN;
    });
  const own = {
    url: server.url,
    /** A request to the sandbox as the user whose token this is. */
    as: (userToken: string, path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${userToken}`,
          ...(init.body !== undefined && { 'content-type': 'application/json' }),
        },
      }),
    async stop() {
      await preview.stop();
      await server.stop();
    },
  };
  try {
    await page.goto(preview.url);
    await appSettled(page);
  } catch (error) {
    await own.stop();
    throw error;
  }
  return own;
}
