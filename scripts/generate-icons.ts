import { Icns, IcnsImage } from '@fiahfy/icns';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import pngToIco from 'png-to-ico';
import { OVERLAY_BADGES } from '../main/desktop/badge.ts';
import { TRAY_ICON_NAMES, type TrayIconName } from '../main/desktop/tray-icons.ts';
import { badgeSvg } from './icons/badge-svg.ts';

/**
 * Renders every icon the app and its installers use from build/icon.svg, and
 * the count badges from badge-svg.ts. Run `npm run icons` after changing either;
 * the outputs are committed, so packaging needs neither this script nor its
 * dependencies. Each size is rendered from the vector, not scaled from a big
 * PNG, so small icons stay sharp.
 */
const ROOT = resolve(import.meta.dirname, '..');
const BUILD = resolve(ROOT, 'build');
const require = createRequire(import.meta.url);

/** Sizes for the Linux icon set (electron-builder reads build/icons/<n>x<n>.png). */
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
const FAVICON_SIZES = [16, 32, 48];
/** ICNS entry types and their pixel sizes (the @2x types hold the doubled size). */
const ICNS_TYPES: [string, number][] = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32],
  ['icp6', 64],
  ['ic12', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic13', 256],
  ['ic09', 512],
  ['ic14', 512],
  ['ic10', 1024],
];
/** Tray icon sizes: the logical 16 px and its @2x for high-density screens. */
const TRAY_SCALES: [suffix: string, size: number][] = [
  ['', 16],
  ['@2x', 32],
];
/** The tray crops to the drawing: at 16 px the tile's margin would waste a quarter of it. */
const GLYPH_VIEWBOX = { x: 196, y: 216, size: 644 };
const TILE_VIEWBOX = { x: 100, y: 100, size: 824 };
const UNREAD_RED = '#e5484d';

/** How each tray icon is drawn from the source: the bubbles alone in one colour, or the whole tile. */
const TRAY_DRAWINGS: Record<TrayIconName, { glyph: string | null; unread: boolean }> = {
  'tray-light-panel': { glyph: '#1f2329', unread: false },
  'tray-light-panel-unread': { glyph: '#1f2329', unread: true },
  'tray-dark-panel': { glyph: '#f4f6f9', unread: false },
  'tray-dark-panel-unread': { glyph: '#f4f6f9', unread: true },
  'tray-colour': { glyph: null, unread: false },
  'tray-colour-unread': { glyph: null, unread: true },
};

await initWasm(await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
const source = await readFile(resolve(BUILD, 'icon.svg'), 'utf8');

function render(svg: string, size: number): Buffer {
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: size } });
  const png = Buffer.from(resvg.render().asPng());
  resvg.free();
  return png;
}

/**
 * The source recoloured and cropped for the tray. The unread dot sits in the
 * top-right corner with a transparent ring cut around it, so it reads on any
 * panel colour.
 */
function trayIcon(drawing: { glyph: string | null; unread: boolean }): string {
  const box = drawing.glyph === null ? TILE_VIEWBOX : GLYPH_VIEWBOX;
  let svg = source.replace(
    'viewBox="0 0 1024 1024"',
    `viewBox="${box.x} ${box.y} ${box.size} ${box.size}"`,
  );
  if (drawing.glyph !== null) {
    const colour = drawing.glyph;
    svg = svg.replace(
      '</defs>',
      `</defs><style>#tile{display:none} #back{fill:${colour};opacity:.6} #front{fill:${colour}}</style>`,
    );
  }
  if (!drawing.unread) return svg;
  const r = box.size * 0.2;
  const cx = box.x + box.size - r;
  const cy = box.y + r;
  const cut = `<mask id="unread-cut" maskUnits="userSpaceOnUse" x="0" y="0" width="1024" height="1024"><rect width="1024" height="1024" fill="#fff"/><circle cx="${cx}" cy="${cy}" r="${r * 1.3}" fill="#000"/></mask>`;
  const open = svg.indexOf('</defs>') + '</defs>'.length;
  const close = svg.lastIndexOf('</svg>');
  return `${svg.slice(0, open).replace('</defs>', `${cut}</defs>`)}<g mask="url(#unread-cut)">${svg.slice(open, close)}</g><circle cx="${cx}" cy="${cy}" r="${r}" fill="${UNREAD_RED}"/></svg>`;
}

async function write(path: string, data: Buffer | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, data);
}

await rm(resolve(BUILD, 'icons'), { recursive: true, force: true });
await rm(resolve(BUILD, 'tray'), { recursive: true, force: true });
await rm(resolve(BUILD, 'badges'), { recursive: true, force: true });

const pngs = new Map<number, Buffer>();
const icon = (size: number) => {
  let png = pngs.get(size);
  if (!png) {
    png = render(source, size);
    pngs.set(size, png);
  }
  return png;
};

for (const size of LINUX_SIZES) {
  await write(resolve(BUILD, `icons/${size}x${size}.png`), icon(size));
}
await write(resolve(BUILD, 'icon.png'), icon(1024));
await write(resolve(BUILD, 'icon.ico'), await pngToIco(ICO_SIZES.map(icon)));
await write(resolve(BUILD, 'favicon.ico'), await pngToIco(FAVICON_SIZES.map(icon)));

const icns = new Icns();
for (const [type, size] of ICNS_TYPES) icns.append(IcnsImage.fromPNG(icon(size), type as never));
await write(resolve(BUILD, 'icon.icns'), icns.data);

for (const name of TRAY_ICON_NAMES) {
  const svg = trayIcon(TRAY_DRAWINGS[name]);
  for (const [suffix, size] of TRAY_SCALES) {
    await write(resolve(BUILD, `tray/${name}${suffix}.png`), render(svg, size));
  }
}

for (const badge of OVERLAY_BADGES) {
  for (const [suffix, size] of TRAY_SCALES) {
    await write(
      resolve(BUILD, `badges/${badge.file}${suffix}.png`),
      render(badgeSvg(badge.text), size),
    );
  }
}

process.stdout.write(
  `icons: ${LINUX_SIZES.length} PNG sizes, icon.ico, icon.icns, favicon.ico, ` +
    `${TRAY_ICON_NAMES.length} tray icons, ${OVERLAY_BADGES.length} overlay badges\n`,
);
