import { isLocalId } from '../../shared/model/local-id.ts';
import { keepStored, readStored } from '../lib/window-storage.ts';

/**
 * Where each conversation was left while the user read back through it: the
 * message at the middle of the screen. Opened again, the thread returns
 * there, as Element and Telegram do, instead of dropping the reader at the
 * end. A thread left at its end keeps no place and opens at the end (or at
 * its first unread) as before. Kept in the window's storage for the
 * conversations left most recently, the open one included as the window
 * goes, so Parley opened again is where the reading stopped. A place whose
 * message is gone (or another account's) opens the thread at its end.
 */
const PLACES_KEPT = 50;
const KEY = 'parley.thread-places';

function storedPlaces(): Map<string, string> {
  try {
    const value: unknown = JSON.parse(readStored(KEY) ?? '[]');
    if (!Array.isArray(value)) return new Map();
    return new Map(
      value.filter(
        (entry): entry is [string, string] =>
          Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string',
      ),
    );
  } catch {
    return new Map();
  }
}

const places = storedPlaces();
const keep = () => keepStored(KEY, JSON.stringify([...places]));

/** The thread leaves `conversationId` showing `centerId` in the middle, or its end. */
export function leavePlace(conversationId: string, centerId: string | null, atEnd: boolean): void {
  places.delete(conversationId);
  // A message still on its way changes its id once confirmed: the place would point at nothing.
  if (!atEnd && centerId !== null && !isLocalId(centerId)) {
    places.set(conversationId, centerId);
    const oldest = places.keys().next().value;
    if (places.size > PLACES_KEPT && oldest !== undefined) places.delete(oldest);
  }
  keep();
}

/** The message the conversation was left at, if it was left scrolled up; forgotten once read. */
export function takePlace(conversationId: string): string | undefined {
  const place = places.get(conversationId);
  if (place === undefined) return undefined;
  places.delete(conversationId);
  keep();
  return place;
}
