import type { Workspace } from '../store/workspace.ts';
import type { DemoArrival } from './seed-demo.ts';

/**
 * Sends the demo's new messages once, `afterMs` after a first start: the
 * back-story is seen, and these are what arrives while the user looks (the
 * unread counts, the badge and a notification have something real to show).
 * All at once, as a phone's messages land after a flight.
 */
export function scheduleDemoArrivals(options: {
  workspace: Workspace;
  arrivals: readonly DemoArrival[];
  afterMs: number;
  /** Unix seconds. */
  now: () => number;
  log?: (line: string) => void;
}): { stop(): void } {
  const timer = setTimeout(() => {
    try {
      options.workspace.database.transaction(() => {
        for (const arrival of options.arrivals) {
          options.workspace.send({ ...arrival, at: options.now() });
        }
      });
    } catch (error) {
      options.log?.(`demo arrivals failed: ${(error as Error).message}`);
    }
  }, options.afterMs);
  return { stop: () => clearTimeout(timer) };
}
