import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import {
  eventually,
  makeCertificate,
  settledNotification,
  startCatalogue,
  startReceiver,
} from './support.ts';
import { makeTempDir, removeTempDir } from '../../support/temp-dir.ts';

const dir = makeTempDir('parley-catalogue-');
afterAll(() => removeTempDir(dir));

it('resumes pending retries after a restart on the same data file', async () => {
  const dataFile = join(dir, 'sandbox.db');
  const certificate = await makeCertificate();
  const receiver = await startReceiver(certificate, (attempt) => (attempt === 1 ? 500 : 200));
  // A long backoff: the first run stops well before its retry is due.
  const options = { dataFile, trustCa: certificate.cert, backoffMs: 1500 };
  try {
    const first = await startCatalogue(options);
    await first.call('POST', '/v1/webhooks', {
      json: { notificationUrl: receiver.url, events: ['invoice.updated'] },
    });
    const { id } = (
      await first.call('POST', '/_sandbox/events', { json: { type: 'invoice.updated' } })
    ).body;
    await eventually(() =>
      first.lines.find((line) => line.includes(`${id}`) && line.includes('attempt 1')),
    );
    await first.close();
    expect(receiver.requests).toHaveLength(1);

    const second = await startCatalogue(options);
    try {
      const entry = await settledNotification(second, id);
      expect(entry.deliveries[0].state).toBe('delivered');
      expect(entry.deliveries[0].attempts.map((a: { status: number }) => a.status)).toEqual([
        500, 200,
      ]);
      expect(receiver.requests).toHaveLength(2);
      expect(receiver.requests[1]!.body.equals(receiver.requests[0]!.body)).toBe(true);
      expect(JSON.parse(receiver.requests[1]!.body.toString()).id).toBe(id);
    } finally {
      await second.close();
    }
  } finally {
    await receiver.close();
  }
});
