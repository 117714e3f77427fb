import type { Settings } from '../../../shared/model/settings.ts';
import type { Clock } from '../ports/ports.ts';
import { backoffDelay, POLL_BACKOFF } from '../api/backoff.ts';

export interface Activity {
  focused: boolean;
  visible: boolean;
  openConversationId: string | null;
}

export interface HostState {
  online: boolean;
  suspended: boolean;
}

/** What a failed round asks of the poller. */
export type RoundFailure = { stop: true } | { stop: false; retryAfterMs: number | null };

export interface PollerDeps {
  clock: Clock;
  polling(): Settings['polling'];
  round(): Promise<void>;
  classify(error: unknown): RoundFailure;
  random?: () => number;
}

/**
 * When to poll: often while the user looks at a conversation, less while the
 * window is merely focused, rarely in the background; not at all while
 * offline or suspended, and at once when that ends or the window regains
 * focus. Failed rounds back off exponentially (with jitter, at least as long
 * as the server's Retry-After); a round that asks to stop (401) stops it.
 */
export function createPoller(deps: PollerDeps) {
  const { clock } = deps;
  let activity: Activity = { focused: false, visible: false, openConversationId: null };
  let host: HostState = { online: true, suspended: false };
  let started = false;
  let stopped = false;
  let failures = 0;
  let timer: { cancel(): void } | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  const paused = () => !started || stopped || !host.online || host.suspended;

  function interval(): number {
    const polling = deps.polling();
    if (!activity.focused || !activity.visible) return polling.backgroundMs;
    return activity.openConversationId !== null ? polling.openMs : polling.focusedMs;
  }

  function schedule(ms: number): void {
    timer?.cancel();
    timer = paused() ? null : clock.setTimeout(() => void runNow(), ms);
  }

  async function runNow(): Promise<void> {
    timer?.cancel();
    timer = null;
    if (paused()) return;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let delay: number;
      try {
        await deps.round();
        failures = 0;
        delay = interval();
      } catch (error) {
        const failure = deps.classify(error);
        if (failure.stop) {
          stopped = true;
          return;
        }
        failures += 1;
        delay = Math.max(
          interval(),
          backoffDelay(POLL_BACKOFF, failures, failure.retryAfterMs, deps.random),
        );
      } finally {
        running = null;
      }
      if (again) {
        again = false;
        return runNow();
      }
      schedule(delay);
    })();
    return running;
  }

  return {
    start(): void {
      started = true;
      stopped = false;
      void runNow();
    },
    stop(): Promise<void> | null {
      started = false;
      timer?.cancel();
      timer = null;
      return running;
    },
    /** Runs a round now (or right after the one under way) and resolves when done. */
    runNow,
    setActivity(next: Activity): void {
      const regainedFocus = next.focused && !activity.focused;
      const opened =
        next.openConversationId !== null && next.openConversationId !== activity.openConversationId;
      activity = next;
      if (regainedFocus || opened) void runNow();
      else if (!running) schedule(interval());
    },
    setHostState(next: Partial<HostState>): void {
      const wasPaused = paused();
      host = { ...host, ...next };
      if (paused()) {
        timer?.cancel();
        timer = null;
      } else if (wasPaused) {
        failures = 0;
        void runNow();
      }
    },
    get activity(): Activity {
      return activity;
    },
    get isStopped(): boolean {
      return stopped;
    },
    get failures(): number {
      return failures;
    },
  };
}

export type Poller = ReturnType<typeof createPoller>;
