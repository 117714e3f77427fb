import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors.ts';
import { avatarSvg } from './avatar.ts';
import { pictureName, pictureSvg } from './picture.ts';

const AVATARS = '/_sandbox/assets/avatars/';
const PICTURES = '/_sandbox/assets/pictures/';
const AVATAR_FILE = /^([A-Za-z0-9][A-Za-z0-9._-]{0,63})\.svg$/;
const PICTURE_FILE = /^[a-z-]+-(\d{1,6})\.svg$/;

/** Where a contact's avatar is served, relative to the sandbox's address. */
export function avatarPath(contactId: string): string {
  return `${AVATARS}${encodeURIComponent(contactId)}.svg`;
}

/** Where the demo picture of that seed is served, relative to the sandbox's address. */
export function picturePath(seed: number): string {
  return `${PICTURES}${pictureName(seed)}`;
}

/**
 * Makes the sandbox's own asset paths absolute for the client asking, with the
 * address it reached the sandbox at: stored paths stay valid whatever port a
 * restart gives. Anything else (a user's https link) is left as it is.
 */
export function absoluteUrl(url: string, request: FastifyRequest): string {
  return url.startsWith('/') ? `${request.protocol}://${request.host}${url}` : url;
}

/**
 * Serves the avatars and demo pictures, drawn on request from the URL alone,
 * so the demo needs no other host: no request leaves the machine and no third
 * party learns the demo was opened. Images are fetched by <img> elements,
 * which send no bearer token, so these routes are public; they hold nothing
 * but what the URL already says.
 */
export function registerAssetRoutes(app: FastifyInstance): void {
  const send = (reply: FastifyReply, svg: string) =>
    reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      // The drawing cannot change for a URL within one build.
      .header('cache-control', 'public, max-age=86400')
      // Opened on its own, an SVG is a document: it may draw, never run anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .send(svg);
  const notFound = () => new ApiError('not_found', 'No such image.');

  app.get<{ Params: { file: string } }>(
    `${AVATARS}:file`,
    { config: { public: true } },
    async (request, reply) => {
      const id = AVATAR_FILE.exec(request.params.file)?.[1];
      if (id === undefined) throw notFound();
      return send(reply, avatarSvg(id));
    },
  );

  app.get<{ Params: { file: string } }>(
    `${PICTURES}:file`,
    { config: { public: true } },
    async (request, reply) => {
      const seed = Number(PICTURE_FILE.exec(request.params.file)?.[1]);
      if (!Number.isInteger(seed) || pictureName(seed) !== request.params.file) throw notFound();
      return send(reply, pictureSvg(seed));
    },
  );
}
