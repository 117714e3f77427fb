import { describe, expect, it } from 'vitest';
import { idleRelayStatus, type RelayStatus } from '../../../shared/model/relay.ts';
import { moment, relayWords, startedOverWords } from '../../../renderer/lib/relay-words.ts';

const at = (day: number, hour: number, minute = 0) =>
  new Date(2026, 10, day, hour, minute).getTime();
const NOW = at(24, 15);
const time = (ms: number) =>
  new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(ms);

const status = (changes: Partial<RelayStatus>): RelayStatus => ({
  ...idleRelayStatus('catalogue', 'https://relay.example.org', 'off'),
  ...changes,
});

describe('what the app says of a relay', () => {
  it('says when in a sentence: today, yesterday, or the date', () => {
    expect(moment(at(24, 10, 42), NOW)).toBe(`at ${time(at(24, 10, 42))}`);
    expect(moment(at(23, 18, 5), NOW)).toBe(`yesterday at ${time(at(23, 18, 5))}`);
    expect(moment(at(3, 9, 12), NOW)).toMatch(/^on .*3.* at /);
  });

  it('connected, with the last event’s time, or none yet', () => {
    expect(relayWords(status({ state: 'connected', lastEventAt: at(24, 10, 42) }), NOW)).toEqual({
      text: 'The relay at relay.example.org is connected.',
      detail: `Last event received at ${time(at(24, 10, 42))}.`,
      problem: false,
      needsToken: false,
    });
    expect(relayWords(status({ state: 'connected' }), NOW).detail).toBe(
      'No event has come through it yet.',
    );
  });

  it('unreachable since when and why; a refused token asks for a new one', () => {
    const down = relayWords(
      status({
        state: 'unreachable',
        since: at(23, 18, 5),
        problem:
          'Could not reach relay.example.org: nothing answers there (is the relay running?).',
      }),
      NOW,
    );
    expect(down).toMatchObject({
      text: `The relay at relay.example.org has been unreachable since yesterday at ${time(at(23, 18, 5))}.`,
      detail:
        'Could not reach relay.example.org: nothing answers there (is the relay running?). Parley keeps trying.',
      problem: true,
    });
    expect(relayWords(status({ state: 'unauthorized', since: at(24, 9) }), NOW)).toMatchObject({
      text: `The relay at relay.example.org refused the token at ${time(at(24, 9))}.`,
      needsToken: true,
    });
    expect(relayWords({ ...status({ state: 'connected' }), source: 'demo' }, NOW).text).toBe(
      'The demo’s relay is connected.',
    );
  });

  it('says when it had to start over, and what that means', () => {
    expect(startedOverWords(status({ state: 'connected' }), NOW)).toBeNull();
    expect(startedOverWords(status({ state: 'connected', startedOverAt: at(24, 11) }), NOW)).toBe(
      `At ${time(at(24, 11))}, the relay no longer had the events after the last one received here (older than it keeps). Parley started over from the oldest it keeps: events in between may be missing.`,
    );
  });
});
