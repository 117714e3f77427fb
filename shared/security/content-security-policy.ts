/**
 * The renderer's Content-Security-Policy, sent as a header by both hosts (the
 * shell's app:// handler and the preview server) and repeated in index.html's
 * meta tag (a test keeps the three equal). Nothing remote at all: scripts,
 * styles and fonts come from the bundle, and pictures from the app's own
 * origin, where the main process serves remote images it fetched under its
 * outbound rules (`/remote-image?url=`), so `img-src` allows no http: or https:.
 */
const DIRECTIVES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
];

export const CONTENT_SECURITY_POLICY = [...DIRECTIVES, "frame-ancestors 'none'"].join('; ');
/** The same in a meta tag, where browsers ignore `frame-ancestors` (the header carries it). */
export const META_CONTENT_SECURITY_POLICY = DIRECTIVES.join('; ');

/** The path on the app's own origin that answers a remote picture: `/remote-image?url=<encoded>`. */
export const REMOTE_IMAGE_PATH = '/remote-image';
/** Sent with every remote picture: opened on its own, an SVG may draw, never run or fetch. */
export const REMOTE_IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
