/**
 * A `--data` file this build cannot use: written by a newer build, made before schema versions
 * with tables that differ, or not a SQLite database at all. The file is left as it was. The app's
 * demo workspace recognises this error to reset its disposable demo data.
 */
export class SandboxDataError extends Error {
  readonly file: string;

  constructor(file: string, problem: string) {
    super(
      `sandbox data file ${file} ${problem}: start with --data naming another file, or delete this one to start afresh`,
    );
    this.name = 'SandboxDataError';
    this.file = file;
  }
}
