import qs from 'qs';
import { afterEach } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../main/sandbox/sandbox.ts';

export const ALICE = { contactId: 'alice', token: 'token-alice' };
export const BOB = { contactId: 'bob', token: 'token-bob' };
export const CAROL = { contactId: 'carol', token: 'token-carol' };

export interface Reply {
  status: number;
  headers: Headers;
  // Tests read whatever the server answered; the assertions say what it must be.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface RequestOptions {
  /** Sent form-encoded with nested brackets, as the spec's examples do. */
  form?: Record<string, unknown>;
  json?: unknown;
  /** Sent as it is, with whatever content-type the headers give. */
  raw?: string;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  token?: string | null;
}

export type Call = (method: string, path: string, options?: RequestOptions) => Promise<Reply>;

/** A client for one user of a running sandbox. */
export function clientFor(sandbox: Sandbox, token: string | null): Call {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const bearer = options.token === undefined ? token : options.token;
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    let body = options.raw;
    if (options.form !== undefined) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      body = qs.stringify(options.form, { arrayFormat: 'brackets' });
    } else if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const query = options.query
      ? `?${new URLSearchParams(
          Object.entries(options.query).map(([name, value]): [string, string] => [
            name,
            String(value),
          ]),
        )}`
      : '';
    const response = await fetch(`${sandbox.url}${path}${query}`, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : null,
    };
  };
}

const running: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
});

/** Starts a sandbox that the current test closes when it ends. */
export async function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const started = await startSandbox(options);
  running.push(started);
  return started;
}

/** Alice, Bob and Carol; Alice and Bob share the group "team" with Dave, who has no token. */
export async function threeUsers(options: SandboxOptions = {}) {
  const started = await sandbox({
    users: [ALICE, BOB, CAROL],
    groups: [{ groupId: 'team', members: ['alice', 'bob', 'dave'] }],
    ...options,
  });
  return {
    sandbox: started,
    alice: clientFor(started, ALICE.token),
    bob: clientFor(started, BOB.token),
    carol: clientFor(started, CAROL.token),
  };
}

/** Opens a conversation and answers its id, failing loudly if the server refused. */
export async function open(call: Call, with_: { contact_id: string } | { group_id: string }) {
  const reply = await call('POST', '/v1/conversations', { form: with_ });
  if (reply.status !== 200)
    throw new Error(`open failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.id as string;
}

export async function send(
  call: Call,
  conversationId: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  const reply = await call('POST', '/v1/messages', {
    form: { conversation_id: conversationId, message, ...extra },
  });
  if (reply.status !== 200)
    throw new Error(`send failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}
