import { join } from 'node:path';
import { CoreError } from '../errors/core-error.ts';
import type { Logger } from '../ports/ports.ts';
import { createImageCache } from './image-cache.ts';
import { declaresImage, sniffImageType } from './image-types.ts';
import { RemoteFetchError, safeFetch } from './safe-fetch.ts';

/** The largest picture shown; avatars and chat images are far smaller. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Disk kept for fetched images, least recently used evicted first. */
const CACHE_BYTES = 200 * 1024 * 1024;
const TIMEOUT_MS = 15_000;
/** A failed image is not asked for again this soon (a list of avatars re-renders often). */
const FAILURE_MEMORY_MS = 5 * 60_000;
const FAILURES_REMEMBERED = 1_000;
const MAX_URL_LENGTH = 2_048;

export type ImageAnswer =
  | { ok: true; contentType: string; bytes: Buffer }
  | { ok: false; status: 400 | 403 | 404 | 413 | 415 | 502; reason: string };

export interface LinkProbe {
  /** The type the server gives the link (`image/png`), when it gives a readable one. */
  mimeType: string | null;
  size: number | null;
}

export interface RemoteImages {
  /** The picture at `url` for the renderer: from the cache, or fetched under the outbound policy. */
  load(url: string): Promise<ImageAnswer>;
  /** What a link is, from a HEAD request under the same policy (the composer's attach-link form). */
  probe(url: string): Promise<LinkProbe>;
  /** Forgets every fetched picture: they came with the account's messages. */
  clear(): Promise<void>;
}

/**
 * The renderer never loads a remote image itself (its CSP allows none): it
 * asks for `/remote-image?url=...` on the app's own origin, and the host
 * answers from here. So a message's picture cannot tell a tracker the user's
 * address, nor make the renderer reach into their network.
 */
export function createRemoteImages(deps: {
  dataDir: string;
  /** The origin of the messaging server in use, whose own pictures are allowed (outbound-policy.ts). */
  trustedOrigin(): string | null;
  log: Logger;
}): RemoteImages {
  const cache = createImageCache(join(deps.dataDir, 'image-cache'), CACHE_BYTES);
  const inFlight = new Map<string, Promise<ImageAnswer>>();
  const failures = new Map<string, { answer: ImageAnswer; until: number }>();

  /** The signed-in server's own pictures may be SVG (the demo's are); no other host's. */
  const svgAllowed = (url: string) => {
    const trusted = deps.trustedOrigin();
    return trusted !== null && URL.parse(url)?.origin === trusted;
  };

  async function fetchImage(url: string): Promise<ImageAnswer> {
    const cached = await cache.get(url);
    const cachedType = cached && sniffImageType(cached, svgAllowed(url));
    if (cached && cachedType) return { ok: true, contentType: cachedType, bytes: cached };
    try {
      const fetched = await safeFetch(url, {
        method: 'GET',
        trustedOrigin: deps.trustedOrigin(),
        maxBytes: MAX_IMAGE_BYTES,
        timeoutMs: TIMEOUT_MS,
        accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8',
      });
      const allowSvg = svgAllowed(url) && svgAllowed(fetched.url.href);
      const type = sniffImageType(fetched.body, allowSvg);
      if (!declaresImage(fetched.contentType, allowSvg) || type === null) {
        return { ok: false, status: 415, reason: 'not an image this app shows' };
      }
      await cache.put(url, fetched.body);
      return { ok: true, contentType: type, bytes: fetched.body };
    } catch (error) {
      if (!(error instanceof RemoteFetchError)) throw error;
      deps.log.info('remote image not loaded', { reason: error.reason });
      const status = { refused: 403, 'too-large': 413, status: 404, network: 502, redirects: 502 }[
        error.reason
      ] as 403 | 413 | 404 | 502;
      return { ok: false, status, reason: error.message };
    }
  }

  function remember(url: string, answer: ImageAnswer) {
    if (answer.ok) return;
    failures.set(url, { answer, until: Date.now() + FAILURE_MEMORY_MS });
    if (failures.size > FAILURES_REMEMBERED)
      failures.delete(failures.keys().next().value as string);
  }

  return {
    async load(url) {
      if (url.length > MAX_URL_LENGTH || URL.parse(url) === null) {
        return { ok: false, status: 400, reason: 'not a URL' };
      }
      const failed = failures.get(url);
      if (failed && failed.until > Date.now()) return failed.answer;
      let pending = inFlight.get(url);
      if (!pending) {
        pending = fetchImage(url).finally(() => inFlight.delete(url));
        inFlight.set(url, pending);
      }
      const answer = await pending;
      remember(url, answer);
      return answer;
    },

    async probe(url) {
      try {
        const head = await safeFetch(url, {
          method: 'HEAD',
          trustedOrigin: deps.trustedOrigin(),
          maxBytes: 0,
          timeoutMs: TIMEOUT_MS,
          accept: '*/*',
        });
        return { mimeType: mediaType(head.contentType), size: head.contentLength };
      } catch (error) {
        if (!(error instanceof RemoteFetchError)) throw error;
        // An answer other than 2xx says nothing of what the link is.
        if (error.reason === 'status') return { mimeType: null, size: null };
        if (error.reason === 'network') throw new CoreError('network', error.message, 'url');
        throw new CoreError('invalid-input', error.message, 'url');
      }
    },

    async clear() {
      failures.clear();
      await cache.clear();
    },
  };
}

const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]{1,63}\/[a-z0-9!#$&^_.+-]{1,63}$/;

/** The `type/subtype` of a Content-Type, lower case, or null for anything else. */
function mediaType(contentType: string | null): string | null {
  const essence = contentType?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return MEDIA_TYPE.test(essence) ? essence : null;
}
