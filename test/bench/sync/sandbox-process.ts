import { startCommand } from '../../support/preview-process.ts';
import { procStatFields } from '../proc-stat.ts';

/** The kernel's clock ticks a second as /proc counts them (USER_HZ, 100 on every Linux build). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds process `pid` has used, user and system, read from /proc; null
 * where there is no /proc to read (not Linux).
 */
function processCpuSeconds(pid: number): number | null {
  try {
    const fields = procStatFields(pid);
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

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
  const pid = sandbox.child.pid;
  return {
    url: sandbox.url,
    /** CPU seconds the sandbox has used so far; null where that cannot be read. */
    cpuSeconds: () => (pid === undefined ? null : processCpuSeconds(pid)),
    stop: () => sandbox.stop(),
  };
}
