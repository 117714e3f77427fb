import { createPrivateKey, X509Certificate } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A certificate and its key (PEM), checked to belong together. */
export interface CertificatePair {
  cert: string;
  key: string;
  /** SHA-256 fingerprint, colon-separated hex, for the user to compare. */
  fingerprint: string;
}

const VALIDITY_MS = 825 * 24 * 3_600_000;
/** A certificate this close to expiry is replaced at start rather than left to fail mid-use. */
const RENEW_BEFORE_MS = 7 * 24 * 3_600_000;

/**
 * A self-signed pair for an endpoint on this computer that deliveries reach
 * over HTTPS (the app's webhook receiver, the demo's relay), kept in `dir`
 * under `names`: generated on first use and reused across restarts (whoever
 * trusts it keeps trusting it) until it is about to expire.
 */
export async function keptSelfSignedPair(
  dir: string,
  commonName: string,
  now: number,
  names = { cert: 'cert.pem', key: 'key.pem' },
): Promise<CertificatePair> {
  const certFile = join(dir, names.cert);
  const keyFile = join(dir, names.key);
  const existing = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]).then(
    ([cert, key]) => checkPair(cert, key, now + RENEW_BEFORE_MS),
    () => null,
  );
  if (existing !== null && typeof existing !== 'string') return existing;

  // Loaded here, not at launch: most launches reuse the stored pair or never serve HTTPS.
  // Through `default` (module.exports, for a CommonJS package): the app's split bundle gives a
  // chunk of CommonJS nothing else when it is imported on demand.
  const { generate } = (await import('selfsigned')).default;
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + VALIDITY_MS),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(keyFile, pems.private, { mode: 0o600 });
  await chmod(keyFile, 0o600);
  await writeFile(certFile, pems.cert, { mode: 0o600 });
  const fresh = checkPair(pems.cert, pems.private);
  if (typeof fresh === 'string') throw new Error(`generated certificate is unusable: ${fresh}`);
  return fresh;
}

/** The pair, or why it cannot serve (unparsable, mismatched, expiring before `validUntil`). */
export function checkPair(
  cert: string,
  key: string,
  validUntil?: number,
): CertificatePair | string {
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch {
    return 'the certificate is not a PEM X.509 certificate';
  }
  try {
    if (!x509.checkPrivateKey(createPrivateKey(key)))
      return 'the key does not match the certificate';
  } catch {
    return 'the key is not a PEM private key';
  }
  if (validUntil !== undefined && Date.parse(x509.validTo) < validUntil) {
    return 'the certificate expires soon';
  }
  return { cert, key, fingerprint: x509.fingerprint256 };
}
