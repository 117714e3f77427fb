import type { RelayStatus } from '../../shared/model/relay.ts';

const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const date = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const dateWithYear = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "at 10:42", "yesterday at 18:05", "on 3 Nov at 9:12": when something happened, in a sentence. */
export function moment(ms: number, now = Date.now()): string {
  const day = (at: number) => new Date(at).setHours(0, 0, 0, 0);
  const today = day(now);
  const yesterday = new Date(today).setDate(new Date(today).getDate() - 1);
  if (day(ms) === today) return `at ${time.format(ms)}`;
  if (day(ms) === yesterday) return `yesterday at ${time.format(ms)}`;
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear();
  return `on ${(sameYear ? date : dateWithYear).format(ms)} at ${time.format(ms)}`;
}

export interface RelayWords {
  /** One line: where the relay stands. */
  text: string;
  /** Why, or what it means, when there is more to say. */
  detail: string | null;
  /** Something the user should act on or know is wrong. */
  problem: boolean;
  /** The user can fix it in settings (a token to give). */
  needsToken: boolean;
}

/** What the Activity view and settings say of a relay's state. */
export function relayWords(status: RelayStatus, now = Date.now()): RelayWords {
  const host = status.url === null ? 'the relay' : (URL.parse(status.url)?.host ?? status.url);
  const name = status.source === 'demo' ? 'The demo’s relay' : `The relay at ${host}`;
  // "since 10:42", "since yesterday at 18:05", "since 3 Nov at 9:12"
  const since =
    status.since === null ? '' : ` since ${moment(status.since, now).replace(/^(at|on) /, '')}`;
  const when = status.since === null ? '' : ` ${moment(status.since, now)}`;
  const lastEvent =
    status.lastEventAt === null
      ? 'No event has come through it yet.'
      : `Last event received ${moment(status.lastEventAt, now)}.`;
  const words = (text: string, detail: string | null, problem = false, needsToken = false) => ({
    text,
    detail,
    problem,
    needsToken,
  });
  switch (status.state) {
    case 'connected':
      return words(`${name} is connected.`, lastEvent);
    case 'connecting':
      return words(`Connecting to ${host}…`, null);
    case 'paused':
      return words(
        `${name} is paused while this computer is offline or asleep${since ? ` (${since.trim()})` : ''}.`,
        'Events wait on the relay and arrive as soon as it is back.',
      );
    case 'unreachable':
      return words(
        `${name} has been unreachable${since}.`,
        `${status.problem ?? ''} Parley keeps trying.`.trim(),
        true,
      );
    case 'unauthorized':
      return words(
        `${name} refused the token${when}.`,
        'Enter a new token in Settings.',
        true,
        true,
      );
    case 'token-needed':
      return words(
        `${name} needs its token.`,
        'Enter the token for this address in Settings.',
        true,
        true,
      );
    case 'off':
      return words(`${name} is not in use.`, null);
  }
}

/** What the relay said when it no longer had the events after ours (410), if it did. */
export function startedOverWords(status: RelayStatus, now = Date.now()): string | null {
  if (status.startedOverAt === null) return null;
  const when = moment(status.startedOverAt, now);
  return (
    `${when.charAt(0).toUpperCase()}${when.slice(1)}, the relay no longer had the events after ` +
    'the last one received here (older than it keeps). Parley started over from the oldest it ' +
    'keeps: events in between may be missing.'
  );
}
