import { describe, expect, it } from 'vitest';
import { attachmentView } from '../../../main/core/store/attachment-views.ts';

describe('attachment views', () => {
  it('recognises images by mime type or by file extension', () => {
    expect(
      attachmentView({ name: 'cat', url: 'https://x.test/cat', mime_type: 'image/jpeg', size: 12 }),
    ).toEqual({
      kind: 'image',
      name: 'cat',
      url: 'https://x.test/cat',
      mimeType: 'image/jpeg',
      size: 12,
    });
    expect(attachmentView({ url: 'http://x.test/p/Photo%201.PNG' })).toMatchObject({
      kind: 'image',
      name: 'Photo 1.PNG',
    });
  });

  it('shows other http(s) links as files, with the names servers commonly use', () => {
    expect(
      attachmentView({
        filename: 'q.pdf',
        href: 'https://x.test/q',
        content_type: 'application/pdf',
        size: '40',
      }),
    ).toEqual({
      kind: 'file',
      name: 'q.pdf',
      url: 'https://x.test/q',
      mimeType: 'application/pdf',
      size: 40,
    });
    expect(attachmentView('https://x.test/report.pdf')).toMatchObject({
      kind: 'file',
      name: 'report.pdf',
    });
  });

  it('never exposes a non-http link and never throws on odd shapes', () => {
    expect(attachmentView({ name: 'x', url: 'javascript:alert(1)' })).toMatchObject({
      kind: 'unknown',
      url: null,
    });
    expect(attachmentView({ url: 'file:///etc/passwd.png' }).url).toBeNull();
    for (const odd of [null, 42, [], { url: 7, size: -1 }, { size: Infinity }, 'not a url']) {
      expect(attachmentView(odd)).toEqual({
        kind: 'unknown',
        name: 'attachment',
        url: null,
        mimeType: null,
        size: null,
      });
    }
  });
});
