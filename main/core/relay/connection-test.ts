import type { RelayTestResult } from '../../../shared/model/relay.ts';
import { createRelayClient } from './relay-client.ts';
import { givenToken } from './relay-credentials.ts';
import { RelayError } from './relay-error.ts';

/**
 * Tries a relay as the pull client will use it: `GET /healthz` (is anything
 * there, and is it a relay?), then an authorised pull of one event (does it
 * take the token?), and says what it found in words. The token goes only to
 * the address it was given with.
 */
export async function testRelayConnection(options: {
  url: string;
  token: string;
  ca?: string;
}): Promise<RelayTestResult> {
  let client;
  try {
    client = createRelayClient({ ...options, token: givenToken(options.url, options.token) });
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  try {
    const health = await client.health();
    if (health.kind === 'not-a-relay') {
      return {
        ok: false,
        message: `${client.host} answers, but not as a Parley relay does: check the address.`,
      };
    }
    if (health.kind === 'unhealthy') {
      return {
        ok: false,
        message: `The relay at ${client.host} is in trouble: ${health.reason}. Events sent to it now may be lost; ask whoever runs it.`,
      };
    }
    const page = await client.pull({ after: null, limit: 1, wait: 0 });
    return {
      ok: true,
      message:
        page.events.length > 0
          ? `Connected: the relay at ${client.host} accepts the token and keeps events for Parley.`
          : `Connected: the relay at ${client.host} accepts the token. No event has reached it yet.`,
    };
  } catch (error) {
    if (!(error instanceof RelayError)) throw error;
    return {
      ok: false,
      message:
        error.kind === 'unauthorized'
          ? `The relay at ${client.host} answers, but does not accept this token.`
          : error.message,
    };
  } finally {
    client.close();
  }
}
