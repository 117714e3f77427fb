import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../main/cli/cli.ts';
import { RELAY_DEFAULTS } from '../../main/relay/relay.ts';
import { startSandbox } from '../../main/sandbox/sandbox.ts';
import { CATALOGUE_EVENT_TYPES } from '../../shared/model/settings.ts';
import { startCommand } from '../support/preview-process.ts';
import { relayCertificate, RELAY_ENV } from './relay-harness.ts';
import { makeTempDir, removeTempDir } from '../support/temp-dir.ts';

/**
 * The README's "Deploying the relay" examples, kept true: the unit's command
 * lines start the real relay, the proxies forward to the unit's port, the
 * registration line registers, and where nginx, Caddy and systemd are
 * installed, their own checkers accept the files.
 */
const ROOT = resolve(import.meta.dirname, '../..');

interface Examples {
  unit: string;
  dropIn: string;
  caddyfile: string;
  nginx: string;
  registration: string;
}

async function readExamples(): Promise<Examples> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('### Deploying the relay');
  const section = readme.slice(start, readme.indexOf('\n## ', start));
  const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, lang, body]) => ({
    lang,
    body: body as string,
  }));
  const of = (lang: string) => blocks.filter((block) => block.lang === lang).map((b) => b.body);
  const [unit, dropIn] = of('ini');
  const registration = of('sh').find((body) => body.includes('webhooks register'));
  const [caddyfile] = of('caddyfile');
  const [nginx] = of('nginx');
  if (!unit || !dropIn || !caddyfile || !nginx || !registration) {
    throw new Error('the README lacks one of the deployment examples');
  }
  return { unit, dropIn, caddyfile, nginx, registration };
}

/** The arguments after relay-cli.ts on the (last non-empty) ExecStart= line. */
function relayArgs(unit: string): string[] {
  const line = unit
    .split('\n')
    .filter((entry) => /^ExecStart=\S/.test(entry))
    .at(-1);
  const words = line?.slice('ExecStart='.length).split(/\s+/) ?? [];
  expect(words[1]).toBe('/opt/parley/main/relay/relay-cli.ts');
  return words.slice(2);
}

function withOption(args: string[], name: string, value: string): string[] {
  const at = args.indexOf(name);
  expect(at).toBeGreaterThanOrEqual(0);
  return args.map((arg, index) => (index === at + 1 ? value : arg));
}

function optionOf(args: string[], name: string): string | undefined {
  return args[args.indexOf(name) + 1];
}

const installed = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;

let examples: Examples;
let dir: string;
beforeAll(async () => {
  examples = await readExamples();
  dir = makeTempDir('parley-relay-deploy-');
  const tls = await relayCertificate();
  await writeFile(join(dir, 'cert.pem'), tls.cert);
  await writeFile(join(dir, 'key.pem'), tls.key, { mode: 0o600 });
});
afterAll(async () => removeTempDir(dir));

