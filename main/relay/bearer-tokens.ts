import { createHash, timingSafeEqual } from 'node:crypto';

/** Bearer tokens shorter than this are refused at start: the relay faces the internet. */
export const MIN_TOKEN_LENGTH = 16;

/**
 * Checks `Authorization: Bearer <token>` against the configured tokens. Both
 * sides are compared as SHA-256 digests, so every comparison is of equal
 * length and constant time, and each presented token is compared with every
 * configured one (no early exit tells which came close).
 */
export function bearerTokenCheck(tokens: readonly string[]): (header: unknown) => boolean {
  const known = tokens.map(digest);
  return (header) => {
    if (typeof header !== 'string') return false;
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
    if (!match) return false;
    const presented = digest(match[1] as string);
    let found = false;
    for (const token of known) found = timingSafeEqual(token, presented) || found;
    return found;
  };
}

function digest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** PARLEY_RELAY_TOKENS: comma-separated, blanks around each token ignored. */
export function splitTokenList(text: string): string[] {
  return text
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '');
}

/** Why these tokens cannot be used, or null. */
export function tokensProblem(tokens: readonly string[]): string | null {
  if (tokens.length === 0) return 'give at least one token';
  if (tokens.some((token) => /\s/.test(token))) return 'a token may not contain blanks';
  if (tokens.some((token) => token.length < MIN_TOKEN_LENGTH)) {
    return `each token needs at least ${MIN_TOKEN_LENGTH} characters (make one with: openssl rand -hex 32)`;
  }
  return null;
}
