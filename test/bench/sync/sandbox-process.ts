import { startCommand } from '../../support/preview-process.ts';

/**
 * The sandbox on a seeded data file, as its own process: the client's work
 * does not share its thread, as with a real server.
 */
export async function sandboxProcess(
  file: string,
  user: { contactId: string; token: string },
  /** Added to every answer (the sandbox's `latency` fault): a link slower than this loop. */
  latencyMs?: number,
) {
  const sandbox = await startCommand(
    'main/sandbox/sandbox-cli.ts',
    [
      '--data',
      file,
      '--user',
      `${user.contactId}:${user.token}`,
      '--rate-limit',
      '1000000000',
      ...(latencyMs === undefined ? [] : ['--faults', `latency=${latencyMs}`]),
    ],
    'sandbox',
  );
  return { url: sandbox.url, stop: () => sandbox.stop() };
}
