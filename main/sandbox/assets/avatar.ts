import { createHash } from 'node:crypto';

const SIZE = 128;

/** "maya.chen" → "MC", "you" → "Y": the first letter or digit of the id's first two parts. */
export function initials(id: string): string {
  return id
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * A contact's picture, made from the contact id alone: initials on a two-tone
 * gradient whose hues come from a hash of the id, so a contact keeps one look
 * everywhere and no photo of a real person, nor any other host, is involved.
 * White text on colours at 30–40 % lightness keeps a contrast above 4.5:1.
 */
export function avatarSvg(id: string): string {
  const hash = createHash('sha256').update(id).digest();
  const hue = Math.round((hash.readUInt16BE(0) / 65_536) * 360);
  const turn = 25 + ((hash[2] ?? 0) % 50);
  const angle = (hash[3] ?? 0) % 4;
  const [x2, y2] = [
    ['1', '1'],
    ['0', '1'],
    ['1', '0'],
    ['0.5', '1'],
  ][angle] as [string, string];
  const ring = 40 + ((hash[4] ?? 0) % 40);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs><linearGradient id="g" x1="0" y1="0" x2="${x2}" y2="${y2}">
<stop offset="0" stop-color="hsl(${hue} 55% 40%)"/><stop offset="1" stop-color="hsl(${(hue + turn) % 360} 60% 30%)"/>
</linearGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>
<circle cx="${SIZE - ring / 2}" cy="${ring / 3}" r="${ring}" fill="#fff" fill-opacity="0.08"/>
<text x="50%" y="50%" dy="0.35em" text-anchor="middle" fill="#fff" font-size="52" font-weight="600" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif">${initials(id)}</text>
</svg>`;
}
