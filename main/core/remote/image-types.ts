/**
 * The image formats the app shows, recognised by their first bytes: the
 * server's Content-Type must say image/ and the bytes must agree, so neither
 * a mislabelled page nor an SVG (which can carry script) passes as a picture.
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
export function sniffImageType(bytes: Buffer): string | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.type ?? null;
}

/** Whether a Content-Type names an image, other than SVG. */
export function declaresImage(contentType: string | null): boolean {
  const essence = contentType?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return essence.startsWith('image/') && !essence.startsWith('image/svg');
}
