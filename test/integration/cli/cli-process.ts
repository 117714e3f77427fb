import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const CLI = resolve(import.meta.dirname, '../../../main/cli/cli.ts');

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts `npm run cli -- ...` as its own process (Node 24, the CLI's real entry point). */
export function spawnCli(
  args: string[],
  token: string | null,
): { child: ChildProcess; done: Promise<CliRun> } {
  const env = { ...process.env };
  delete env.PARLEY_TOKEN;
  if (token !== null) env.PARLEY_TOKEN = token;
  const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const done = new Promise<CliRun>((resolveRun) =>
    child.on('close', (code, signal) => resolveRun({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

export const runCli = (args: string[], token: string | null = null) => spawnCli(args, token).done;
