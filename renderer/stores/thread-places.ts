import { isLocalId } from '../../shared/model/local-id.ts';

/**
 * Where each conversation was left while the user read back through it: the
 * message at the middle of the screen. Opened again, the thread returns
 * there, as Element and Telegram do, instead of dropping the reader at the
 * end. A thread left at its end keeps no place and opens at the end (or at
 * its first unread) as before. Held for this run of the app, for the
 * conversations left most recently.
 */
const PLACES_KEPT = 50;
const places = new Map<string, string>();

/** The thread leaves `conversationId` showing `centerId` in the middle, or its end. */
export function leavePlace(conversationId: string, centerId: string | null, atEnd: boolean): void {
  places.delete(conversationId);
  // A message still on its way changes its id once confirmed: the place would point at nothing.
  if (atEnd || centerId === null || isLocalId(centerId)) return;
  places.set(conversationId, centerId);
  const oldest = places.keys().next().value;
  if (places.size > PLACES_KEPT && oldest !== undefined) places.delete(oldest);
}

/** The message the conversation was left at, if it was left scrolled up; forgotten once read. */
export function takePlace(conversationId: string): string | undefined {
  const place = places.get(conversationId);
  places.delete(conversationId);
  return place;
}
