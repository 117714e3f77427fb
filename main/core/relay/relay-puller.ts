import type { ActivityItem } from '../../../shared/model/activity.ts';
import type { RelayStatus } from '../../../shared/model/relay.ts';
import { backoffDelay, type BackoffPolicy } from '../api/backoff.ts';
import { transaction, type Database } from '../store/database.ts';
import type { HostState } from '../sync/poller.ts';
import { createActivityLog, type ActivitySource } from '../webhooks/activity-log.ts';
import { notifyNews, showActivity, type AnnounceDeps } from '../webhooks/announce-activity.ts';
import { LONG_POLL_SECONDS, type PullPage, type RelayClient } from './relay-client.ts';
import { forgetPosition, loadPosition, savePosition, type RelayPosition } from './relay-cursor.ts';
import { RelayError } from './relay-error.ts';
import { relayStatusTracker } from './relay-status.ts';

/** A shop owner waits for orders: a relay back after an outage is tried again within a minute. */
export const RELAY_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 60_000 };
const PAGE_LIMIT = 100;
/**
 * A long poll that comes back empty sooner than this (a relay that is
 * stopping answers its held pulls at once) is followed after this long, so a
 * relay that ignores `wait` is never asked in a tight loop.
 */
const MIN_POLL_MS = 1_000;

export interface RelayPullerDeps extends AnnounceDeps {
  db: Database;
  source: ActivitySource;
  /** The address the client speaks to, as the user gave it. */
  url: string;
  client: RelayClient;
  onStatus(status: RelayStatus): void;
  random?: () => number;
}

export interface RelayPuller {
  start(): void;
  stop(): Promise<void>;
  setHostState(state: Partial<HostState>): void;
  status(): RelayStatus;
}

/**
 * Pulls a relay's events into the activity log, one request at a time. After
 * a start, a resume or a reconnect it first catches up (`wait=0`, page after
 * page): what it finds is a backlog, stored at once and announced as one
 * summary when caught up. Then it long-polls (`wait=30`), announcing each
 * answer's events as the receiver would. Each page and the cursor past it are
 * stored in one transaction, and the log keeps each notification id once, so
 * an event seen twice (delivery to an app is at least once) is kept once.
 * Offline or suspended, no request is held. A refused token stops it until a
 * new one is given; a cursor the relay no longer has (410) starts over from
 * the oldest event it keeps, and says so; anything else is retried with
 * backoff.
 */
export function createRelayPuller(deps: RelayPullerDeps): RelayPuller {
  const { db, source, client, clock } = deps;
  const activity = createActivityLog(db);
  const status = relayStatusTracker(deps);
  let position: RelayPosition = loadPosition(db, source, deps.url);
  /** A first pull from this relay brings its history: stored, and not news. */
  let history = position.cursor === null;
  let host: HostState = { online: true, suspended: false };
  let started = false;
  let stopped = false;
  let catchingUp = true;
  let backlog: ActivityItem[] = [];
  let failures = 0;
  let limit = PAGE_LIMIT;
  let abort: AbortController | null = null;
  let wake: (() => void) | null = null;
  let loop: Promise<void> | null = null;
  status.restore(position.lastEventAt);

  const active = () => started && !stopped && host.online && !host.suspended;

  /** Waits `ms`, or less if paused, stopped or resumed meanwhile. */
  function pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = clock.setTimeout(() => resolve(), ms);
      wake = () => {
        timer.cancel();
        resolve();
      };
    }).finally(() => {
      wake = null;
    });
  }

  function interrupt(): void {
    abort?.abort();
    wake?.();
  }

  function store(page: PullPage): ActivityItem[] {
    const receivedAt = clock.now();
    const newest = page.events.at(-1)?.receivedAt ?? null;
    const next = { cursor: page.nextCursor, lastEventAt: newest ?? position.lastEventAt };
    const results = transaction(db, () => {
      const stored = activity.recordAll(
        page.events.map((event) => event.envelope),
        receivedAt,
        source,
      );
      savePosition(db, source, deps.url, next);
      return stored;
    });
    position = next;
    if (page.skipped > 0) {
      deps.log.warn('relay events skipped: not notification envelopes', { count: page.skipped });
    }
    return results.flatMap((result, index) => {
      if (!(result instanceof Error)) return result ?? [];
      deps.log.error('relay event not stored', {
        id: page.events[index]?.envelope.id,
        error: result.message,
      });
      return [];
    });
  }

  /** Announces what a page brought: live at once, a backlog once caught up. */
  function announce(items: ActivityItem[], caughtUp: boolean): void {
    const news = showActivity(deps, items);
    if (!history) backlog.push(...news);
    if (!caughtUp) return;
    notifyNews(deps, backlog, { backlog: catchingUp });
    backlog = [];
    history = false;
    catchingUp = false;
  }

  async function once(): Promise<void> {
    const controller = (abort = new AbortController());
    const startedAt = clock.now();
    const wait = catchingUp ? 0 : LONG_POLL_SECONDS;
    try {
      const page = await client.pull({
        after: position.cursor,
        limit,
        wait,
        signal: controller.signal,
      });
      const items = store(page);
      failures = 0;
      limit = PAGE_LIMIT;
      status.connected(position.lastEventAt);
      announce(items, !page.hasMore);
      if (wait > 0 && page.events.length === 0 && clock.now() - startedAt < MIN_POLL_MS) {
        await pause(MIN_POLL_MS);
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      await failed(error);
    }
  }

  async function failed(error: unknown): Promise<void> {
    const kind = error instanceof RelayError ? error.kind : null;
    const message = error instanceof Error ? error.message : String(error);
    if (kind === 'token-needed' || kind === 'unauthorized') {
      stopped = true;
      status.refused(kind, message);
      if (kind === 'unauthorized') deps.emit({ type: 'notice', level: 'error', message });
      return;
    }
    if (kind === 'expired') {
      startOver(message);
      return;
    }
    if (kind === 'too-large' && limit > 1) {
      limit = Math.max(1, Math.floor(limit / 2));
      return;
    }
    if (kind === null) deps.log.error('relay pull failed', { error: message });
    failures += 1;
    status.unreachable(message);
    await pause(backoffDelay(RELAY_BACKOFF, failures, null, deps.random));
  }

  function startOver(why: string): void {
    position = { cursor: null, lastEventAt: position.lastEventAt };
    forgetPosition(db, source);
    catchingUp = true;
    status.startedOver();
    deps.emit({
      type: 'notice',
      level: 'warning',
      message: `${why} Parley started over from the oldest event it keeps; events in between may be missing.`,
    });
  }

  function run(): void {
    if (loop !== null || !active()) return;
    loop = (async () => {
      while (active()) await once();
    })().finally(() => {
      loop = null;
      abort = null;
      // Resumed while the last request was being abandoned: go on.
      run();
    });
  }

  return {
    start() {
      started = true;
      if (active()) status.connecting();
      else status.paused();
      run();
    },
    async stop() {
      stopped = true;
      interrupt();
      await loop;
      client.close();
      status.off();
    },
    setHostState(next) {
      const was = active();
      host = { ...host, ...next };
      if (was && !active()) {
        interrupt();
        if (!stopped) status.paused();
      } else if (!was && active()) {
        failures = 0;
        catchingUp = true;
        status.connecting();
        run();
      }
    },
    status: status.current,
  };
}
