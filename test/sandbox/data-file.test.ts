import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SandboxDataError, startSandbox } from '../../main/sandbox/sandbox.ts';
import { SCHEMA_VERSION } from '../../main/sandbox/schema/steps.ts';
import { ALICE, BOB, clientFor, open, sandbox } from './support.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

let dir: string;
let dataFile: string;
beforeEach(() => {
  dir = makeTempDir('parley-sandbox-data-');
  dataFile = join(dir, 'sandbox.db');
});
afterEach(() => removeTempDir(dir));

/** Changes a closed data file directly, as another build would have left it. */
function alter(sql: string) {
  const db = new DatabaseSync(dataFile);
  db.exec(sql);
  db.close();
}

const schemaVersion = () => {
  const db = new DatabaseSync(dataFile, { readOnly: true });
  const { user_version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  db.close();
  return user_version;
};

/** A data file holding one conversation between Alice and Bob; answers its id. */
async function fileWithAConversation(): Promise<string> {
  const first = await startSandbox({ users: [ALICE, BOB], dataFile });
  const id = await open(clientFor(first, ALICE.token), { contact_id: 'bob' });
  await first.close();
  return id;
}

async function aliceConversationIds(): Promise<string[]> {
  const reopened = await sandbox({ users: [ALICE, BOB], dataFile });
  const reply = await clientFor(reopened, ALICE.token)('GET', '/v1/conversations');
  expect(reply.status).toBe(200);
  return reply.body.data.map((conversation: { id: string }) => conversation.id);
}

describe('sandbox data files', () => {
  it('stamps a new file with the current schema version and reopens it with its data', async () => {
    const id = await fileWithAConversation();
    expect(schemaVersion()).toBe(SCHEMA_VERSION);
    expect(await aliceConversationIds()).toEqual([id]);
  });

  it('adopts a file made before schema versions when its tables match, keeping its data', async () => {
    const id = await fileWithAConversation();
    alter('PRAGMA user_version = 0');
    expect(await aliceConversationIds()).toEqual([id]);
    expect(schemaVersion()).toBe(SCHEMA_VERSION);
  });

  it('adopts an unversioned file from before the catalogue service and adds its tables', async () => {
    const id = await fileWithAConversation();
    const db = new DatabaseSync(dataFile);
    const catalogueTables = db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND (name LIKE 'catalogue%' OR name LIKE 'webhook%')",
      )
      .all() as { name: string }[];
    expect(catalogueTables.length).toBeGreaterThan(0);
    db.exec('PRAGMA foreign_keys = OFF; PRAGMA user_version = 0');
    for (const { name } of catalogueTables) db.exec(`DROP TABLE ${name}`);
    db.close();

    expect(await aliceConversationIds()).toEqual([id]);
  });

  it.each([
    {
      file: 'from a build before webhook retries were logged',
      make: async () => {
        await fileWithAConversation();
        alter(
          'ALTER TABLE webhook_delivery_attempts DROP COLUMN retry_at; PRAGMA user_version = 0',
        );
      },
      says: ['has no schema version', 'webhook_delivery_attempts.retry_at'],
    },
    {
      file: 'written by a newer build',
      make: async () => {
        await fileWithAConversation();
        alter(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
      },
      says: [
        'newer build',
        `schema version ${SCHEMA_VERSION + 1}`,
        `knows up to ${SCHEMA_VERSION}`,
      ],
    },
    {
      file: 'of another program',
      make: async () => alter('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)'),
      says: ['unknown table notes'],
    },
    {
      file: 'that is not a database',
      make: async () => writeFileSync(dataFile, 'plain text, not SQLite\n'.repeat(100)),
      says: ['is not a SQLite database'],
    },
  ])(
    'refuses a file $file with a SandboxDataError that says what to do, and leaves it as it was',
    async ({ make, says }) => {
      await make();
      const before = readFileSync(dataFile);

      const error = await startSandbox({ users: [ALICE, BOB], dataFile }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(SandboxDataError);
      const { message, file } = error as SandboxDataError;
      expect(file).toBe(dataFile);
      for (const words of [dataFile, ...says, '--data', 'delete']) expect(message).toContain(words);
      expect(readFileSync(dataFile).equals(before)).toBe(true);
    },
  );

  it('can start afresh once the refused file is deleted, as the demo workspace does', async () => {
    await fileWithAConversation();
    alter(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    await expect(startSandbox({ users: [ALICE, BOB], dataFile })).rejects.toThrow(SandboxDataError);
    rmSync(dataFile);
    expect(await aliceConversationIds()).toEqual([]);
  });

  it('moves avatars and demo pictures of a version 1 file from other hosts to its own', async () => {
    const id = await fileWithAConversation();
    const sent = await (async () => {
      const started = await startSandbox({ users: [ALICE, BOB], dataFile });
      const reply = await clientFor(started, ALICE.token)('POST', '/v1/messages', {
        json: {
          conversation_id: id,
          message: 'Look',
          attachments: [
            { name: 'photo-7.jpg', url: 'https://example.com/own.jpg', mime_type: 'image/jpeg' },
          ],
        },
      });
      await started.close();
      return reply.body.id as string;
    })();
    // As a version 1 build wrote it.
    alter(`
      UPDATE contacts SET avatar_url = 'https://i.pravatar.cc/150?u=' || id;
      UPDATE messages SET attachments = json_array(
        json_object('name', 'photo-7.jpg', 'url', 'https://picsum.photos/seed/parley-7/800/600',
          'mime_type', 'image/jpeg', 'size', 52000),
        json_object('name', 'own.jpg', 'url', 'https://example.com/own.jpg',
          'mime_type', 'image/jpeg', 'size', null));
      PRAGMA user_version = 1;`);

    const reopened = await sandbox({ users: [ALICE, BOB], dataFile });
    expect(schemaVersion()).toBe(SCHEMA_VERSION);
    const reply = await clientFor(reopened, BOB.token)('GET', `/v1/messages/${sent}`);
    expect(reply.body.contact.avatar_url).toBe(`${reopened.url}/_sandbox/assets/avatars/alice.svg`);
    const [picture, own] = reply.body.attachments;
    expect(picture).toMatchObject({
      url: expect.stringMatching(
        new RegExp(`^${reopened.url}/_sandbox/assets/pictures/.+-7\\.svg$`),
      ),
      mime_type: 'image/svg+xml',
    });
    const served = await fetch(picture.url);
    expect(served.status).toBe(200);
    expect(Buffer.byteLength(await served.text())).toBe(picture.size);
    expect(own).toEqual({
      name: 'own.jpg',
      url: 'https://example.com/own.jpg',
      mime_type: 'image/jpeg',
      size: null,
    });
  });
});
