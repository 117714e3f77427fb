import { ESLint } from 'eslint';
import { mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layout table holds because lint fails on every file that breaks it.
 * Each probe is written into the folder whose rule it breaks (the rule goes by
 * path), linted with the project's own configuration, and removed.
 */
const root = join(import.meta.dirname, '../../..');
const probes: { file: string; source: string; breaks: string }[] = [];
const probe = (file: string, source: string, breaks = 'layout/layout-imports') =>
  probes.push({ file: `${file}.layout-probe.ts`, source, breaks });

probe('shared/model/qs', "import 'qs';");
probe('shared/model/node', "import 'node:fs';");
probe('renderer/lib/fastify', "import 'fastify';");
probe('renderer/lib/core', "import '../../main/core/create-core.ts';");
probe('renderer/lib/node', "import 'node:path';");
probe('main/preload/core', "import '../core/create-core.ts';");
probe('main/preload/shared-model', "import '../../shared/model/session.ts';");
probe('main/sandbox/core', "import '../core/create-core.ts';");
probe('main/sandbox/shared', "import '../../shared/model/settings.ts';");
probe('main/core/sandbox', "import '../sandbox/sandbox.ts';");
probe(
  'main/core/store/sandbox-lazily',
  "void import('../../sandbox/demo-process/forked-demo.ts');",
);
probe('main/core/electron', "import 'electron';");
probe('main/core/electron-store', "import 'electron-store';");
probe('main/core/shell', "import '../shell/main.ts';");
probe('main/core/store/upwards', "import '../sync/poller.ts';");
probe('main/core/sync/sideways', "import '../outbox/unsent.ts';");
probe('main/core/ipc/above', "import '../create-core.ts';");
probe('main/core/webhooks/eager-selfsigned', "import 'selfsigned';");
probe('main/core/engine/eager-relay', "import '../relay/relay-module.ts';");
probe('main/core/eager-relay', "import './relay/relay-puller.ts';");
probe('main/core/webhooks/relay-sideways', "void import('../relay/relay-module.ts');");
probe('main/sandbox/catalogue/relay', "import '../../relay/relay.ts';");
probe('main/shell/core-internals', "import '../core/store/database.ts';");
probe('main/shell/eager-demo', "import '../sandbox/demo-process/forked-demo.ts';");
probe('main/cli/core-internals', "import '../core/sync/poller.ts';");
probe('main/preview/sandbox', "import '../sandbox/sandbox.ts';");
probe('main/relay/core', "import '../core/create-core.ts';");
probe('main/relay/electron', "import 'electron';");
probe('main/webhook-protocol/core', "import '../core/ports/ports.ts';");
probe('main/desktop/electron', "import 'electron';");
probe('main/unlisted/anything', 'export {};');
probe('main/core/store/cycle-a', "import './cycle-b.layout-probe.ts';", 'import-x/no-cycle');
probe('main/core/store/cycle-b', "import './cycle-a.layout-probe.ts';", 'import-x/no-cycle');

const clean = [
  ['shared/model/clean', "import { z } from 'zod';\nexport const id = z.string();"],
  [
    'main/core/store/clean',
    "import { join } from 'node:path';\nimport './database.ts';\nexport const at = join('a');",
  ],
  ['main/core/webhooks/clean', "export const load = () => import('selfsigned');"],
  [
    'main/core/engine/clean',
    "import type { RelayPuller } from '../relay/relay-module.ts';\nexport const load = () => import('../relay/relay-module.ts');\nexport type Slot = RelayPuller | null;",
  ],
  [
    'main/shell/clean',
    "import './main-window.ts';\nexport const demo = () => import('../sandbox/demo-process/forked-demo.ts');",
  ],
  ['main/cli/clean', "import '../core/headless.ts';\nimport '../core/ports/node-adapters.ts';"],
  ['renderer/lib/clean', "import '../../shared/ipc/api.ts';\nimport 'zustand';"],
] as const;

const written = [...probes.map((p) => p.file), ...clean.map(([file]) => `${file}.layout-probe.ts`)];
let results: Map<string, ESLint.LintResult>;

beforeAll(async () => {
  for (const { file, source } of probes) write(file, source);
  for (const [file, source] of clean) write(`${file}.layout-probe.ts`, source);
  const eslint = new ESLint({ cwd: root });
  const linted = await eslint.lintFiles(written);
  results = new Map(linted.map((result) => [result.filePath.slice(root.length + 1), result]));
}, 60_000);

afterAll(() => {
  for (const file of written) rmSync(join(root, file), { force: true });
  // Folders made for the probes go too; one that holds anything else stays.
  for (const dir of ['main/relay', 'main/webhook-protocol', 'main/desktop', 'main/unlisted']) {
    const path = join(root, dir);
    if (readdirSync(path).length === 0) rmdirSync(path);
  }
});

function write(file: string, source: string) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), `${source}\n`);
}

describe('the layout rule', () => {
  it.each(probes.map((p) => [p.file, p.breaks] as const))('fails %s (%s)', (file, rule) => {
    const messages = results.get(file)?.messages ?? [];
    expect(messages.map((message) => message.ruleId)).toContain(rule);
  });

  it.each(clean.map(([file]) => `${file}.layout-probe.ts`))('passes %s', (file) => {
    expect(results.get(file)?.messages).toEqual([]);
  });
});
