import { beforeEach, describe, expect, it } from 'vitest';
import type { NavigationTarget } from '../../shared/model/desktop.ts';
import { silentLogger } from '../../main/core/ports/node-adapters.ts';
import { registerDeepLinks } from '../../main/shell/deep-links.ts';
import { app, standIn } from '../support/electron-stand-in.ts';

/** Wiring: how parley:// links reach the shell, and what it does with good and bad ones. */
let opened: NavigationTarget[];
let refused: string[];
let warnings: unknown[][];

function register() {
  return registerDeepLinks({
    log: { ...silentLogger, warn: (...args) => void warnings.push(args) },
    open: (target) => void opened.push(target),
    refuse: (message) => void refused.push(message),
  });
}

beforeEach(() => {
  standIn.reset();
  opened = [];
  refused = [];
  warnings = [];
});

describe('deep-link wiring (Electron stand-in)', () => {
  it('registers the parley scheme with the system', () => {
    register();
    const [call] = standIn.callsTo('app.setAsDefaultProtocolClient');
    expect(call?.[0]).toBe('parley');
  });

  it('opens a link macOS hands over, and one on a (second) launch’s command line', () => {
    const links = register();
    let prevented = false;
    app.emit('open-url', { preventDefault: () => (prevented = true) }, 'parley://order/ord_7');
    links.openFromArgv(['/opt/Parley/parley', '--no-sandbox', 'parley://conversation/conv_1']);
    links.openFromArgv(['/opt/Parley/parley']);
    expect(prevented).toBe(true);
    expect(opened).toEqual([
      { kind: 'order', orderId: 'ord_7' },
      { kind: 'conversation', conversationId: 'conv_1' },
    ]);
  });

  it('refuses a malformed link with a notice and a log line, and opens nothing', () => {
    const links = register();
    links.openFromArgv(['parley', 'parley://conversation/conv_1?send=now']);
    expect(opened).toEqual([]);
    expect(refused).toEqual([
      'Parley could not open that link: the link carries more than a place.',
    ]);
    expect(warnings).toEqual([
      ['refused a parley:// link', { reason: 'the link carries more than a place' }],
    ]);
  });
});
