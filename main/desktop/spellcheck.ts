import { MAX_SPELLCHECK_LANGUAGES } from '../../shared/model/settings.ts';

const MAX_SUGGESTIONS = 5;

/**
 * The dictionaries to use. A choice in settings wins (those that exist here);
 * an empty choice follows the system's preferred languages: `de-AT` uses
 * `de-AT` if Chromium has it, else another `de` dictionary. English (US) when
 * nothing matches, so spell check never silently turns off.
 */
export function spellcheckLanguages(
  chosen: readonly string[],
  available: readonly string[],
  systemLocales: readonly string[],
): string[] {
  const byLower = new Map(available.map((tag) => [tag.toLowerCase(), tag]));
  const pick = (tag: string): string | undefined => {
    const exact = byLower.get(tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]?.toLowerCase() ?? '';
    return (
      byLower.get(language) ?? available.find((a) => a.toLowerCase().startsWith(`${language}-`))
    );
  };
  const wanted =
    chosen.length > 0
      ? chosen.map((tag) => byLower.get(tag.toLowerCase()))
      : systemLocales.map(pick);
  const languages = [...new Set(wanted.filter((tag): tag is string => tag !== undefined))];
  if (languages.length === 0 && byLower.has('en-us')) languages.push('en-US');
  return languages.slice(0, MAX_SPELLCHECK_LANGUAGES);
}

/** What Electron's `context-menu` event tells about the spot that was right-clicked. */
export interface ContextParams {
  isEditable: boolean;
  selectionText: string;
  misspelledWord: string;
  dictionarySuggestions: readonly string[];
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
}

export type ContextMenuItem =
  | { kind: 'replace'; label: string; word: string }
  | { kind: 'learn'; label: string; word: string }
  | { kind: 'note'; label: string }
  | { kind: 'edit'; role: 'cut' | 'copy' | 'paste' | 'selectAll'; enabled: boolean }
  | { kind: 'separator' };

/**
 * The composer's menu: suggestions for a misspelled word and "Add to
 * dictionary" first, then cut, copy, paste and select all, each enabled when
 * Chromium says it can act. Selected text elsewhere gets Copy alone; a click
 * on nothing editable or selected gets no menu.
 */
export function contextMenuItems(params: ContextParams): ContextMenuItem[] {
  if (!params.isEditable) {
    return params.selectionText.trim() === ''
      ? []
      : [{ kind: 'edit', role: 'copy', enabled: params.editFlags.canCopy }];
  }
  const spelling: ContextMenuItem[] = [];
  if (params.misspelledWord !== '') {
    const suggestions = params.dictionarySuggestions.slice(0, MAX_SUGGESTIONS);
    spelling.push(
      ...(suggestions.length > 0
        ? suggestions.map((word): ContextMenuItem => ({ kind: 'replace', label: word, word }))
        : [{ kind: 'note', label: 'No suggestions' } as const]),
      {
        kind: 'learn',
        label: `Add “${params.misspelledWord}” to dictionary`,
        word: params.misspelledWord,
      },
      { kind: 'separator' },
    );
  }
  const { canCut, canCopy, canPaste, canSelectAll } = params.editFlags;
  return [
    ...spelling,
    { kind: 'edit', role: 'cut', enabled: canCut },
    { kind: 'edit', role: 'copy', enabled: canCopy },
    { kind: 'edit', role: 'paste', enabled: canPaste },
    { kind: 'separator' },
    { kind: 'edit', role: 'selectAll', enabled: canSelectAll },
  ];
}
