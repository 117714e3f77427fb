import type { Random } from '../demo/random.ts';
import type { CatalogueActions, Emitted } from './catalogue-actions.ts';
import type { EventType } from './event-types.ts';
import type { Product } from './payloads.ts';

/** Makes the catalogue change as one event of a type says, for `POST /_sandbox/events`. */
export interface EventGenerator {
  /**
   * The change, and the payload announcing it. Whatever had to happen first
   * to make it possible (a product to order, a confirmed order to ship)
   * happens silently; so do its consequences (the order a delivered parcel
   * completes).
   */
  generate(type: EventType, at?: Date): object;
}

type Attempt = Emitted[] | null;

export function createEventGenerator(actions: CatalogueActions, random: Random): EventGenerator {
  const first = (...attempts: (() => Attempt)[]): Emitted[] => {
    for (const attempt of attempts) {
      const events = attempt();
      if (events !== null) return events;
    }
    throw new Error('no change of this kind was possible');
  };
  const idOf = (events: Emitted[]) => (events[0]?.payload as { id: string }).id;

  /** A new order of goods that ship, confirmed: what a shipment or invoice needs. */
  const confirmedOrder = (at: Date) => {
    const placed = first(
      () => actions.place(at, { ships: true }),
      () => {
        actions.list(at, { physical: true });
        return actions.place(at, { ships: true });
      },
    );
    return first(() => actions.confirm(at, idOf(placed)));
  };
  /** Tries `act`, and again once a product is listed. */
  const withProduct = (at: Date, act: () => Attempt) =>
    first(act, () => {
      actions.list(at);
      return act();
    });
  const orderUpdate = (at: Date) =>
    (random.chance(0.1) ? actions.cancel(at) : null) ??
    actions.confirm(at) ??
    actions.deliverWithoutShipping(at);

  const generators: Record<EventType, (at: Date) => Emitted[]> = {
    'product.created': (at) => actions.list(at),
    'product.updated': (at) => withProduct(at, () => actions.changeProduct(at)),
    'product.deleted': (at) =>
      first(
        () => actions.remove(at),
        () => {
          const [listed] = actions.list(at);
          actions.discontinue(at, listed?.payload as Product);
          return actions.remove(at);
        },
      ),
    'order.created': (at) => withProduct(at, () => actions.place(at)),
    'order.updated': (at) =>
      first(
        () => orderUpdate(at),
        () => {
          withProduct(at, () => actions.place(at));
          return orderUpdate(at);
        },
      ),
    'shipment.created': (at) =>
      first(
        () => actions.ship(at),
        () => {
          confirmedOrder(at);
          return actions.ship(at);
        },
      ),
    'shipment.updated': (at) =>
      first(
        () => actions.advanceShipment(at),
        () => {
          confirmedOrder(at);
          actions.ship(at);
          return actions.advanceShipment(at);
        },
      ),
    'invoice.created': (at) =>
      first(
        () => actions.invoice(at),
        () => actions.invoice(at, idOf(confirmedOrder(at))),
      ),
    'invoice.updated': (at) => {
      const overdueFirst = random.chance(0.25);
      return first(
        () => actions.settle(at, { overdue: overdueFirst }),
        () => actions.settle(at, { overdue: !overdueFirst }),
        () => {
          actions.invoice(at, idOf(confirmedOrder(at)));
          return actions.settle(at, { overdue: false });
        },
      );
    },
  };

  return {
    generate(type, at = new Date()) {
      const announced = generators[type](at).find((event) => event.type === type);
      if (!announced) throw new Error(`generating ${type} announced no ${type}`);
      return announced.payload;
    },
  };
}
