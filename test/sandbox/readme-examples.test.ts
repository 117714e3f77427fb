import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sandbox } from './support.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

const run = promisify(execFile);
const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** The `curl ... # <status>` lines of the README's "Sandbox service" section. */
function curlExamples(): { command: string; status: number }[] {
  const start = README.indexOf('\n## Sandbox service\n');
  const end = README.indexOf('\n## ', start + 1);
  const section = README.slice(start, end === -1 ? undefined : end);
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  return blocks
    .flatMap((block) => block.split('\n'))
    .filter((line) => line.startsWith('curl '))
    .map((line) => {
      const match = /^(.*?)\s+#\s*(\d{3})\s*$/.exec(line);
      if (!match) throw new Error(`README example without an expected status: ${line}`);
      return { command: match[1] as string, status: Number(match[2]) };
    });
}

describe('the README’s curl examples', () => {
  const scratch = makeTempDir('parley-readme-');
  afterAll(() => removeTempDir(scratch));

  it('run against a sandbox started as the README says, each answering its status', async () => {
    const examples = curlExamples();
    expect(examples.length).toBeGreaterThanOrEqual(15);
    const started = await sandbox({
      users: [
        { contactId: 'alice', token: 'alice-token' },
        { contactId: 'bob', token: 'bob-token' },
      ],
      groups: [{ groupId: 'team', members: ['alice', 'bob'] }],
    });
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      SANDBOX: started.url,
      TOKEN: 'alice-token',
      OUT: join(scratch, 'body.json'),
    };
    for (const example of examples) {
      rmSync(env.OUT as string, { force: true });
      const { stdout } = await run('sh', ['-c', `${example.command} -o "$OUT" -w '%{http_code}'`], {
        env,
      });
      const body = JSON.parse(readFileSync(env.OUT as string, 'utf8'));
      expect({ command: example.command, status: Number(stdout), body }).toMatchObject({
        status: example.status,
      });
      // Later examples use the ids earlier answers gave, as a reader would.
      if (typeof body.id === 'string' && body.id.startsWith('conv_')) env.CONVERSATION_ID = body.id;
      if (typeof body.id === 'string' && body.id.startsWith('msg_')) env.MESSAGE_ID = body.id;
    }
  });
});
