import { describe, expect, it } from 'vitest';
import { imagePosition, threadImages } from '../../../renderer/lib/thread-images.ts';
import type { AttachmentView } from '../../../shared/model/message.ts';
import { message } from './messages.ts';

const picture = (name: string, url: string | null = `https://img.example/${name}`) =>
  ({ kind: 'image', name, url, mimeType: 'image/png', size: null }) satisfies AttachmentView;
const file = (name: string) =>
  ({
    kind: 'file',
    name,
    url: `https://files.example/${name}`,
    mimeType: null,
    size: 10,
  }) satisfies AttachmentView;

describe('the pictures the viewer steps through', () => {
  const messages = [
    message('m1', 1, { attachments: [picture('a.png'), file('notes.pdf'), picture('b.png')] }),
    message('m2', 2),
    message('m3', 3, {
      own: true,
      attachments: [picture('odd.png', 'javascript:alert(1)'), picture('c.png')],
    }),
  ];

  it('are the pictures the thread shows, in its order, each with its message and place', () => {
    expect(
      threadImages(messages).map((image) => [image.messageId, image.index, image.name, image.own]),
    ).toEqual([
      ['m1', 0, 'a.png', false],
      ['m1', 2, 'b.png', false],
      ['m3', 1, 'c.png', true],
    ]);
  });

  it('find one by its message and place, and say when it is gone', () => {
    const images = threadImages(messages);
    expect(imagePosition(images, 'm1', 2)).toBe(1);
    expect(imagePosition(images, 'm3', 1)).toBe(2);
    expect(imagePosition(images, 'm1', 1)).toBe(-1);
    expect(imagePosition(images, 'm9', 0)).toBe(-1);
  });
});
