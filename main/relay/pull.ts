import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeCursor, encodeCursor } from './cursor.ts';
import type { EventPage } from './event-store.ts';
import { parsePullQuery } from './pull-query.ts';
import { sendJson, sendRefusal, type Refusal } from './responses.ts';
import type { ThreadedEventStore } from './threaded-event-store.ts';

export interface PullDeps {
  store: ThreadedEventStore;
  isAuthorized(header: unknown): boolean;
  retentionDays: number;
}

export interface Pull {
  handle(request: IncomingMessage, response: ServerResponse): void;
  /** New events were committed: answer the held requests they are news for. */
  wake(): void;
  /**
   * The relay is stopping: answers every held request now, as if its wait had
   * ended, and holds no more (a pull still arriving on an open connection is
   * answered at once), so the apps come back to the next relay promptly.
   */
  stopHolding(): void;
}

/**
 * What the relay holds in memory for pulls is bounded whatever the backlog
 * and however many apps pull at once: a page carries at most PAGE_BYTES of
 * payload (fewer events than asked, `has_more` true), and at most
 * PAGES_IN_FLIGHT pages are being read or sent at a time; further answers
 * wait their turn (a long poll woken by a burst, many apps catching up).
 */
export const PAGE_BYTES = 4 * 1024 * 1024;
export const PAGES_IN_FLIGHT = 8;

interface Held {
  afterSeq: number;
  limit: number;
  response: ServerResponse;
  timer: NodeJS.Timeout;
}

/**
 * `GET /v1/events?after&limit&wait`: the events after a cursor, oldest first.
 * With `wait` and nothing newer the request is held until the next commit
 * (answered in the same turn) or the end of the wait. The relay keeps no
 * state per client beyond the request: every client reads every event, each
 * with its own cursor.
 */
export function createPull(deps: PullDeps): Pull {
  const { store } = deps;
  const held = new Set<Held>();
  const turns = createTurns(PAGES_IN_FLIGHT);
  let holding = true;

  /** The position after which to read, or why the cursor cannot be used. */
  function position(after: string | undefined): number | Refusal {
    if (after === undefined) return store.removedThrough();
    const cursor = decodeCursor(after);
    if (cursor === null) {
      return { type: 'invalid_request', message: 'after is not a relay cursor.', param: 'after' };
    }
    if (cursor.relayId !== store.relayId) {
      return gone('This cursor is from another relay database (it was replaced or reset)');
    }
    if (cursor.seq > store.lastSeq()) {
      // Only a database restored from an older copy gives this: 400 would stop the app for good.
      return gone('This cursor is ahead of the events this relay has (was its data restored?)');
    }
    if (cursor.seq < store.removedThrough()) return expired();
    return cursor.seq;
  }

  function gone(why: string): Refusal {
    return { type: 'cursor_expired', message: `${why}. Start over without after.`, param: 'after' };
  }

  function expired(): Refusal {
    return gone(
      `Events after this cursor are gone: the relay keeps them ${deps.retentionDays} days`,
    );
  }

  /** Answers with what there is after `afterSeq` (retention may have passed it while held). */
  async function answer(response: ServerResponse, afterSeq: number, limit: number) {
    const done = await turns.take();
    // The turn ends once the answer is with the socket, or the client is gone.
    if (response.closed) return done();
    response.once('close', done);
    if (afterSeq < store.removedThrough()) {
      sendRefusal(response, expired());
      return;
    }
    let page: EventPage;
    try {
      page = await store.after(afterSeq, limit, PAGE_BYTES);
    } catch {
      sendRefusal(response, { type: 'server_error', message: 'The events could not be read.' });
      return;
    }
    const lastSeq = page.events.at(-1)?.seq ?? afterSeq;
    sendJson(
      response,
      200,
      `{"data":[${page.events.map((row) => itemJson(store.relayId, row)).join(',')}],` +
        `"next_cursor":${JSON.stringify(encodeCursor(store.relayId, lastSeq))},` +
        `"has_more":${page.hasMore}}`,
    );
  }

  function hold(response: ServerResponse, afterSeq: number, limit: number, waitSeconds: number) {
    const entry: Held = {
      afterSeq,
      limit,
      response,
      timer: setTimeout(() => {
        held.delete(entry);
        void answer(response, afterSeq, limit);
      }, waitSeconds * 1000),
    };
    held.add(entry);
    // A client that goes away (app closed, laptop asleep) frees its place at once.
    response.once('close', () => {
      clearTimeout(entry.timer);
      held.delete(entry);
    });
  }

  return {
    handle(request, response) {
      request.resume();
      if (request.method !== 'GET') {
        sendRefusal(response, {
          type: 'method_not_allowed',
          message: 'Only GET is accepted here.',
          headers: { allow: 'GET' },
        });
        return;
      }
      if (!deps.isAuthorized(request.headers.authorization)) {
        sendRefusal(response, {
          type: 'authentication_required',
          message: 'Give one of the relay tokens as Authorization: Bearer <token>.',
          headers: { 'www-authenticate': 'Bearer' },
        });
        return;
      }
      const query = parsePullQuery(new URL(request.url ?? '/', 'http://relay').searchParams);
      if ('type' in query) {
        sendRefusal(response, query);
        return;
      }
      const afterSeq = position(query.after);
      if (typeof afterSeq !== 'number') {
        sendRefusal(response, afterSeq);
        return;
      }
      if (holding && query.waitSeconds > 0 && store.lastSeq() <= afterSeq) {
        hold(response, afterSeq, query.limit, query.waitSeconds);
      } else {
        void answer(response, afterSeq, query.limit);
      }
    },

    wake() {
      for (const entry of held) {
        if (store.lastSeq() <= entry.afterSeq) continue;
        clearTimeout(entry.timer);
        held.delete(entry);
        void answer(entry.response, entry.afterSeq, entry.limit);
      }
    },

    stopHolding() {
      holding = false;
      for (const entry of held) {
        clearTimeout(entry.timer);
        held.delete(entry);
        void answer(entry.response, entry.afterSeq, entry.limit);
      }
    },
  };
}

/** At most `size` holders at once; `take` resolves with the function that ends a turn. */
function createTurns(size: number) {
  let free = size;
  const waiting: Array<() => void> = [];
  const give = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    take(): Promise<() => void> {
      return new Promise((resolve) => {
        const start = () => {
          let ended = false;
          resolve(() => {
            if (ended) return;
            ended = true;
            give();
          });
        };
        if (free > 0) {
          free--;
          start();
        } else {
          waiting.push(start);
        }
      });
    },
  };
}

function itemJson(relayId: string, row: EventPage['events'][number]): string {
  // The payload is JSON text the relay wrote itself; it goes in as it is.
  return (
    `{"cursor":${JSON.stringify(encodeCursor(relayId, row.seq))},` +
    `"id":${JSON.stringify(row.id)},"type":${JSON.stringify(row.type)},` +
    `"timestamp":${JSON.stringify(row.timestamp)},"payload":${row.payload},` +
    `"received_at":${JSON.stringify(new Date(row.receivedAt).toISOString())}}`
  );
}
