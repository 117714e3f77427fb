/**
 * What went wrong on the way to a server, in a sentence with a way out, made
 * where the failure is met so every surface (banner, dialog, CLI, log) says
 * the same. The system's code (ECONNREFUSED, ENOTFOUND…) never reaches the
 * user; the log line keeps it.
 */
const BY_CODE: Record<string, (host: string) => string> = {
  ECONNREFUSED: (host) =>
    `Parley could not reach ${host}: nothing answered there. Check the address, or try again later.`,
  ENOTFOUND: (host) =>
    `Parley could not find ${host}. Check the address and that this computer is online.`,
  EAI_AGAIN: (host) =>
    `Parley could not look up ${host} right now. Check that this computer is online; it tries again by itself.`,
  ECONNRESET: (host) => `The connection to ${host} was cut off. Parley tries again by itself.`,
  ETIMEDOUT: (host) => `${host} did not answer in time. Check the address, or try again later.`,
  EHOSTUNREACH: (host) =>
    `Parley could not reach ${host} from this network. Check the address and your connection.`,
  ENETUNREACH: (host) => `This computer has no route to ${host}. Check that it is online.`,
  DEPTH_ZERO_SELF_SIGNED_CERT: (host) =>
    `${host} uses a certificate that nothing vouches for (self-signed). Use its http:// address on a trusted network, or give it a proper certificate.`,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: (host) =>
    `Parley could not check the certificate of ${host}. Give the server a certificate from a known authority.`,
  CERT_HAS_EXPIRED: (host) =>
    `The certificate of ${host} has expired. Whoever runs the server needs to renew it.`,
  ERR_TLS_CERT_ALTNAME_INVALID: (host) =>
    `The certificate of ${host} is for another name. Check the address.`,
};

/** The code Node put on a failed request (`error.code`), if any. */
export function failureCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

export function networkFailureWords(host: string, error: unknown): string {
  const code = failureCode(error);
  const words = code === null ? undefined : BY_CODE[code];
  return (
    words?.(host) ??
    `Parley could not reach ${host}. Check the address and your connection, or try again later.`
  );
}

export function timeoutWords(host: string, timeoutMs: number): string {
  return `${host} did not answer within ${Math.round(timeoutMs / 1000)} seconds. Parley tries again by itself.`;
}
