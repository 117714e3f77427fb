import { PROTOCOL } from '../../shared/model/place-links.ts';

/**
 * The link a launch was asked to open: Windows and Linux pass it on the
 * command line (of the first launch, or of a second one forwarded through
 * the single-instance lock), after Chromium's own switches.
 */
export function deepLinkInArgv(argv: readonly string[]): string | null {
  const prefix = `${PROTOCOL}:`;
  return argv.find((arg) => arg.toLowerCase().startsWith(prefix)) ?? null;
}
