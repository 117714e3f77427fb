import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { createHash } from 'node:crypto';
import { ApiError } from './errors.ts';

export interface UserCredential {
  contactId: string;
  token: string;
}

/** Maps a bearer token to the contact id of its user, or null for an unknown token. */
export type TokenLookup = (token: string) => string | null;

// Lookups go through a hash so that how long a lookup takes says nothing about
// how much of a guessed token was right.
const digest = (token: string) => createHash('sha256').update(token).digest('base64');

export function createTokenLookup(users: readonly UserCredential[]): TokenLookup {
  const byDigest = new Map(users.map((user) => [digest(user.token), user.contactId]));
  return (token) => byDigest.get(digest(token)) ?? null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served to anyone, without a bearer token: the sandbox's images, which <img> fetches. */
    public?: boolean;
  }
}

/** Whether the request is for a route that needs no token (and so has no user). */
export function isPublicRoute(request: FastifyRequest): boolean {
  return request.routeOptions.config.public === true;
}

const authenticated = new WeakMap<FastifyRequest, string>();

const unauthorized = (message: string) =>
  new ApiError('authentication_required', message, null, { 'WWW-Authenticate': 'Bearer' });

/** An onRequest hook: answers 401 unless the request carries a known bearer token. */
export function bearerAuth(lookup: TokenLookup): onRequestHookHandler {
  return async (request) => {
    if (isPublicRoute(request)) return;
    const header = request.headers.authorization;
    const match = header === undefined ? null : /^Bearer +(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Send Authorization: Bearer <token>.');
    const contactId = lookup(match[1]);
    if (contactId === null) throw unauthorized('Unknown token.');
    authenticated.set(request, contactId);
  };
}

/** The contact id of the user a request was authenticated as. */
export function requestUser(request: FastifyRequest): string {
  const contactId = authenticated.get(request);
  if (contactId === undefined) throw new Error('requestUser called on a route without bearerAuth');
  return contactId;
}
