import { describe, expect, it } from 'vitest';
import { startCommand } from '../../support/preview-process.ts';

/** Long enough for a hang to be told from a stop; a stop takes milliseconds. */
const STOP_WITHIN_MS = 5_000;

function settlesWithin<T>(promise: Promise<T>, ms: number): Promise<boolean> {
  return Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref()),
  ]);
}

describe('a command started by the tests', () => {
  it('stops at once when asked, and when it was already killed by a signal', async () => {
    const asked = await startCommand('main/sandbox/sandbox-cli.ts', ['--port', '0'], 'sandbox');
    expect(await settlesWithin(asked.stop(), STOP_WITHIN_MS)).toBe(true);
    expect(asked.child.exitCode ?? asked.child.signalCode).not.toBeNull();

    const killed = await startCommand('main/sandbox/sandbox-cli.ts', ['--port', '0'], 'sandbox');
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(killed.child.signalCode).toBe('SIGKILL');
    expect(await settlesWithin(killed.stop(), STOP_WITHIN_MS)).toBe(true);
  });
});
