import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ariaKeys,
  comboLabel,
  keyAlternatives,
  readmeKeys,
  SHORTCUT_GROUPS,
} from '../../../renderer/lib/keyboard-shortcuts.ts';

/** The rows of the README's keys table, as `keys | action`. */
function readmeRows(): string[] {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const table = readme.slice(readme.indexOf('| keys | action |'));
  const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
  return rows.map((row) => row.replace(/^\| | \|$/g, ''));
}

describe('keyboard shortcuts', () => {
  it('the README lists the keys the app lists, in the same order and words', () => {
    const listed = SHORTCUT_GROUPS.flatMap((group) => group.shortcuts).map(
      (shortcut) => `${readmeKeys(shortcut)} | ${shortcut.action}`,
    );
    expect(readmeRows()).toEqual(listed);
  });

  it('names keys as each platform prints them', () => {
    expect(comboLabel('Mod+Shift+F', 'other')).toBe('Ctrl+Shift+F');
    expect(comboLabel('Mod+Shift+F', 'mac')).toBe('⌘⇧F');
    expect(comboLabel('Mod+,', 'other')).toBe('Ctrl+,');
    expect(comboLabel('Mod+/', 'mac')).toBe('⌘/');
    expect(ariaKeys('Mod+N', 'other')).toBe('Control+N');
    expect(ariaKeys('Mod+N', 'mac')).toBe('Meta+N');
  });

  it('reads pairs, alternatives and combinations apart', () => {
    expect(keyAlternatives('Alt+Shift+Up / Alt+Shift+Down')).toEqual([
      { joiner: '', combo: ['Alt', 'Shift', 'Up'] },
      { joiner: '/', combo: ['Alt', 'Shift', 'Down'] },
    ]);
    expect(keyAlternatives('Shift+F10 or Menu')).toEqual([
      { joiner: '', combo: ['Shift', 'F10'] },
      { joiner: 'or', combo: ['Menu'] },
    ]);
    expect(keyAlternatives('Mod+/')).toEqual([{ joiner: '', combo: ['Mod', '/'] }]);
    expect(keyAlternatives('Page Up / Page Down')).toEqual([
      { joiner: '', combo: ['Page Up'] },
      { joiner: '/', combo: ['Page Down'] },
    ]);
  });
});
