import type { DeliveryOutcome } from './ingest.ts';

/**
 * One line per delivery: notification id, type, outcome. Never the payload,
 * the signature, a secret or a token. Id and type come from the sender, so
 * anything but plain printable text is quoted and escaped: a delivery cannot
 * forge a log line.
 */
export function deliveryLine(delivery: DeliveryOutcome): string {
  return `delivery ${field(delivery.id)} ${field(delivery.type)}: ${delivery.outcome}`;
}

function field(value: string | undefined): string {
  if (value === undefined) return '-';
  if (/^[\x21-\x7e]+$/.test(value)) return value;
  return JSON.stringify(value).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Calls `write` at most once per `everyMs`; the calls in between are counted into the next. */
export function throttled(
  everyMs: number,
  now: () => number,
  write: (skipped: number) => void,
): () => void {
  let last = -Infinity;
  let skipped = 0;
  return () => {
    if (now() - last < everyMs) {
      skipped += 1;
      return;
    }
    last = now();
    write(skipped);
    skipped = 0;
  };
}
