import { readFileSync } from 'node:fs';

/**
 * How many transactions have been committed to a database's write-ahead log
 * since it was last reset, read from the log file itself: a frame whose
 * header gives the database size after it ends a commit, and only frames
 * whose salts match the log header's belong to the current log.
 */
export function walCommits(databaseFile: string): number {
  let log: Buffer;
  try {
    log = readFileSync(`${databaseFile}-wal`);
  } catch {
    return 0;
  }
  if (log.length < 32) return 0;
  const pageSize = log.readUInt32BE(8);
  const salts = [log.readUInt32BE(16), log.readUInt32BE(20)];
  let commits = 0;
  for (let at = 32; at + 24 + pageSize <= log.length; at += 24 + pageSize) {
    if (log.readUInt32BE(at + 8) !== salts[0] || log.readUInt32BE(at + 12) !== salts[1]) break;
    if (log.readUInt32BE(at + 4) !== 0) commits += 1;
  }
  return commits;
}
