import { beforeEach, describe, expect, it } from 'vitest';
import type { BrowserWindow } from 'electron';
import { silentLogger } from '../../main/core/ports/node-adapters.ts';
import { createSettingsService } from '../../main/core/settings/settings-service.ts';
import { installSpellcheck } from '../../main/shell/spellcheck-menu.ts';
import { BrowserWindow as RecordedWindow, standIn } from '../support/electron-stand-in.ts';
import { memoryKeyValueStore } from '../support/memory-store.ts';

/** Wiring: the dictionaries the shell asks Chromium for, and the composer's context menu. */
let window: RecordedWindow;
let settings: ReturnType<typeof createSettingsService>;

beforeEach(() => {
  standIn.reset();
  window = new RecordedWindow({});
  settings = createSettingsService(memoryKeyValueStore(), silentLogger);
  installSpellcheck(window as unknown as BrowserWindow, settings);
});

const rightClick = (params: object) =>
  window.webContents.emit(
    'context-menu',
    {},
    {
      isEditable: true,
      selectionText: '',
      misspelledWord: '',
      dictionarySuggestions: [],
      editFlags: { canCut: true, canCopy: true, canPaste: true, canSelectAll: true },
      ...params,
    },
  );

describe('spell-check wiring (Electron stand-in)', () => {
  it('follows the system language until languages are chosen in settings', () => {
    settings.update({ desktop: { spellCheckLanguages: ['de', 'fr'] } });
    expect(standIn.callsTo('session.setSpellCheckerLanguages')).toEqual([
      [['en-GB']],
      [['de', 'fr']],
    ]);
  });

  it('offers suggestions and "Add to dictionary" in the composer, and acts on them', () => {
    rightClick({ misspelledWord: 'recieve', dictionarySuggestions: ['receive'] });
    const menu = standIn.menus.at(-1);
    expect(menu?.labels).toEqual([
      'receive',
      'Add “recieve” to dictionary',
      '—',
      'cut',
      'copy',
      'paste',
      '—',
      'selectAll',
    ]);
    expect(standIn.callsTo('menu.popup')).toHaveLength(1);
    menu?.click('receive');
    menu?.click('Add “recieve” to dictionary');
    expect(standIn.callsTo('webContents.replaceMisspelling')).toEqual([['receive']]);
    expect(standIn.callsTo('session.addWordToSpellCheckerDictionary')).toEqual([['recieve']]);
  });

  it('shows no menu on a blank, non-editable spot', () => {
    rightClick({ isEditable: false });
    expect(standIn.callsTo('menu.popup')).toEqual([]);
  });
});
