import { seededRandom, type Random } from '../demo/random.ts';

const WIDTH = 800;
const HEIGHT = 600;

interface Scene {
  name: string;
  sky: [string, string];
  /** The sun or the moon. */
  light: { color: string; radius: number; height: [number, number] };
  /** Ridges from far to near. */
  ridges: string[];
  /** Sharp peaks, or rolling hills. */
  peaks: boolean;
  clouds: boolean;
  stars: boolean;
  lake: string | null;
  trees: string | null;
}

const SCENES: Scene[] = [
  {
    name: 'mountains-at-dawn',
    sky: ['#f7b9a1', '#fde9c9'],
    light: { color: '#fff4d6', radius: 46, height: [330, 380] },
    ridges: ['#b994b5', '#8f6f9c', '#5f4b7a'],
    peaks: true,
    clouds: true,
    stars: false,
    lake: null,
    trees: null,
  },
  {
    name: 'hills-by-day',
    sky: ['#6fb7ea', '#d6eefc'],
    light: { color: '#fff7cc', radius: 40, height: [90, 160] },
    ridges: ['#9cc9a0', '#6fae76', '#3f8a52'],
    peaks: false,
    clouds: true,
    stars: false,
    lake: null,
    trees: '#2f6b40',
  },
  {
    name: 'lake-at-dusk',
    sky: ['#3d2c5e', '#f29a62'],
    light: { color: '#ffd08a', radius: 52, height: [360, 390] },
    ridges: ['#7a4f74', '#4e3658'],
    peaks: false,
    clouds: false,
    stars: false,
    lake: '#5a4470',
    trees: '#2a1f36',
  },
  {
    name: 'ridge-at-night',
    sky: ['#0b1a33', '#2d4d7c'],
    light: { color: '#f3f1e4', radius: 30, height: [90, 150] },
    ridges: ['#25406a', '#1a3052', '#10203a'],
    peaks: true,
    clouds: false,
    stars: true,
    lake: null,
    trees: '#0a1628',
  },
];

const round = (value: number) => Math.round(value * 10) / 10;

/** A ridge line across the picture, filled down to the bottom edge; `tops` every 50 px. */
function ridge(
  random: Random,
  baseY: number,
  roughness: number,
  peaks: boolean,
): { path: string; tops: number[] } {
  const step = 50;
  const tops: number[] = [];
  let y = baseY + random.int(-roughness, roughness);
  for (let x = 0; x <= WIDTH; x += step) {
    const swing = peaks ? roughness * 2.5 : roughness;
    y = Math.min(HEIGHT - 40, Math.max(120, y + random.int(-swing, swing)));
    // Peaks wander back towards their base line, so a range does not climb off the picture.
    if (peaks) y = Math.round((y * 2 + baseY) / 3);
    tops.push(y);
  }
  let path = `M0 ${HEIGHT} L0 ${tops[0]}`;
  for (let i = 1; i < tops.length; i += 1) {
    const x = i * step;
    path += peaks
      ? ` L${x} ${tops[i]}`
      : ` Q${x - step / 2} ${round(((tops[i - 1] ?? 0) + (tops[i] ?? 0)) / 2 - roughness / 4)} ${x} ${tops[i]}`;
  }
  return { path: `${path} L${WIDTH} ${HEIGHT} Z`, tops };
}

function clouds(random: Random): string {
  return Array.from({ length: random.int(2, 4) }, () => {
    const x = random.int(40, WIDTH - 120);
    const y = random.int(50, 200);
    const w = random.int(60, 120);
    return `<g fill="#fff" fill-opacity="0.75"><ellipse cx="${x}" cy="${y}" rx="${w}" ry="${round(w / 4)}"/><ellipse cx="${x + w / 3}" cy="${y - w / 6}" rx="${round(w / 2)}" ry="${round(w / 4)}"/></g>`;
  }).join('');
}

function stars(random: Random): string {
  return Array.from({ length: 60 }, () => {
    const r = random.chance(0.15) ? 1.8 : 1;
    return `<circle cx="${random.int(0, WIDTH)}" cy="${random.int(0, 330)}" r="${r}" fill="#fff" fill-opacity="${round(random.int(4, 10) / 10)}"/>`;
  }).join('');
}

/** Small pines standing on the nearest ridge. */
function trees(random: Random, tops: number[], color: string): string {
  const shapes: string[] = [];
  for (let x = random.int(10, 40); x < WIDTH; x += random.int(25, 70)) {
    const ground = tops[Math.round(x / 50)] ?? HEIGHT;
    const h = random.int(28, 60);
    const w = round(h / 3);
    shapes.push(`M${x} ${ground - h} L${x - w} ${ground + 4} L${x + w} ${ground + 4} Z`);
  }
  return `<path d="${shapes.join(' ')}" fill="${color}"/>`;
}

/** The kind of picture a seed gives, as a file name would say it. */
export function pictureName(seed: number): string {
  return `${SCENES[seed % SCENES.length]?.name}-${seed}.svg`;
}

/**
 * An illustrative landscape, 800 × 600, drawn from the seed alone: one of a
 * few scenes (dawn, day, dusk, night) with its own ridges, clouds, stars,
 * trees. The demo's shared pictures, with nothing downloaded and no licence
 * to keep track of.
 */
export function pictureSvg(seed: number): string {
  const scene = SCENES[seed % SCENES.length] as Scene;
  const random = seededRandom(seed * 7919 + 17);
  const sun = {
    x: random.int(120, WIDTH - 120),
    y: random.int(...scene.light.height),
  };
  const layers = scene.ridges.map((color, index) => {
    const count = scene.ridges.length;
    const baseY = 300 + (index * (scene.lake ? 80 : 170)) / Math.max(1, count - 1);
    return { color, ...ridge(random, baseY, 28 - index * 6, scene.peaks) };
  });
  const near = layers.at(-1);
  const horizon = 420;
  const lake = scene.lake
    ? `<rect y="${horizon}" width="${WIDTH}" height="${HEIGHT - horizon}" fill="${scene.lake}"/>` +
      Array.from({ length: 7 }, (_, i) => {
        const width = random.int(60, 180) - i * 6;
        return `<rect x="${sun.x - width / 2}" y="${horizon + 12 + i * 22}" width="${width}" height="4" rx="2" fill="${scene.light.color}" fill-opacity="${round(0.6 - i * 0.07)}"/>`;
      }).join('')
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${scene.light.color}" stop-opacity="0.55"/><stop offset="1" stop-color="${scene.light.color}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
    scene.stars ? stars(random) : '',
    `<circle cx="${sun.x}" cy="${sun.y}" r="${scene.light.radius * 3}" fill="url(#glow)"/>`,
    `<circle cx="${sun.x}" cy="${sun.y}" r="${scene.light.radius}" fill="${scene.light.color}"/>`,
    scene.clouds ? clouds(random) : '',
    ...layers
      .slice(0, scene.lake ? -1 : undefined)
      .map((layer) => `<path d="${layer.path}" fill="${layer.color}"/>`),
    lake,
    scene.lake && near
      ? `<path d="M0 ${HEIGHT} L0 ${HEIGHT - 70} Q200 ${HEIGHT - 110} 400 ${HEIGHT - 80} T${WIDTH} ${HEIGHT - 90} L${WIDTH} ${HEIGHT} Z" fill="${near.color}"/>`
      : '',
    scene.trees && near && !scene.lake ? trees(random, near.tops, scene.trees) : '',
    '</svg>',
  ].join('');
}
