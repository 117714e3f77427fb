/**
 * Pull cursors. Clients treat them as opaque strings; inside, a cursor names
 * the relay database it came from and the position of the last event the
 * client has seen. The database id lets a relay tell its own old cursor
 * (position removed by retention: 410) from one of a database that was
 * replaced or reset (also 410: the client starts over) and from text that
 * was never a cursor (400).
 */
export interface Cursor {
  relayId: string;
  seq: number;
}

const INSIDE = /^([0-9a-f]{16}):(0|[1-9][0-9]{0,14})$/;
const OPAQUE = /^[A-Za-z0-9_-]{1,64}$/;

export function encodeCursor(relayId: string, seq: number): string {
  return Buffer.from(`${relayId}:${seq}`, 'utf8').toString('base64url');
}

/** The cursor inside `text`, or null when the text is not a cursor of any relay. */
export function decodeCursor(text: string): Cursor | null {
  if (!OPAQUE.test(text)) return null;
  const match = INSIDE.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match) return null;
  const cursor = { relayId: match[1] as string, seq: Number(match[2]) };
  // base64url decoding forgives stray characters; only the canonical spelling is a cursor.
  return encodeCursor(cursor.relayId, cursor.seq) === text ? cursor : null;
}