describe('the README deployment examples', () => {
  it("start the relay with the unit's command line, plain behind a proxy and with its own TLS", async () => {
    const plainArgs = relayArgs(examples.unit);
    expect(optionOf(plainArgs, '--host')).toBe('127.0.0.1');
    const plain = await startCommand(
      'main/relay/relay-cli.ts',
      withOption(withOption(plainArgs, '--port', '0'), '--data', join(dir, 'plain.db')),
      'relay',
      RELAY_ENV,
    );
    await plain.stop();
    expect(plain.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    // The drop-in's credentials are what its command line reads from %d.
    const tlsArgs = relayArgs(examples.dropIn);
    for (const name of ['tls-cert', 'tls-key']) {
      expect(tlsArgs).toContain(`%d/${name}`);
      expect(examples.dropIn).toMatch(new RegExp(`^LoadCredential=${name}:/etc/\\S+\\.pem$`, 'm'));
    }
    let args = withOption(tlsArgs, '--port', '0');
    args = withOption(args, '--host', '127.0.0.1');
    args = withOption(args, '--data', join(dir, 'tls.db'));
    args = args.map((arg) =>
      arg.replace('%d/tls-cert', join(dir, 'cert.pem')).replace('%d/tls-key', join(dir, 'key.pem')),
    );
    const withTls = await startCommand('main/relay/relay-cli.ts', args, 'relay', RELAY_ENV);
    await withTls.stop();
    expect(withTls.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it("forward to the unit's address, and allow a held pull to take its 30 s", () => {
    const args = relayArgs(examples.unit);
    const upstream = `${optionOf(args, '--host')}:${optionOf(args, '--port')}`;
    expect(examples.caddyfile).toMatch(new RegExp(`^\\s*reverse_proxy ${upstream}$`, 'm'));
    expect(examples.nginx).toMatch(new RegExp(`^\\s*proxy_pass http://${upstream};$`, 'm'));
    const readTimeout = /proxy_read_timeout (\d+)s;/.exec(examples.nginx)?.[1];
    expect(Number(readTimeout)).toBeGreaterThan(30);
  });

  it('register the public URL with the line the README gives', async () => {
    const words = examples.registration.trim().split(/\s+/);
    expect(words.slice(0, 5)).toEqual(['PARLEY_CATALOGUE_TOKEN=...', 'npm', 'run', 'cli', '--']);
    const args = words.slice(5);
    const url = new URL(optionOf(args, '--url') ?? '');
    expect(url.pathname).toBe(RELAY_DEFAULTS.path);
    expect(optionOf(args, '--events')?.split(',').sort()).toEqual(
      [...CATALOGUE_EVENT_TYPES].sort(),
    );

    const sandbox = await startSandbox({ webhookSecret: 'whsec_readme' });
    try {
      const out: string[] = [];
      const code = await runCli(withOption(args, '--catalogue-url', sandbox.url), {
        stdout: { write: (text: string) => out.push(text) },
        stderr: { write: (text: string) => out.push(text) },
        env: { PARLEY_CATALOGUE_TOKEN: sandbox.users[0]?.token ?? '' },
      });
      expect([code, out.join('')]).toEqual([0, expect.stringContaining(`url: ${url.href}`)]);
    } finally {
      await sandbox.close();
    }
  });

  it.skipIf(!installed('nginx'))('pass nginx -t', async () => {
    const site = examples.nginx
      .replace(/\/etc\/letsencrypt\/\S+\/fullchain\.pem/, join(dir, 'cert.pem'))
      .replace(/\/etc\/letsencrypt\/\S+\/privkey\.pem/, join(dir, 'key.pem'));
    await writeFile(join(dir, 'site.conf'), site);
    await writeFile(
      join(dir, 'nginx.conf'),
      `pid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')};\n` +
        `events {}\nhttp {\n  include ${join(dir, 'site.conf')};\n}\n`,
    );
    const check = spawnSync(
      'nginx',
      ['-t', '-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')],
      {
        encoding: 'utf8',
      },
    );
    expect([check.status, check.stderr]).toEqual([
      0,
      expect.stringContaining('test is successful'),
    ]);
  });

  it.skipIf(!installed('caddy'))('pass caddy validate', async () => {
    await writeFile(join(dir, 'Caddyfile'), examples.caddyfile);
    const check = spawnSync(
      'caddy',
      ['validate', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'],
      {
        encoding: 'utf8',
        env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      },
    );
    expect([check.status, check.stdout + check.stderr]).toEqual([
      0,
      expect.stringContaining('Valid configuration'),
    ]);
  });

  it.skipIf(!installed('systemd-analyze'))(
    'pass systemd-analyze verify, drop-in included',
    async () => {
      // The checker wants the executables to exist: this checkout stands in for /opt/parley.
      const unit = `${examples.unit}\n${examples.dropIn}`.replaceAll('/opt/parley', ROOT);
      await writeFile(join(dir, 'parley-relay.service'), unit);
      const check = spawnSync('systemd-analyze', ['verify', join(dir, 'parley-relay.service')], {
        encoding: 'utf8',
      });
      expect([check.status, check.stderr.trim()]).toEqual([0, '']);
    },
  );
});
