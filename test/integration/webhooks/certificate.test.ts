import { X509Certificate } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/model/settings.ts';
import {
  memoryVault,
  recordingNotifier,
  silentLogger,
} from '../../../main/core/ports/node-adapters.ts';
import type { Clock } from '../../../main/core/ports/ports.ts';
import { openDatabase } from '../../../main/core/store/database.ts';
import {
  createWebhookReceiver,
  type WebhookReceiver,
} from '../../../main/core/webhooks/receiver.ts';
import { deliver, notification, PATH, SECRET, signedDelivery } from './receiver-harness.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';

let dataDir: string;
const running: WebhookReceiver[] = [];

beforeEach(async () => {
  dataDir = makeTempDir('parley-webhooks-cert-');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((receiver) => receiver.stop()));
  removeTempDir(dataDir);
});

function receiver(clock?: Clock): WebhookReceiver {
  const created = createWebhookReceiver({
    db: openDatabase(':memory:'),
    vault: memoryVault({ 'webhook-secret': SECRET }),
    dataDir,
    log: silentLogger,
    emit: () => {},
    notifier: recordingNotifier(),
    getSettings: () => DEFAULT_SETTINGS,
    clock,
  });
  running.push(created);
  return created;
}
const options = { host: '127.0.0.1', port: 0, path: PATH };

describe('receiver certificate', () => {
  it('generates a self-signed pair on first use and reuses it across restarts', async () => {
    const first = receiver();
    await first.start(options);
    const pem = await first.certificatePem();
    const fingerprint = first.status().certificateFingerprint;
    expect(fingerprint).toBe(new X509Certificate(pem).fingerprint256);
    await first.stop();

    const second = receiver();
    const { url } = await second.start(options);
    expect(await second.certificatePem()).toBe(pem);
    expect(second.status().certificateFingerprint).toBe(fingerprint);
    const reply = await deliver(url, pem, signedDelivery(notification('order.created', {})));
    expect(reply.status).toBe(200);
  });

  it('is valid for 127.0.0.1 and localhost, so a client trusting the exported PEM connects by either name', async () => {
    const started = receiver();
    const { url } = await started.start(options);
    const pem = await started.certificatePem();
    const byName = url.replace('127.0.0.1', 'localhost');
    const replies = await Promise.all(
      [url, byName].map((target) =>
        deliver(target, pem, signedDelivery(notification('order.created', {}))),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
  });

  it('replaces its own certificate when it is about to expire', async () => {
    const first = receiver();
    await first.start(options);
    const pem = await first.certificatePem();
    await first.stop();

    // It was made valid for 825 days and is renewed within a week of its end.
    const dayBeforeExpiry = Date.now() + 824 * 24 * 3_600_000;
    const later = receiver({ now: () => dayBeforeExpiry, setTimeout: () => ({ cancel() {} }) });
    await later.start(options);
    expect(await later.certificatePem()).not.toBe(pem);
  });

  it("serves the user's own certificate and key when given", async () => {
    const own = await generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    const certFile = join(dataDir, 'own-cert.pem');
    const keyFile = join(dataDir, 'own-key.pem');
    await writeFile(certFile, own.cert);
    await writeFile(keyFile, own.private);

    const started = receiver();
    const { url } = await started.start({ ...options, certFile, keyFile });
    expect(await started.certificatePem()).toBe(own.cert);
    const reply = await deliver(url, own.cert, signedDelivery(notification('order.created', {})));
    expect(reply.status).toBe(200);
  });

  it('refuses to start with a missing file, a key that does not match, or only half a pair', async () => {
    const mine = await generate(undefined, { keySize: 2048, algorithm: 'sha256' });
    const theirs = await generate(undefined, { keySize: 2048, algorithm: 'sha256' });
    const certFile = join(dataDir, 'cert.pem');
    const keyFile = join(dataDir, 'other-key.pem');
    await writeFile(certFile, mine.cert);
    await writeFile(keyFile, theirs.private);

    const started = receiver();
    await expect(started.start({ ...options, certFile, keyFile })).rejects.toThrow(
      /does not match/,
    );
    expect(started.status()).toMatchObject({
      listening: false,
      error: expect.stringMatching(/does not match/),
    });
    await expect(
      started.start({ ...options, certFile: join(dataDir, 'nope.pem'), keyFile }),
    ).rejects.toThrow(/cannot read the certificate file .*nope\.pem: ENOENT/);
    await expect(started.start({ ...options, certFile })).rejects.toThrow(/both/);
  });
});
