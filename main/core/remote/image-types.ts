/**
 * The image formats the app shows, recognised by their first bytes: the
 * server's Content-Type must say image/ and the bytes must agree, so a
 * mislabelled page never passes as a picture. SVG is a document that can
 * carry script and links: it is taken only where `allowSvg` says (the
 * signed-in server's own pictures), only without script or embedded
 * documents, and is shown by an <img>, where it runs and fetches nothing.
 */
const SIGNATURES: { type: string; matches(bytes: Buffer): boolean }[] = [
  {
    type: 'image/png',
    matches: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { type: 'image/jpeg', matches: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', matches: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  { type: 'image/webp', matches: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  {
    type: 'image/avif',
    matches: (b) => ascii(b, 4, 'ftyp') && (ascii(b, 8, 'avif') || ascii(b, 8, 'avis')),
  },
  { type: 'image/bmp', matches: (b) => ascii(b, 0, 'BM') },
  { type: 'image/x-icon', matches: (b) => starts(b, [0x00, 0x00, 0x01, 0x00]) },
];

function starts(bytes: Buffer, signature: number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Buffer, offset: number, text: string): boolean {
  return (
    bytes.length >= offset + text.length &&
    bytes.toString('latin1', offset, offset + text.length) === text
  );
}

/** The image type the bytes are, or null when they are none the app shows. */
export function sniffImageType(bytes: Buffer, allowSvg = false): string | null {
  const raster = SIGNATURES.find((signature) => signature.matches(bytes))?.type ?? null;
  if (raster !== null || !allowSvg) return raster;
  return isPlainSvg(bytes) ? 'image/svg+xml' : null;
}

/** Whether a Content-Type names an image (SVG only where it is allowed). */
export function declaresImage(contentType: string | null, allowSvg = false): boolean {
  const essence = contentType?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (essence === 'image/svg+xml') return allowSvg;
  return essence.startsWith('image/') && !essence.startsWith('image/svg');
}

/** Scripts, embedded documents and javascript: links have no place in a picture. */
const ACTIVE_SVG = /<script|<foreignobject|<iframe|<embed|<object|javascript:|\bon[a-z]+\s*=/i;

function isPlainSvg(bytes: Buffer): boolean {
  const text = bytes.toString('utf8');
  const start = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1_024);
  const opens = start.startsWith('<svg') || (start.startsWith('<?xml') && start.includes('<svg'));
  return opens && !ACTIVE_SVG.test(text);
}
