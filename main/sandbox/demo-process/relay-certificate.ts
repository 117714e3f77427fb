import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The pair the demo's relay serves HTTPS with; the app trusts exactly this certificate. */
export interface RelayTls {
  cert: string;
  key: string;
}

const VALIDITY_MS = 825 * 24 * 3_600_000;
/** A certificate this close to expiry is replaced at start, not left to fail mid-use. */
const RENEW_BEFORE_MS = 7 * 24 * 3_600_000;

/**
 * The demo relay's self-signed pair in `dir`, made on first use and kept
 * across restarts. Made here, in the services' process: generating a key
 * loads a library of about 26 MB resident, which the app's process would
 * otherwise keep for as long as it runs.
 */
export async function relayCertificate(dir: string, now = Date.now()): Promise<RelayTls> {
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  const kept = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]).then(
    ([cert, key]) => (usable(cert, key, now + RENEW_BEFORE_MS) ? { cert, key } : null),
    () => null,
  );
  if (kept !== null) return kept;
  // Through `default` (module.exports, for a CommonJS package), as a split bundle requires.
  const { generate } = (await import('selfsigned')).default;
  const pems = await generate([{ name: 'commonName', value: 'Parley demo relay' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 60_000),
    notAfterDate: new Date(now + VALIDITY_MS),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(keyFile, pems.private, { mode: 0o600 });
  await writeFile(certFile, pems.cert, { mode: 0o600 });
  return { cert: pems.cert, key: pems.private };
}

function usable(cert: string, key: string, until: number): boolean {
  try {
    const parsed = new X509Certificate(cert);
    return parsed.checkPrivateKey(createPrivateKey(key)) && Date.parse(parsed.validTo) > until;
  } catch {
    return false;
  }
}
