/**
 * The taskbar overlay badge (Windows) for a count: a red disc with the digits
 * drawn as strokes on a 10 × 16 grid, so rendering needs no font.
 */
const DIGITS: Record<string, { path: string; width: number }> = {
  '0': { path: 'M5 0C8 0 10 3 10 8S8 16 5 16 0 13 0 8 2 0 5 0Z', width: 10 },
  '1': { path: 'M1.5 3.6L6 0V16', width: 7.5 },
  '2': {
    path: 'M.6 4C.6 1.6 2.5 0 5.1 0 7.8 0 9.6 1.7 9.6 4.2 9.6 6.5 8.1 8 6 9.8L.4 16H10',
    width: 10,
  },
  '3': {
    path: 'M.8.2H9.2L4.6 6.4C7.8 6.4 10 8.2 10 11.1 10 14 7.9 16 5 16 2.7 16 1 15 0 13.3',
    width: 10,
  },
  '4': { path: 'M7.6 16V0L0 11H10.4', width: 10.4 },
  '5': {
    path: 'M9.2.2H1.6L.9 7.2C2 6.4 3.4 6 5 6 8 6 10 8.1 10 11S7.9 16 5 16C2.8 16 1 15 0 13.3',
    width: 10,
  },
  '6': {
    path: 'M8.8.7C7.8.2 6.7 0 5.6 0 2.3 0 .2 3.6.2 11M.2 11.2A4.8 4.8 0 1 0 9.8 11.2 4.8 4.8 0 1 0 .2 11.2Z',
    width: 10,
  },
  '7': { path: 'M0 .2H10L3.6 16', width: 10 },
  '8': {
    path: 'M5 7.2A3.6 3.6 0 1 1 5 0 3.6 3.6 0 1 1 5 7.2ZM5 7.2A4.4 4.4 0 1 0 5 16 4.4 4.4 0 1 0 5 7.2Z',
    width: 10,
  },
  '9': {
    path: 'M9.8 4.8A4.8 4.8 0 1 0 .2 4.8 4.8 4.8 0 1 0 9.8 4.8ZM9.8 5C9.8 12.4 7.7 16 4.4 16 3.3 16 2.2 15.8 1.2 15.3',
    width: 10,
  },
  '+': { path: 'M0 8H7.6M3.8 4.2V11.8', width: 7.6 },
};
const GAP = 2;
const SIZE = 32;

export function badgeSvg(text: string): string {
  const glyphs = [...text].map((char) => {
    const glyph = DIGITS[char];
    if (!glyph) throw new Error(`no badge glyph for ${JSON.stringify(char)}`);
    return glyph;
  });
  const width = glyphs.reduce((sum, glyph) => sum + glyph.width, 0) + GAP * (glyphs.length - 1);
  const scale = glyphs.length === 1 ? 1.05 : 0.86;
  let x = 0;
  const paths = glyphs.map((glyph) => {
    const path = `<path transform="translate(${x} 0)" d="${glyph.path}"/>`;
    x += glyph.width + GAP;
    return path;
  });
  const left = (SIZE - width * scale) / 2;
  const top = (SIZE - 16 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">
  <circle cx="16" cy="16" r="15.5" fill="#d93036"/>
  <g transform="translate(${left} ${top}) scale(${scale})" fill="none" stroke="#fff" stroke-width="2.7" stroke-linecap="round" stroke-linejoin="round">${paths.join('')}</g>
</svg>`;
}
