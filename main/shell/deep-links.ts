import { app } from 'electron';
import { resolve } from 'node:path';
import type { NavigationTarget } from '../../shared/model/desktop.ts';
import type { Logger } from '../core/ports/ports.ts';
import { PROTOCOL, parsePlaceLink } from '../../shared/model/place-links.ts';
import { deepLinkInArgv } from '../desktop/deep-links.ts';

/**
 * `parley://` links. The installers register the scheme (electron-builder's
 * `protocols`); registering again at run time covers a moved app and a
 * development build, which must name the app folder beside Electron itself.
 * macOS hands links over with `open-url`; Windows and Linux start the app
 * with the link as an argument, which a second launch forwards to the first
 * through the single-instance lock (`second-instance`). Only a place is ever
 * read from a link; anything else is refused with a notice and a log line.
 */
export function registerDeepLinks(deps: {
  log: Logger;
  open(target: NavigationTarget): void;
  refuse(message: string): void;
}): { openFromArgv(argv: readonly string[]): void } {
  const registered =
    process.defaultApp && process.argv[1] !== undefined
      ? app.setAsDefaultProtocolClient(PROTOCOL, process.execPath, [resolve(process.argv[1])])
      : app.setAsDefaultProtocolClient(PROTOCOL);
  if (!registered) deps.log.warn('could not register the parley:// scheme with the system');

  const openLink = (link: string) => {
    const parsed = parsePlaceLink(link);
    if (parsed.ok) {
      deps.open(parsed.target);
      return;
    }
    deps.log.warn('refused a parley:// link', { reason: parsed.reason });
    deps.refuse(`Parley could not open that link: ${parsed.reason}.`);
  };

  app.on('open-url', (event, url) => {
    event.preventDefault();
    openLink(url);
  });

  return {
    openFromArgv(argv) {
      const link = deepLinkInArgv(argv);
      if (link !== null) openLink(link);
    },
  };
}
