import type { Sandbox } from '../../main/sandbox/sandbox.ts';

/** A call to the sandbox as its first user: GET without a body, POST with a JSON one. */
export async function sandboxCall(sandbox: Sandbox, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${sandbox.users[0]?.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
