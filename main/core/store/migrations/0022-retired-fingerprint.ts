import type { Migration } from './migration.ts';

/**
 * A message listed again is now told unchanged by comparing the columns it
 * would write (store/message-upserts.ts), no longer by a fingerprint of the
 * server's record: taking the fingerprint was the costliest step of the main
 * thread's work on a fetched page (serialising and hashing every record,
 * 0.17 s for 100,000), and the main thread's work is on the initial sync's
 * critical path. A change in a field Parley does not store changes nothing
 * to write.
 *
 * The column is renamed, not dropped: dropping it rewrites every row, a
 * million at startup for a large account. Renamed, nothing writes or reads
 * it by its old name by mistake; rows stored from now on leave it at its
 * default, two bytes.
 */
export const retiredFingerprint: Migration = {
  version: 22,
  name: 'retired-fingerprint',
  up(db) {
    db.exec('ALTER TABLE messages RENAME COLUMN fingerprint TO retired_fingerprint');
  },
};
