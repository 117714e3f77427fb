import { describe, expect, it } from 'vitest';
import { isHttpUrl, splitLinks } from '../../../shared/model/links.ts';

const links = (text: string) =>
  splitLinks(text).flatMap((part) => (part.kind === 'link' ? [part.url] : []));

describe('splitLinks', () => {
  it('keeps every character of the message, in order', () => {
    const text = 'See https://example.com/a?b=1, then www.example.org. Or (http://x.test/y)!';
    expect(
      splitLinks(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });

  it('makes http and https addresses clickable, without the sentence punctuation after them', () => {
    expect(splitLinks('Read https://example.com/docs. Thanks')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'https://example.com/docs', url: 'https://example.com/docs' },
      { kind: 'text', text: '. Thanks' },
    ]);
    expect(links('(see http://example.com/a?q=1&r=2)')).toEqual(['http://example.com/a?q=1&r=2']);
    expect(links('HTTPS://EXAMPLE.COM/Path')).toEqual(['HTTPS://EXAMPLE.COM/Path']);
  });

  it('links a parley:// place, as a message\'s "Copy link" gives it, and no other parley:// text', () => {
    expect(
      links('Look at parley://conversation/conv_1/message/msg_2. Also parley://settings/x'),
    ).toEqual(['parley://conversation/conv_1/message/msg_2']);
    expect(links('parley://order/ord_9, parley://conversation/c?send=1')).toEqual([
      'parley://order/ord_9',
    ]);
  });

  it('opens a bare www. address as https', () => {
    expect(splitLinks('go to www.example.com')).toEqual([
      { kind: 'text', text: 'go to ' },
      { kind: 'link', text: 'www.example.com', url: 'https://www.example.com' },
    ]);
  });

  it('never makes javascript:, file:, data: or other schemes clickable', () => {
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'file:///etc/passwd',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/file',
      'vbscript:msgbox(1)',
    ]) {
      expect(splitLinks(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('leaves a scheme with no address as plain text', () => {
    expect(splitLinks('type https:// and a host')).toEqual([
      { kind: 'text', text: 'type https:// and a host' },
    ]);
  });

  it('does not link a scheme glued to a word, and ends a link at quotes and angle brackets', () => {
    expect(links('xhttps://example.com')).toEqual([]);
    expect(links(`<a href="https://example.com/q">`)).toEqual(['https://example.com/q']);
    expect(links(`'https://example.com/x'`)).toEqual(['https://example.com/x']);
  });

  it('finds several links in one message', () => {
    expect(links('https://a.example and http://b.example/c\nwww.d.example')).toEqual([
      'https://a.example',
      'http://b.example/c',
      'https://www.d.example',
    ]);
  });

  it('gives empty text no parts', () => {
    expect(splitLinks('')).toEqual([]);
  });
});

describe('isHttpUrl', () => {
  it('accepts only http and https URLs', () => {
    expect(isHttpUrl('https://picsum.photos/seed/cat/640/480')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:8080/x')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('file:///etc/passwd')).toBe(false);
    expect(isHttpUrl('//example.com/no-scheme')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
    expect(isHttpUrl(null)).toBe(false);
    expect(isHttpUrl(undefined)).toBe(false);
  });
});

describe('links with parentheses', () => {
  it('keeps the closing parenthesis that belongs to the address', () => {
    expect(links('See https://en.wikipedia.org/wiki/Parley_(disambiguation) for more')).toEqual([
      'https://en.wikipedia.org/wiki/Parley_(disambiguation)',
    ]);
    expect(links('(see https://en.wikipedia.org/wiki/Parley_(disambiguation))')).toEqual([
      'https://en.wikipedia.org/wiki/Parley_(disambiguation)',
    ]);
  });
});
