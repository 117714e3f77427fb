import { CoreError } from '../../errors/core-error.ts';
import type { RemoteImages } from '../../remote/remote-images.ts';
import type { Handlers } from '../router.ts';

/**
 * Only http and https leave the app; `file:`, `javascript:` and custom schemes
 * never do. A link's type is asked of its server by the main process, under
 * the same outbound rules as remote images.
 */
export function linksHandlers(
  openExternal: (url: string) => Promise<void>,
  remote: RemoteImages,
): Pick<Handlers, 'links:open' | 'links:probe'> {
  return {
    'links:probe': ({ url }) => remote.probe(url),
    'links:open': async ({ url }) => {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new CoreError('invalid-request', 'not a valid link', 'url');
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw new CoreError('invalid-request', 'only http and https links can be opened', 'url');
      }
      await openExternal(parsed.href);
      return {};
    },
  };
}
