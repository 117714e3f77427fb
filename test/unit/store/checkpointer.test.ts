import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../main/core/ports/node-adapters.ts';
import { startCheckpointer } from '../../../main/core/store/checkpointer.ts';
import { openDatabase, transaction, type Database } from '../../../main/core/store/database.ts';
import { manualClock } from '../../support/manual-clock.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { walCommits } from '../../support/wal-commits.ts';

const MB = 1024 * 1024;

/** Writes `rows` drafts of `size` characters in one transaction, each for a conversation of its own. */
function draftWriter(db: Database, size: number) {
  let next = 0;
  return (rows: number) =>
    transaction(db, () => {
      const insert = db.prepare(
        'INSERT INTO drafts (conversation_id, text, updated_at) VALUES (?, ?, 0)',
      );
      for (let i = 0; i < rows; i++) insert.run(`conv_${next++}`, 'x'.repeat(size));
    });
}

describe('the checkpointer', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Database;
  let stop: () => Promise<void> = async () => {};

  afterEach(async () => {
    await stop();
    db.close();
    dir.remove();
  });

  const autocheckpoint = () =>
    (db.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number })
      .wal_autocheckpoint;

  /** A fresh database with an empty log, and its checkpointer on a manual clock. */
  function started() {
    dir = tempDir('parley-checkpoint-');
    const file = join(dir.path, 'parley.db');
    db = openDatabase(file);
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const clock = manualClock();
    const checkpointer = startCheckpointer(db, file, clock, silentLogger);
    stop = () => checkpointer.stop();
    return { file, clock, checkpointer };
  }

  it('copies the log into the database from its worker, never inside a commit', async () => {
    const { file, clock, checkpointer } = started();
    expect(autocheckpoint()).toBe(0);

    const before = statSync(file).size;
    const write = draftWriter(db, 200);
    // A log as long as the demo's first sync writes waits (a thread for it would cost more
    // memory than the copy saves).
    write(26_000);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(6 * MB);
    await clock.advance(3_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(statSync(file).size).toBe(before);

    // Past 16 MB it is copied, from the worker: the commit that wrote it never waits for a copy.
    write(45_000);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(16 * MB);
    expect(statSync(file).size).toBe(before);
    await clock.advance(1_000);
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before), {
      timeout: 10_000,
      interval: 20,
    });

    await checkpointer.stop();
    stop = async () => {};
    expect(autocheckpoint()).toBeGreaterThan(0);
  });

  it('waits again for a long log once the log has started over', async () => {
    const { file, clock } = started();
    const write = draftWriter(db, 200);
    const before = statSync(file).size;
    write(70_000);
    await clock.advance(1_000);
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before), {
      timeout: 10_000,
      interval: 20,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const copied = statSync(file).size;
    // The worker ends after its quiet spell; the next commit starts the log over.
    await clock.advance(31_000);
    write(200);

    // The log file kept its peak before: every later commit looked long and started the worker.
    await clock.advance(3_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(statSync(file).size).toBe(copied);
    expect(walCommits(file)).toBe(1);
  });

  it('lets a long log start over: a catch-up lets the writes under way land, then finishes the copy', async () => {
    const { file, clock, checkpointer } = started();
    // Another connection commits, as the history writer's thread does.
    const thread = openDatabase(file);
    thread.exec('PRAGMA wal_autocheckpoint = 0');
    const write = draftWriter(thread, 2_000);
    const landed: string[] = [];
    const quiet = async () => {
      write(1);
      landed.push('writes under way');
    };
    try {
      // More than 8,192 pages of log, the length worth a pause.
      write(20_000);
      expect(walCommits(file)).toBe(1);
      // No copy has finished yet: nothing to catch up, nothing waited for.
      await checkpointer.catchUp(quiet);
      expect(landed).toEqual([]);
      write(1);
      expect(walCommits(file)).toBe(2);

      await clock.advance(1_000);
      await vi.waitFor(
        async () => {
          await checkpointer.catchUp(quiet);
          expect(landed).toEqual(['writes under way']);
        },
        { timeout: 10_000, interval: 20 },
      );
      // What landed while it waited was copied too: the next commit starts the log over.
      write(1);
      expect(walCommits(file)).toBe(1);
    } finally {
      thread.close();
    }
  });
});
