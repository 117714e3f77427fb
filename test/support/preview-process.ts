import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { makeTempDir, removeTempDir } from './temp-dir.ts';

const ROOT = resolve(import.meta.dirname, '../..');

export interface RunningProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Settles when the child has ended, however it ended (an exit code or a signal). */
  exited: Promise<void>;
  /** Ends the child with SIGTERM unless it has ended already; settles once it has. */
  stop(): Promise<void>;
}

/**
 * Starts one of the project's commands as a real child process and waits for
 * the `<label>: <url>` line it prints when ready. `maxFileBlocks` caps the
 * size of every file it writes (`ulimit -f`: a full disk, for one process).
 */
export async function startCommand(
  script: string,
  args: string[],
  label: string,
  env: Record<string, string> = {},
  maxFileBlocks?: number,
): Promise<RunningProcess> {
  const command = [process.execPath, join(ROOT, script), ...args];
  const [file, ...argv] =
    maxFileBlocks === undefined
      ? command
      : ['/bin/sh', '-c', `ulimit -f ${maxFileBlocks} && exec "$0" "$@"`, ...command];
  const child = spawn(file as string, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Listened for from the start: a child that dies of a signal has no exit code, only its end.
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start:\n${output}`)),
      20_000,
    );
    let started = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Once started, output is only kept: matching all of it on every chunk grew with the
      // square of a long benchmark's request log.
      if (started) return;
      const match = new RegExp(`^${label}: (\\S+)$`, 'm').exec(output);
      if (match?.[1]) {
        started = true;
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `npm run preview` minus the build (the test run builds the renderer once). */
export async function startPreview(args: string[] = [], env: Record<string, string> = {}) {
  const dataDir = makeTempDir('parley-preview-');
  const preview = await startCommand(
    'main/preview/preview-cli.ts',
    ['--data-dir', dataDir, ...args],
    'preview',
    env,
  );
  return {
    ...preview,
    dataDir,
    async stop() {
      await preview.stop();
      removeTempDir(dataDir);
    },
  };
}
