import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const ours = readFileSync(resolve(ROOT, 'renderer/styles/emoji-font.css'), 'utf8');
const PACKAGE = resolve(ROOT, 'node_modules/@infolektuell/noto-color-emoji');

/** Every code point a unicode-range list covers. */
function codePoints(ranges: string): Set<number> {
  const points = new Set<number>();
  for (const part of ranges.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let point = parseInt(from!, 16); point <= parseInt(to!, 16); point++) points.add(point);
  }
  return points;
}

function faces(css: string): Map<string, Set<number>> {
  const found = new Map<string, Set<number>>();
  for (const [, file, ranges] of css.matchAll(
    /files\/(\d+)\.woff2[^}]*?unicode-range:\s*([^;]+);/gs,
  )) {
    found.set(file!, codePoints(ranges!));
  }
  return found;
}

describe('the bundled emoji font', () => {
  it('uses every subset of the package with its ranges, text characters left out', () => {
    const theirs = faces(readFileSync(resolve(PACKAGE, 'index.css'), 'utf8'));
    const subsets = readdirSync(resolve(PACKAGE, 'files')).filter((f) => f.endsWith('.woff2'));
    expect(theirs.size).toBe(subsets.length);
    const mine = faces(ours);
    expect([...mine.keys()].sort()).toEqual([...theirs.keys()].sort());
    const textual = (point: number) =>
      point <= 0xff || (point >= 0x2000 && point <= 0x21ff && point !== 0x200d && point !== 0x20e3);
    for (const [file, points] of theirs) {
      const expected = [...points].filter((point) => !textual(point));
      expect(
        [...mine.get(file)!].sort((a, b) => a - b),
        file,
      ).toEqual(expected.sort((a, b) => a - b));
    }
  });

  it('never claims digits, letters or common text symbols', () => {
    const claimed = new Set([...faces(ours).values()].flatMap((points) => [...points]));
    for (const char of '0123456789#*aZ©®™↔') expect(claimed.has(char.codePointAt(0)!)).toBe(false);
    for (const char of ['👍', '❤', '😂', '\u200d'])
      expect(claimed.has(char.codePointAt(0)!)).toBe(true);
  });
});
