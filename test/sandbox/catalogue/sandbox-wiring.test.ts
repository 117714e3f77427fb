import { spawn } from 'node:child_process';
import { verify } from '@octokit/webhooks-methods';
import { expect, it } from 'vitest';
import { startSandbox } from '../../../main/sandbox/sandbox.ts';
import { eventually, makeCertificate, startReceiver } from './support.ts';

const USER = { contactId: 'ava', token: 'token-ava' };

async function call(url: string, method: string, path: string, json?: unknown) {
  const response = await fetch(url + path, {
    method,
    headers: {
      authorization: `Bearer ${USER.token}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: await response.json() };
}

it('startSandbox serves the catalogue beside messaging and signs with its secret', async () => {
  const certificate = await makeCertificate();
  const receiver = await startReceiver(certificate, () => 200);
  const sandbox = await startSandbox({
    users: [USER],
    trustCa: certificate.cert,
    webhookBackoffMs: 10,
  });
  try {
    expect(sandbox.webhookSecret.length).toBeGreaterThanOrEqual(32);
    expect((await call(sandbox.url, 'GET', '/v1/conversations')).status).toBe(200);
    const registered = await call(sandbox.url, 'POST', '/v1/webhooks', {
      notificationUrl: receiver.url,
      events: ['order.created'],
    });
    expect(registered.status).toBe(201);
    await call(sandbox.url, 'POST', '/_sandbox/events', { type: 'order.created' });
    const request = await eventually(() => receiver.requests[0]);
    const signature = String(request.headers['x-webhook-signature']);
    const body = request.body.toString();
    expect(await verify(sandbox.webhookSecret, body, `sha256=${signature}`)).toBe(true);
    // Without the demo, orders come from the sandbox's own users.
    expect(JSON.parse(body).payload.customerId).toBe(USER.contactId);
  } finally {
    await sandbox.close();
    await receiver.close();
  }
});

/** Runs the sandbox command until its first line, and returns everything it printed. */
async function runCli(env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['main/sandbox/sandbox-cli.ts', '--user', 'ava:token-ava'],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await eventually(() => (/^sandbox: /m.test(stdout) ? true : undefined));
  const port = /127\.0\.0\.1:(\d+)/.exec(stdout)?.[1];
  // A request that logs a line, to see what the log holds.
  await fetch(`http://127.0.0.1:${port}/v1/webhooks`, {
    headers: { authorization: 'Bearer token-ava' },
  });
  child.kill('SIGTERM');
  await exited;
  return { stdout, stderr };
}

it('the sandbox command prints a generated secret once, and never one from the environment', async () => {
  const { SANDBOX_WEBHOOK_SECRET: _unset, ...env } = process.env;
  const generated = await runCli(env);
  const secrets = [...generated.stdout.matchAll(/^webhook-secret: (\S+)$/gm)].map((m) => m[1]);
  expect(secrets).toHaveLength(1);
  expect(generated.stderr).not.toContain(secrets[0]);

  const given = await runCli({ ...env, SANDBOX_WEBHOOK_SECRET: 'whsec_from_env_5c1e' });
  expect(given.stdout).not.toContain('webhook-secret');
  expect(given.stdout + given.stderr).not.toContain('whsec_from_env_5c1e');
});
