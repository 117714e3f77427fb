import { describe, expect, it } from 'vitest';
import { attachmentInput } from '../../../shared/model/message.ts';
import { LIMITS } from '../../../shared/model/limits.ts';
import { forwardable } from '../../../renderer/stores/message-actions.ts';
import { message } from './messages.ts';

describe('what a forwarded message carries on', () => {
  it('sends each attachment with a web link again, as the contract takes it', () => {
    const attachments = forwardable(
      message('m1', 1, {
        attachments: [
          {
            kind: 'image',
            name: 'lake.svg',
            url: 'https://x.test/lake.svg',
            mimeType: 'image/svg+xml',
            size: 2048,
          },
          // Not a web link (the core shows none it could not open): nothing to send.
          { kind: 'file', name: 'notes.txt', url: null, mimeType: null, size: null },
          { kind: 'unknown', name: '', url: 'https://x.test/a', mimeType: null, size: 1.5 },
          {
            kind: 'file',
            name: 'n'.repeat(5_000),
            url: 'https://x.test/b',
            mimeType: null,
            size: null,
          },
        ],
      }),
    );
    expect(attachments.map((a) => [a.name.slice(0, 12), a.url, a.mime_type, a.size])).toEqual([
      ['lake.svg', 'https://x.test/lake.svg', 'image/svg+xml', 2048],
      ['attachment', 'https://x.test/a', undefined, undefined],
      ['nnnnnnnnnnnn', 'https://x.test/b', undefined, undefined],
    ]);
    expect(attachments[2]!.name).toHaveLength(LIMITS.nameLength);
    for (const attachment of attachments)
      expect(attachmentInput.parse(attachment)).toEqual(attachment);
  });
});
