import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The electron package ships without its binary and fetches it on first use
 * from a host that machines like this one cannot reach. Where the binary is
 * there, these launch the real app; elsewhere they say why they were skipped.
 */
function electronBinary(): string | null {
  const dir = join(ROOT, 'node_modules/electron');
  const pathFile = join(dir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

const binary = electronBinary();
let userData = '';
let app: ElectronApplication | null = null;

test.beforeEach(async () => {
  test.skip(
    binary === null,
    'Electron binary not installed (its download host is unreachable here)',
  );
  test.skip(!existsSync(join(ROOT, 'dist/main/main.mjs')), 'run `npm run build` first');
  userData = mkdtempSync(join(tmpdir(), 'parley-electron-'));
});
test.afterEach(async () => {
  await app?.close();
  app = null;
  if (userData) rmSync(userData, { recursive: true, force: true });
});

/** The real app on a fresh profile, at the demo workspace's conversation list. */
async function launch() {
  app = await electron.launch({
    executablePath: binary ?? undefined,
    args: [ROOT, `--user-data-dir=${userData}`],
  });
  const page = await app.firstWindow();
  await expect(page.getByRole('heading', { name: 'Parley', level: 1 })).toBeVisible();
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await expect(list.getByRole('option').first()).toBeVisible({ timeout: 30_000 });
  return { app, page, list };
}

test('the packaged shell opens a secure window on the demo workspace', async () => {
  const { page } = await launch();
  const exposed = await page.evaluate(() => ({
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
    api: Object.keys(window.parley).sort(),
  }));
  expect(exposed).toEqual({
    require: 'undefined',
    process: 'undefined',
    api: ['invoke', 'onEvent'],
  });
});

test('closing the window keeps Parley running in the tray (Windows, Linux)', async () => {
  test.skip(process.platform === 'darwin', 'macOS keeps the app in the Dock instead');
  const { app: running, page } = await launch();
  await page.close();
  await expect
    .poll(() =>
      running.evaluate(({ BrowserWindow }) =>
        BrowserWindow.getAllWindows().map((window) => window.isVisible()),
      ),
    )
    .toEqual([false]);
  await running.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.show());
});

test('a parley:// link given to a second launch opens that conversation in the first', async () => {
  const { page } = await launch();
  const first = await page.evaluate(async () => {
    const answer = await window.parley.invoke('conversations:list', {
      filter: 'all',
      offset: 3,
      limit: 1,
    });
    return answer.ok ? (answer.value as { items: { id: string; title: string }[] }).items[0] : null;
  });
  expect(first).not.toBeNull();
  const second = spawn(
    binary as string,
    [ROOT, `--user-data-dir=${userData}`, `parley://conversation/${first?.id}`],
    { stdio: 'ignore' },
  );
  await new Promise((done) => second.once('exit', done));
  await expect(page.getByRole('heading', { level: 2, name: first?.title })).toBeVisible();
});

test('clicking a message notification opens its conversation', async () => {
  const { app: running, page, list } = await launch();
  // Keep the notification the shell shows, so the test can click it as a person would.
  await running.evaluate(({ Notification }) => {
    const show = Notification.prototype.show;
    Notification.prototype.show = function (this: Electron.Notification) {
      (globalThis as { shown?: Electron.Notification }).shown = this;
      return show.call(this);
    };
  });
  const talker = list.getByRole('option').nth(1);
  const title = ((await talker.getAttribute('aria-label')) ?? '').split(',')[0] ?? '';
  await talker.click();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Are you there?');
  await box.press('Enter');
  // Demo contacts answer after a few seconds: be elsewhere when they do.
  await list.getByRole('option').nth(2).click();
  await expect
    .poll(() => running.evaluate(() => Boolean((globalThis as { shown?: unknown }).shown)), {
      timeout: 20_000,
    })
    .toBe(true);
  await running.evaluate(() =>
    (globalThis as { shown?: Electron.Notification }).shown?.emit('click'),
  );
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
});
