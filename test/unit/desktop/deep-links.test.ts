import { describe, expect, it } from 'vitest';
import { deepLinkInArgv, parseDeepLink } from '../../../main/desktop/deep-links.ts';

describe('parley:// links', () => {
  it('name a conversation or an order', () => {
    expect(parseDeepLink('parley://conversation/conv_0lq3x5k0000a1b2')).toEqual({
      ok: true,
      target: { kind: 'conversation', conversationId: 'conv_0lq3x5k0000a1b2' },
    });
    expect(parseDeepLink('parley://order/ord_Zx-9_Aa')).toEqual({
      ok: true,
      target: { kind: 'order', orderId: 'ord_Zx-9_Aa' },
    });
    expect(parseDeepLink('PARLEY://Order/ord_1/')).toEqual({
      ok: true,
      target: { kind: 'order', orderId: 'ord_1' },
    });
  });

  it.each([
    ['', 'not a link'],
    ['conversation/conv_1', 'not a link'],
    ['https://conversation/conv_1', 'not a parley:// link'],
    ['parley:conversation/conv_1', 'the link does not name a valid id'],
    ['parley://conversation/', 'the link does not name a valid id'],
    ['parley://conversation/conv_1/messages', 'the link does not name a valid id'],
    ['parley://conversation/conv%2F1', 'the link does not name a valid id'],
    ['parley://conversation/conv 1', 'the link does not name a valid id'],
    ['parley://conversation/conv_1?send=hello', 'the link carries more than a place'],
    ['parley://conversation/conv_1#m1', 'the link carries more than a place'],
    ['parley://user:pw@conversation/conv_1', 'the link carries more than a place'],
    ['parley://conversation:8080/conv_1', 'the link carries more than a place'],
    ['parley://settings/webhooks', 'Parley has no “settings” links'],
    [`parley://conversation/${'a'.repeat(129)}`, 'the link does not name a valid id'],
    [`parley://conversation/${'a'.repeat(600)}`, 'the link is too long'],
  ])('refuse %j: %s', (link, reason) => {
    expect(parseDeepLink(link)).toEqual({ ok: false, reason });
  });

  it('are found among the arguments of a launch, after Chromium’s switches', () => {
    expect(
      deepLinkInArgv([
        '/opt/Parley/parley',
        '--allow-file-access-from-files',
        'parley://order/ord_1',
      ]),
    ).toBe('parley://order/ord_1');
    expect(deepLinkInArgv(['/opt/Parley/parley', '--hidden'])).toBeNull();
  });
});
