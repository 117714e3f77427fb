/**
 * The keys Parley answers to, as the Keyboard shortcuts dialog lists them
 * and the README's table writes them (a test holds the two together).
 *
 * `keys` is written in a small grammar: ` / ` pairs keys with the slash in
 * the action ("previous / next"), ` or ` gives alternatives, `+` joins a
 * combination. `Mod` is Ctrl, or Cmd on macOS; `Menu` the context-menu key.
 */
export interface Shortcut {
  keys: string;
  /** Where the keys work, when not everywhere. */
  where?: string;
  action: string;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: Shortcut[];
}

export const SHORTCUT_GROUPS: ShortcutGroup[] = [
  {
    title: 'Going places',
    shortcuts: [
      { keys: 'Mod+K', action: 'quick switcher' },
      { keys: 'Mod+F', action: 'search conversations and messages' },
      { keys: 'Mod+Shift+F', action: 'search the open conversation’s messages, or Activity' },
      { keys: 'Mod+N', action: 'new conversation' },
      { keys: 'Mod+,', action: 'settings' },
      { keys: 'Mod+/', action: 'keyboard shortcuts' },
      { keys: 'Alt+Up / Alt+Down', action: 'previous / next conversation' },
      {
        keys: 'Alt+Shift+Up / Alt+Shift+Down',
        action: 'previous / next unread conversation, round the list',
      },
      { keys: 'Shift+Esc', action: 'mark all as read (asks first when more than one)' },
    ],
  },
  {
    title: 'Writing',
    shortcuts: [
      { keys: 'Enter / Shift+Enter', action: 'send / new line' },
      { keys: 'Up', where: 'in an empty composer', action: 'edit your last message' },
      { keys: 'Page Up / Page Down', where: 'in the composer', action: 'scroll the thread' },
      { keys: 'Mod+B / Mod+I', where: 'in the composer', action: 'bold / italic' },
      { keys: 'Mod+Shift+X / Mod+E', where: 'in the composer', action: 'struck / code' },
      {
        keys: '@',
        where: 'in the composer',
        action: 'mention someone (Enter or Tab puts the name in)',
      },
      {
        keys: ':',
        where: 'and two letters, in the composer',
        action: 'an emoji by its code (Enter or Tab puts it in)',
      },
    ],
  },
  {
    title: 'Lists and menus',
    shortcuts: [
      { keys: 'Up / Down', where: 'in the conversation list', action: 'previous / next row' },
      { keys: 'Enter or Space', where: 'on a row', action: 'open its conversation' },
      { keys: 'Shift+F10 or Menu', where: 'on a row', action: 'its actions' },
      { keys: 'Left / Right', where: 'on a picture', action: 'previous / next picture' },
      { keys: 'Esc', action: 'close a dialog or menu, leave editing' },
    ],
  },
];

export type Platform = 'mac' | 'other';

/** The platform the window runs on, by its user agent (Electron's names macOS as Chromium's does). */
export function currentPlatform(): Platform {
  return /Macintosh|Mac OS X/.test(navigator.userAgent) ? 'mac' : 'other';
}

/** The alternatives in `keys`, each with the word that joins it to the one before. */
export function keyAlternatives(keys: string): { joiner: '' | '/' | 'or'; combo: string[] }[] {
  return keys.split(/ (\/|or) /).flatMap((part, index, parts) =>
    index % 2 === 1
      ? []
      : [
          {
            joiner: index === 0 ? ('' as const) : (parts[index - 1] as '/' | 'or'),
            combo: part.split(/\+(?!$)/),
          },
        ],
  );
}

const MAC_NAMES: Record<string, string> = { Mod: '⌘', Alt: '⌥', Shift: '⇧', Ctrl: '⌃' };
const OTHER_NAMES: Record<string, string> = { Mod: 'Ctrl' };

/** One key's name as the platform's keyboards print it. */
export function keyName(key: string, platform: Platform): string {
  return (platform === 'mac' ? MAC_NAMES : OTHER_NAMES)[key] ?? key;
}

/** A combination as a tooltip writes it: "Ctrl+N" here, "⌘N" on macOS. */
export function comboLabel(combo: string, platform: Platform = currentPlatform()): string {
  const names = combo.split(/\+(?!$)/).map((key) => keyName(key, platform));
  return names.join(platform === 'mac' ? '' : '+');
}

/** A combination as `aria-keyshortcuts` names it: Control here, Meta on macOS. */
export function ariaKeys(combo: string, platform: Platform = currentPlatform()): string {
  return combo.replace(/^Mod\+/, platform === 'mac' ? 'Meta+' : 'Control+');
}

/** A row's keys as the README's table writes them: Ctrl/Cmd for Mod, where they work after. */
export function readmeKeys(shortcut: Shortcut): string {
  const keys = shortcut.keys
    .replaceAll('Mod+', 'Ctrl/Cmd+')
    .replace(/\bMenu\b/, 'the context-menu key');
  return shortcut.where ? `${keys} ${shortcut.where}` : keys;
}
