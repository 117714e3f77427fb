import { create } from 'zustand';
import { dayKey } from '../lib/format.ts';

/**
 * The time the window's relative words are read against: "now", "5 min",
 * "Today", a weekday. It moves on at each new minute, so a row that said
 * "now" does not go on saying it all afternoon, and yesterday's messages
 * stop being "Today" at midnight; and at once when the window is shown
 * again, as a sleeping computer holds timers back.
 */
export const useClock = create<{ now: number }>(() => ({ now: Date.now() }));

const MINUTE_MS = 60_000;
/** Read a little after the minute turns, so the words are the new minute's. */
const PAST_THE_MINUTE_MS = 50;
let timer: ReturnType<typeof setTimeout> | undefined;

function tick(): void {
  const now = Date.now();
  useClock.setState({ now });
  clearTimeout(timer);
  timer = setTimeout(tick, MINUTE_MS - (now % MINUTE_MS) + PAST_THE_MINUTE_MS);
}

export function startClock(): void {
  tick();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') tick();
  });
}

/** Now, to the minute: for words such as "5 min". */
export const useNow = () => useClock((s) => s.now);

/** The start of today: for words that change only at midnight ("Today", a weekday), so their component renders once a day. */
export const useToday = () => useClock((s) => dayKey(s.now));
