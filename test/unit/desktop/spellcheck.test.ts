import { describe, expect, it } from 'vitest';
import {
  contextMenuItems,
  spellcheckLanguages,
  type ContextParams,
} from '../../../main/desktop/spellcheck.ts';

const available = ['de', 'de-CH', 'en-GB', 'en-US', 'fr', 'nl', 'pt-BR', 'pt-PT', 'sv'];

describe('spell-check languages', () => {
  it('follow the system when none are chosen: exact, then by language', () => {
    expect(spellcheckLanguages([], available, ['de-AT', 'en-GB'])).toEqual(['de', 'en-GB']);
    expect(spellcheckLanguages([], available, ['pt'])).toEqual(['pt-BR']);
  });

  it('use the chosen ones that exist here, several at once, at most five', () => {
    expect(spellcheckLanguages(['nl', 'EN-us', 'xx'], available, ['de'])).toEqual(['nl', 'en-US']);
    expect(spellcheckLanguages(available, available, [])).toHaveLength(5);
  });

  it('fall back to English (US) rather than checking nothing', () => {
    expect(spellcheckLanguages([], available, ['ja-JP'])).toEqual(['en-US']);
  });
});

const params = (overrides: Partial<ContextParams>): ContextParams => ({
  isEditable: true,
  selectionText: '',
  misspelledWord: '',
  dictionarySuggestions: [],
  editFlags: { canCut: false, canCopy: false, canPaste: true, canSelectAll: true },
  ...overrides,
});

describe('the composer’s context menu', () => {
  it('offers suggestions and "Add to dictionary" for a misspelled word, then the edit actions', () => {
    expect(
      contextMenuItems(
        params({ misspelledWord: 'recieve', dictionarySuggestions: ['receive', 'relieve'] }),
      ),
    ).toEqual([
      { kind: 'replace', label: 'receive', word: 'receive' },
      { kind: 'replace', label: 'relieve', word: 'relieve' },
      { kind: 'learn', label: 'Add “recieve” to dictionary', word: 'recieve' },
      { kind: 'separator' },
      { kind: 'edit', role: 'cut', enabled: false },
      { kind: 'edit', role: 'copy', enabled: false },
      { kind: 'edit', role: 'paste', enabled: true },
      { kind: 'separator' },
      { kind: 'edit', role: 'selectAll', enabled: true },
    ]);
  });

  it('says when there is no suggestion', () => {
    const items = contextMenuItems(params({ misspelledWord: 'Parleyish' }));
    expect(items.slice(0, 2)).toEqual([
      { kind: 'note', label: 'No suggestions' },
      { kind: 'learn', label: 'Add “Parleyish” to dictionary', word: 'Parleyish' },
    ]);
  });

  it('offers Copy for selected text outside the composer, and nothing on a blank spot', () => {
    const copyable = { canCut: false, canCopy: true, canPaste: false, canSelectAll: false };
    expect(
      contextMenuItems(
        params({ isEditable: false, selectionText: 'SO-1001', editFlags: copyable }),
      ),
    ).toEqual([{ kind: 'edit', role: 'copy', enabled: true }]);
    expect(contextMenuItems(params({ isEditable: false }))).toEqual([]);
  });
});
