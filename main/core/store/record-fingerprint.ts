import { hash } from 'node:crypto';

/**
 * What a stored message keeps of the server's record
 * (migrations/0013-message-fingerprint.ts): a digest of the record as
 * received, unknown fields included, so a record listed again unchanged is
 * told from one that changed in any field, even one Parley does not read.
 */
export function recordFingerprint(record: Record<string, unknown>): string {
  return hash('sha256', JSON.stringify(record), 'base64url');
}
