/**
 * What went wrong with a request to a relay, as the pull client acts on it:
 * - token-needed: no token was given for this address, so nothing was sent;
 * - unauthorized: the relay refused the token (401);
 * - expired: the relay no longer has the events after the cursor (410), or
 *   cannot read the cursor at all (400 on `after`): start over without one;
 * - too-large: the answer is larger than the client reads; ask for fewer;
 * - unreachable: anything else (network, TLS, timeout, a server error, an
 *   answer that is not the relay's), worth retrying later.
 * The message says it in words for the user, never with the token in it.
 */
export type RelayErrorKind =
  'token-needed' | 'unauthorized' | 'expired' | 'too-large' | 'unreachable';

export class RelayError extends Error {
  readonly kind: RelayErrorKind;

  constructor(kind: RelayErrorKind, message: string) {
    super(message);
    this.name = 'RelayError';
    this.kind = kind;
  }
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'nothing answers there (is the relay running?)',
  ENOTFOUND: 'that name is not found (check the address and this computer’s network)',
  EAI_AGAIN: 'that name could not be looked up (check this computer’s network)',
  ECONNRESET: 'the connection was dropped',
  EPIPE: 'the connection was dropped',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'that host cannot be reached from this network',
  ENETUNREACH: 'this computer has no route to that network',
  DEPTH_ZERO_SELF_SIGNED_CERT:
    'its certificate is self-signed, and this computer does not trust it',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate comes from an authority this computer does not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE:
    'its certificate comes from an authority this computer does not trust',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
    'its certificate comes from an authority this computer does not trust',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another name',
  EPROTO: 'it does not speak https at that address',
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak https at that address',
};

/** A failed connection in words: "Could not reach relay.example.org: nothing answers there …". */
export function unreachable(host: string, error: unknown): RelayError {
  const code = (error as { code?: unknown } | null)?.code;
  const words =
    typeof code === 'string'
      ? (NETWORK_WORDS[code] ?? `the connection failed (${code})`)
      : 'the connection failed';
  return new RelayError('unreachable', `Could not reach ${host}: ${words}.`);
}

/** An answer other than 200, in words. */
export function refusal(host: string, status: number, param: string | null): RelayError {
  if (status === 401) {
    return new RelayError(
      'unauthorized',
      `The relay at ${host} did not accept the token. Enter a new token in Settings, Orders and catalogue.`,
    );
  }
  if (status === 410 || (status === 400 && param === 'after')) {
    return new RelayError(
      'expired',
      `The relay at ${host} no longer has the events after the last one Parley received.`,
    );
  }
  if (status >= 300 && status < 400) {
    return new RelayError(
      'unreachable',
      `${host} sends Parley elsewhere (${status}); the token goes nowhere else. Enter the relay’s own address.`,
    );
  }
  if (status === 404) {
    return new RelayError('unreachable', `${host} answers, but it is not a relay (404).`);
  }
  if (status === 429 || status >= 500) {
    return new RelayError(
      'unreachable',
      `The relay at ${host} answered ${status}: it is busy or restarting.`,
    );
  }
  return new RelayError('unreachable', `The relay at ${host} answered ${status}.`);
}
