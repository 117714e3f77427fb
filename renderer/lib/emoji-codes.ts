/**
 * Emoji by their codes as Slack names them (`:tada:`, `:+1:`), from Emojibase's
 * copy of iamcal's list, which vite.config.ts joins to the emoji at build time
 * and ships beside the bundle: the table is fetched from the app, the first
 * time a code is typed, never from the network.
 */
const EMOJI_CODES_URL = './emojibase/en/emoji-codes.json';

export interface EmojiCode {
  code: string;
  emoji: string;
}

let table: Promise<readonly EmojiCode[]> | null = null;
let byCode: ReadonlyMap<string, string> | null = null;

function parse(rows: unknown): EmojiCode[] {
  if (!Array.isArray(rows)) throw new Error('The emoji codes are not a list');
  return rows.flatMap((row: unknown) =>
    Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'string'
      ? [{ code: row[0], emoji: row[1] }]
      : [],
  );
}

/** Every code, in Emojibase's order (faces and hands first); fetched once, asked again after a failure. */
export function loadEmojiCodes(): Promise<readonly EmojiCode[]> {
  table ??= fetch(EMOJI_CODES_URL)
    .then((response) => {
      if (!response.ok) throw new Error(`The emoji codes did not load (${response.status})`);
      return response.json();
    })
    .then((rows: unknown) => {
      const codes = parse(rows);
      byCode = new Map(codes.map(({ code, emoji }) => [code, emoji]));
      return codes;
    })
    .catch((error: unknown) => {
      table = null;
      throw error;
    });
  return table;
}

/** The emoji of a whole code, once the table has loaded (a code typed before that stays text). */
export function emojiForCode(code: string): string | null {
  return byCode?.get(code.toLowerCase()) ?? null;
}

/**
 * The emoji whose code holds what was typed: the code itself first, then the
 * emoji this person used lately (Slack's "frequently used": `:th` offers the
 * 👍 they send before the 🤔 they never do), then codes that begin with it,
 * then codes with a word that does (`:laugh` finds
 * `rolling_on_the_floor_laughing`), each emoji once, under its best code.
 * Among equals the shorter code goes first, as the nearer to what was typed
 * (`:hear` offers `heart` before `heart_eyes`), then Emojibase's order.
 */
export function matchEmojiCodes(
  codes: readonly EmojiCode[],
  typed: string,
  { limit = 8, recent = [] }: { limit?: number; recent?: readonly string[] } = {},
): EmojiCode[] {
  const query = typed.toLowerCase();
  const rank = ({ code }: EmojiCode) =>
    code === query ? 0 : code.startsWith(query) ? 1 : code.includes(`_${query}`) ? 2 : 3;
  const found = new Map<string, { code: EmojiCode; rank: number }>();
  for (const code of codes) {
    const at = rank(code);
    const seen = found.get(code.emoji);
    if (at < 3 && (!seen || at < seen.rank)) found.set(code.emoji, { code, rank: at });
  }
  const lately = (emoji: string) => {
    const at = recent.indexOf(emoji);
    return at === -1 ? recent.length : at;
  };
  // A stable sort keeps Emojibase's order among codes of one rank and length.
  return [...found.values()]
    .sort(
      (a, b) =>
        Number(a.rank > 0) - Number(b.rank > 0) ||
        lately(a.code.emoji) - lately(b.code.emoji) ||
        a.rank - b.rank ||
        a.code.code.length - b.code.code.length,
    )
    .slice(0, limit)
    .map(({ code }) => code);
}
