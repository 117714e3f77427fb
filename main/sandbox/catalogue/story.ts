import type { Random } from '../demo/random.ts';
import type { CatalogueActions, Emitted } from './catalogue-actions.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

type Move = (actions: CatalogueActions, at: Date) => Emitted[] | null;

/** A confirmed order is invoiced at once (a millisecond later, so the feed shows it second). */
const confirmAndInvoice: Move = (actions, at) => {
  const confirmed = actions.confirm(at);
  if (!confirmed) return null;
  const orderId = (confirmed[0]?.payload as { id: string }).id;
  return [...confirmed, ...(actions.invoice(new Date(at.getTime() + 1), orderId) ?? [])];
};

/** What happens in a shop, weighted by how often it happens relative to the rest. */
const MOVES: readonly [number, Move][] = [
  [3, (actions, at) => actions.place(at)],
  [5, confirmAndInvoice],
  [0.4, (actions, at) => actions.cancel(at)],
  [5, (actions, at) => actions.ship(at)],
  [9, (actions, at) => actions.advanceShipment(at)],
  [2, (actions, at) => actions.deliverWithoutShipping(at)],
  [3, (actions, at) => actions.settle(at, { overdue: false, afterDays: 2 })],
  [3, (actions, at) => actions.settle(at, { overdue: true })],
  [1.5, (actions, at) => actions.changeProduct(at)],
  [0.3, (actions, at) => actions.list(at)],
  [0.3, (actions, at) => actions.discontinue(at)],
  [0.5, (actions, at) => actions.remove(at)],
];

/** How many products the shop lists before its first order. */
const OPENING_RANGE = 8;

/** The demo shop's life: what happens next, and the weeks before the demo opened. */
export interface Story {
  /**
   * One thing happening at `at` (an order placed, a parcel moving on, an
   * invoice paid) with what it causes, chosen among what the catalogue's
   * state allows, the order waiting longest first.
   */
  next(at: Date): Emitted[];
  /**
   * The shop's last `days` up to `now`: its range listed one morning, then
   * orders placed and moving on, something every 8 to 20 hours. Meant for an
   * empty catalogue.
   */
  history(now: Date, days: number): Emitted[];
}

export function createStory(actions: CatalogueActions, random: Random): Story {
  function next(at: Date): Emitted[] {
    let moves = [...MOVES];
    while (moves.length > 0) {
      const total = moves.reduce((sum, [weight]) => sum + weight, 0);
      let roll = random.next() * total;
      const index = moves.findIndex(([weight]) => (roll -= weight) < 0);
      const chosen = moves[index === -1 ? moves.length - 1 : index] as [number, Move];
      const events = chosen[1](actions, at);
      if (events !== null) return events;
      moves = moves.filter((move) => move !== chosen);
    }
    return actions.list(at);
  }

  return {
    next,
    history(now, days) {
      // The shop opens at eight (UTC) on the first day.
      const start = Math.floor((now.getTime() - days * DAY_MS) / DAY_MS) * DAY_MS + 8 * HOUR_MS;
      const events: Emitted[] = [];
      let at = start;
      for (let i = 0; i < OPENING_RANGE; i += 1) {
        at += random.int(5, 15) * MINUTE_MS;
        events.push(...actions.list(new Date(at)));
      }
      const end = now.getTime() - 30 * MINUTE_MS;
      for (at = start + 3 * HOUR_MS; at < end; at += random.int(8, 20) * HOUR_MS) {
        events.push(...next(new Date(at)));
      }
      return events;
    },
  };
}
