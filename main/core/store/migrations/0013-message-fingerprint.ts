import type { Migration } from './migration.ts';

/**
 * A message row kept the server's whole record as JSON, only to tell a
 * record listed again unchanged from one that changed. Its fields are the
 * row's columns and its sender is in `contacts`, yet the copy, sender
 * included, was two thirds of the table: 366 of about 540 bytes a message;
 * a million messages took 834 MB on disk, 487 MB without it. The column now
 * holds the record's fingerprint (SHA-256, 43 characters), retired in turn by
 * migration 22.
 *
 * Renamed, not rewritten: rewriting every row here would put the whole table
 * through the log while the app starts. A row stored before keeps its JSON,
 * which never equals a fingerprint, so it is written once more, fingerprint
 * and all, the next time the server lists it.
 */
export const messageFingerprint: Migration = {
  version: 13,
  name: 'message-fingerprint',
  up(db) {
    db.exec('ALTER TABLE messages RENAME COLUMN raw TO fingerprint');
  },
};
