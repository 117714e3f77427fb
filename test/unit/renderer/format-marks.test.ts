import { describe, expect, it } from 'vitest';
import { MARKS, toggleMark } from '../../../renderer/lib/format-marks.ts';

/** The text with the selection drawn in as [ and ]. */
function drawn({ text, start, end }: { text: string; start: number; end: number }): string {
  return `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;
}

/** Toggles `mark` on a text whose selection is drawn in with [ and ]. */
function toggled(selected: string, mark: string): string {
  const start = selected.indexOf('[');
  const end = selected.indexOf(']') - 1;
  return drawn(toggleMark(selected.replace(/[[\]]/g, ''), start, end, mark));
}

describe('formatting marks in the composer', () => {
  it('puts the marks around the selection, which stays on the words', () => {
    expect(toggled('make it [bold] now', MARKS.bold)).toBe('make it **[bold]** now');
    expect(toggled('[whole line]', MARKS.italic)).toBe('_[whole line]_');
    expect(toggled('run [npm ci] first', MARKS.code)).toBe('run `[npm ci]` first');
    expect(toggled('[gone]', MARKS.struck)).toBe('~~[gone]~~');
  });

  it('takes them off again, whether the selection is inside them or holds them', () => {
    expect(toggled('make it **[bold]** now', MARKS.bold)).toBe('make it [bold] now');
    expect(toggled('make it [**bold**] now', MARKS.bold)).toBe('make it [bold] now');
    expect(toggled('**_[both]_**', MARKS.italic)).toBe('**[both]**');
  });

  it('keeps the spaces of a double-clicked word outside the marks, where formatting needs them', () => {
    expect(toggled('make it [bold ]now', MARKS.bold)).toBe('make it **[bold]** now');
    expect(toggled('[ padded ]', MARKS.code)).toBe(' `[padded]` ');
  });

  it('with nothing selected, puts a pair in with the caret between', () => {
    expect(toggled('say []', MARKS.bold)).toBe('say **[]**');
    expect(toggled('[]', MARKS.code)).toBe('`[]`');
  });
});
