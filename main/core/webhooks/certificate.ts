import { createPrivateKey, X509Certificate } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface ReceiverCertificate {
  /** PEM; what a reverse proxy or the catalogue sandbox is told to trust. */
  cert: string;
  key: string;
  /** SHA-256 fingerprint, colon-separated hex, for the user to compare. */
  fingerprint: string;
}

const VALIDITY_MS = 825 * 24 * 3_600_000;
/** A certificate this close to expiry is replaced at start rather than left to fail mid-use. */
const RENEW_BEFORE_MS = 7 * 24 * 3_600_000;

/** The certificate and key the user gave, checked to parse and to belong together. */
export async function loadCertificate(
  certFile: string,
  keyFile: string,
): Promise<ReceiverCertificate> {
  const [cert, key] = await Promise.all([
    readPem(certFile, 'certificate'),
    readPem(keyFile, 'key'),
  ]);
  const checked = check(cert, key);
  if (typeof checked === 'string') throw new Error(`${certFile} and ${keyFile}: ${checked}`);
  return checked;
}

/** Where the receiver's own certificate (PEM) is kept, for the user to hand to whoever must trust it. */
export function selfSignedCertificatePath(dataDir: string): string {
  return join(dataDir, 'webhooks', 'receiver-cert.pem');
}

/**
 * The receiver's own self-signed pair in `<dataDir>/webhooks/`, generated on
 * first use and reused across restarts (whoever trusts it keeps trusting it)
 * until it is about to expire.
 */
export async function selfSignedCertificate(
  dataDir: string,
  now: number,
): Promise<ReceiverCertificate> {
  const certFile = selfSignedCertificatePath(dataDir);
  const dir = dirname(certFile);
  const keyFile = join(dir, 'receiver-key.pem');
  const existing = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]).then(
    ([cert, key]) => check(cert, key, now + RENEW_BEFORE_MS),
    () => null,
  );
  if (existing !== null && typeof existing !== 'string') return existing;

  // Loaded here, not at launch: most launches reuse the stored pair or never start a receiver.
  // Through `default` (module.exports, for a CommonJS package): the app's split bundle gives a
  // chunk of CommonJS nothing else when it is imported on demand.
  const { generate } = (await import('selfsigned')).default;
  const pems = await generate([{ name: 'commonName', value: 'Parley webhook receiver' }], {
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
  const fresh = check(pems.cert, pems.private);
  if (typeof fresh === 'string') throw new Error(`generated certificate is unusable: ${fresh}`);
  return fresh;
}

async function readPem(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(
      `cannot read the ${what} file ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
}

/** The pair as a ReceiverCertificate, or why it cannot serve (unparsable, mismatched, expiring). */
function check(cert: string, key: string, validUntil?: number): ReceiverCertificate | string {
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
