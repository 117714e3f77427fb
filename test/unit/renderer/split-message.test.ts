import { describe, expect, it } from 'vitest';
import { splitMessage } from '../../../renderer/lib/split-message.ts';

describe('a text longer than a message holds', () => {
  it('is one message when it fits', () => {
    expect(splitMessage('short and sweet', 20)).toEqual(['short and sweet']);
  });

  it('is cut at a paragraph break, else a line break, else a space, losing no word', () => {
    expect(splitMessage('first part\n\nsecond part here', 20)).toEqual([
      'first part',
      'second part here',
    ]);
    expect(splitMessage('one line here\nnext line', 20)).toEqual(['one line here', 'next line']);
    const words = 'lorem ipsum dolor sit amet consectetur adipiscing elit';
    const parts = splitMessage(words, 20);
    expect(parts.every((part) => part.length <= 20)).toBe(true);
    expect(parts.join(' ')).toBe(words);
  });

  it('cuts a word longer than a message at the limit, never inside an emoji', () => {
    expect(splitMessage('x'.repeat(45), 20)).toEqual(['x'.repeat(20), 'x'.repeat(20), 'xxxxx']);
    const parts = splitMessage(`${'a'.repeat(19)}😀${'b'.repeat(5)}`, 20);
    expect(parts).toEqual(['a'.repeat(19), `😀${'b'.repeat(5)}`]);
  });
});
