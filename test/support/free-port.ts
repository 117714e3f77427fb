import { createServer } from 'node:net';

/**
 * A port free on 127.0.0.1 right now, for a process that must be told its
 * port up front (and keep it across a restart) rather than take port 0.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}
