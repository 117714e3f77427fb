import { describe, expect, it } from 'vitest';
import { deepLinkInArgv } from '../../../main/desktop/deep-links.ts';
import { messageLink, parsePlaceLink } from '../../../shared/model/place-links.ts';

describe('parley:// links', () => {
  it('name a conversation or an order', () => {
    expect(parsePlaceLink('parley://conversation/conv_0lq3x5k0000a1b2')).toEqual({
      ok: true,
      target: { kind: 'conversation', conversationId: 'conv_0lq3x5k0000a1b2' },
    });
    expect(parsePlaceLink('parley://order/ord_Zx-9_Aa')).toEqual({
      ok: true,
      target: { kind: 'order', orderId: 'ord_Zx-9_Aa' },
    });
    expect(parsePlaceLink('PARLEY://Order/ord_1/')).toEqual({
      ok: true,
      target: { kind: 'order', orderId: 'ord_1' },
    });
  });

  it('name a message in its conversation, as a message\'s "Copy link" makes them', () => {
    const link = messageLink('conv_1', 'msg_0a-Z');
    expect(link).toBe('parley://conversation/conv_1/message/msg_0a-Z');
    expect(parsePlaceLink(link)).toEqual({
      ok: true,
      target: { kind: 'conversation', conversationId: 'conv_1', messageId: 'msg_0a-Z' },
    });
  });

  it.each([
    ['', 'not a link'],
    ['parley://conversation/conv_1/message', 'the link does not name a valid id'],
    ['parley://conversation/conv_1/message/', 'the link does not name a valid id'],
    ['parley://conversation/conv_1/message/m 1', 'the link does not name a valid id'],
    ['parley://conversation/conv_1/message/m1/more', 'the link does not name a valid id'],
    ['parley://conversation/conv_1/reaction/m1', 'the link does not name a valid id'],
    ['parley://order/ord_1/message/m1', 'the link does not name a valid id'],
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
    expect(parsePlaceLink(link)).toEqual({ ok: false, reason });
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
