import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  checkPair,
  keptSelfSignedPair,
  type CertificatePair,
} from '../../webhook-protocol/self-signed-pair.ts';

/** What the receiver serves HTTPS with: the user's own pair, or one of its own. */
export type ReceiverCertificate = CertificatePair;

/** The certificate and key the user gave, checked to parse and to belong together. */
export async function loadCertificate(
  certFile: string,
  keyFile: string,
): Promise<ReceiverCertificate> {
  const [cert, key] = await Promise.all([
    readPem(certFile, 'certificate'),
    readPem(keyFile, 'key'),
  ]);
  const checked = checkPair(cert, key);
  if (typeof checked === 'string') throw new Error(`${certFile} and ${keyFile}: ${checked}`);
  return checked;
}

/** The receiver's own pair, in `<dataDir>/webhooks/`. */
const OWN_PAIR = { cert: 'receiver-cert.pem', key: 'receiver-key.pem' };
const ownPairDir = (dataDir: string) => join(dataDir, 'webhooks');

/** Where the receiver's own certificate (PEM) is kept, for the user to hand to whoever must trust it. */
export function selfSignedCertificatePath(dataDir: string): string {
  return join(ownPairDir(dataDir), OWN_PAIR.cert);
}

/** The receiver's own self-signed pair, generated on first use and kept until about to expire. */
export function selfSignedCertificate(dataDir: string, now: number): Promise<ReceiverCertificate> {
  return keptSelfSignedPair(ownPairDir(dataDir), 'Parley webhook receiver', now, OWN_PAIR);
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
