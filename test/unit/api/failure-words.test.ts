import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { createTransport } from '../../../main/core/api/http-transport.ts';
import type { ApiError } from '../../../main/core/api/api-error.ts';
import type { Logger } from '../../../main/core/ports/ports.ts';

const quiet: Logger = { info() {}, warn() {}, error() {} };

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

async function failure(baseUrl: string): Promise<ApiError> {
  const send = createTransport({
    baseUrl,
    getToken: async () => 'token',
    log: quiet,
    retry: { retries: 0 },
  });
  try {
    await send({ method: 'GET', path: 'v1/conversations' });
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the request did not fail');
}

describe('a server that cannot be reached', () => {
  it('is named in a sentence with what to do, never by the system code', async () => {
    const port = await closedPort();
    const refused = await failure(`http://127.0.0.1:${port}`);
    expect(refused).toMatchObject({ kind: 'network' });
    expect(refused.message).toBe(
      `Parley could not reach 127.0.0.1:${port}: nothing answered there. Check the address, or try again later.`,
    );

    const unknown = await failure('https://no-such-host.invalid');
    expect(unknown.message).toBe(
      'Parley could not find no-such-host.invalid. Check the address and that this computer is online.',
    );
    for (const error of [refused, unknown]) expect(error.message).not.toMatch(/E[A-Z_]{4,}/);
  });
});
