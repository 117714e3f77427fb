import {
  app,
  Menu,
  session as sessions,
  type BrowserWindow,
  type MenuItemConstructorOptions,
} from 'electron';
import type { Core } from '../core/create-core.ts';
import {
  contextMenuItems,
  spellcheckLanguages,
  type ContextMenuItem,
} from '../desktop/spellcheck.ts';

type SettingsService = Core['settings'];

/**
 * Spell check in the composer: the dictionaries chosen in settings (the
 * system's languages when none are), and a context menu with suggestions,
 * "Add to dictionary", cut, copy and paste. On macOS the system spell checker
 * picks languages itself and Chromium's list is empty, so only the menu applies.
 */
export function installSpellcheck(window: BrowserWindow, settings: SettingsService): () => void {
  const { session } = window.webContents;
  let applied = '';
  const apply = () => {
    if (process.platform === 'darwin') return;
    const languages = spellcheckLanguages(
      settings.get().desktop.spellCheckLanguages,
      session.availableSpellCheckerLanguages,
      app.getPreferredSystemLanguages(),
    );
    const key = languages.join(',');
    if (key === applied) return;
    applied = key;
    session.setSpellCheckerLanguages(languages);
  };

  const toTemplate = (item: ContextMenuItem): MenuItemConstructorOptions => {
    switch (item.kind) {
      case 'replace':
        return { label: item.label, click: () => window.webContents.replaceMisspelling(item.word) };
      case 'learn':
        return {
          label: item.label,
          click: () => session.addWordToSpellCheckerDictionary(item.word),
        };
      case 'note':
        return { label: item.label, enabled: false };
      case 'edit':
        return { role: item.role, enabled: item.enabled };
      case 'separator':
        return { type: 'separator' };
    }
  };

  window.webContents.on('context-menu', (_event, params) => {
    const items = contextMenuItems(params);
    if (items.length > 0) Menu.buildFromTemplate(items.map(toTemplate)).popup({ window });
  });
  apply();
  return settings.onChange(apply);
}

/** Chromium's dictionaries here, and those "follow the system" picks. */
export function spellcheckCapabilities() {
  const available = sessions.defaultSession.availableSpellCheckerLanguages;
  return {
    spellCheckLanguages: available,
    systemSpellCheckLanguages: spellcheckLanguages(
      [],
      available,
      app.getPreferredSystemLanguages(),
    ),
  };
}
