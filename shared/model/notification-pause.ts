/** How notifications can be paused, from the tray and from settings alike. */
export type PauseChoice = 'pause-hour' | 'pause-tomorrow' | 'resume';

/** "Until tomorrow" means until the working day starts, not midnight. */
const TOMORROW_HOUR = 8;
const HOUR_MS = 3_600_000;

export function isPaused(pausedUntil: number | null, now: number): boolean {
  return pausedUntil !== null && now < pausedUntil;
}

/** When a pause chosen now ends; null resumes. Local time, so "tomorrow" survives DST. */
export function pauseEnd(choice: PauseChoice, now: number): number | null {
  if (choice === 'resume') return null;
  if (choice === 'pause-hour') return now + HOUR_MS;
  const tomorrow = new Date(now);
  tomorrow.setDate(tomorrow.getDate() + 1);
  tomorrow.setHours(TOMORROW_HOUR, 0, 0, 0);
  return tomorrow.getTime();
}
