import { REMOTE_IMAGE_PATH } from '../../shared/security/content-security-policy.ts';
import { isHttpUrl } from '../../shared/model/links.ts';

/**
 * Where the page loads a remote picture from: the app's own origin, which
 * answers with what the main process fetched under its outbound rules. The
 * page's CSP allows no other image source.
 */
export function remoteImageSrc(url: string | null | undefined): string | null {
  return isHttpUrl(url) ? `${REMOTE_IMAGE_PATH}?url=${encodeURIComponent(url)}` : null;
}
