import { describe, expect, it } from 'vitest';
import { closedEmojiCode, emojiCodeQuery } from '../../../renderer/lib/emoji-code-query.ts';
import { matchEmojiCodes, type EmojiCode } from '../../../renderer/lib/emoji-codes.ts';

describe('emojiCodeQuery', () => {
  it('finds a code of two or more letters being typed after a space or at the start', () => {
    expect(emojiCodeQuery(':th', 3)).toEqual({ start: 0, query: 'th' });
    expect(emojiCodeQuery('great :ta', 9)).toEqual({ start: 6, query: 'ta' });
    expect(emojiCodeQuery('(:+1', 4)).toEqual({ start: 1, query: '+1' });
    expect(emojiCodeQuery('so :Joy', 7)).toEqual({ start: 3, query: 'Joy' });
  });

  it('offers nothing for one letter, a time, a link, an emoticon or a closed code', () => {
    expect(emojiCodeQuery(':t', 2)).toBeNull();
    expect(emojiCodeQuery('at 10:30', 8)).toBeNull();
    expect(emojiCodeQuery('see https://ex', 14)).toBeNull();
    expect(emojiCodeQuery('ok :D', 5)).toBeNull();
    expect(emojiCodeQuery('ok :-)', 6)).toBeNull();
    expect(emojiCodeQuery(':tada: yes', 10)).toBeNull();
    expect(emojiCodeQuery('note: todo', 10)).toBeNull();
  });

  it('reads only up to the caret', () => {
    expect(emojiCodeQuery(':tada done', 3)).toEqual({ start: 0, query: 'ta' });
  });
});

describe('closedEmojiCode', () => {
  it('finds a whole code that ends at the caret', () => {
    expect(closedEmojiCode('great :tada:', 12)).toEqual({ start: 6, query: 'tada' });
    expect(closedEmojiCode(':x:', 3)).toEqual({ start: 0, query: 'x' });
  });

  it('finds no code in a time, a ratio or a word with a colon', () => {
    expect(closedEmojiCode('10:30:', 6)).toBeNull();
    expect(closedEmojiCode('a:b:', 4)).toBeNull();
    expect(closedEmojiCode('note::', 6)).toBeNull();
    expect(closedEmojiCode('great :tada: ', 13)).toBeNull();
  });
});

describe('matchEmojiCodes', () => {
  const codes: EmojiCode[] = [
    { code: 'smile', emoji: '😄' },
    { code: 'sweat_smile', emoji: '😅' },
    { code: 'laughing', emoji: '😆' },
    { code: 'satisfied', emoji: '😆' },
    { code: 'rolling_on_the_floor_laughing', emoji: '🤣' },
    { code: '+1', emoji: '👍' },
    { code: 'thumbsup', emoji: '👍' },
    { code: 'smiley_cat', emoji: '😺' },
    { code: 'smiley', emoji: '😃' },
  ];

  it('puts the code itself first, then codes that begin with it (shorter first), then codes with a word that does', () => {
    expect(matchEmojiCodes(codes, 'smiley').map((c) => c.code)).toEqual(['smiley', 'smiley_cat']);
    expect(matchEmojiCodes(codes, 'smi').map((c) => c.code)).toEqual([
      'smile',
      'smiley',
      'smiley_cat',
      'sweat_smile',
    ]);
    expect(matchEmojiCodes(codes, 'laugh').map((c) => c.code)).toEqual([
      'laughing',
      'rolling_on_the_floor_laughing',
    ]);
  });

  it('offers each emoji once, under its best code, whatever the case typed', () => {
    expect(matchEmojiCodes(codes, 'THUMBS')).toEqual([{ code: 'thumbsup', emoji: '👍' }]);
    expect(matchEmojiCodes(codes, 'sat')).toEqual([{ code: 'satisfied', emoji: '😆' }]);
    expect(matchEmojiCodes(codes, '+1')).toEqual([{ code: '+1', emoji: '👍' }]);
  });

  it('offers the emoji used lately first, the latest first, after the code itself', () => {
    const recent = ['😅', '🎉', '😃'];
    expect(matchEmojiCodes(codes, 'smi', { recent }).map((c) => c.code)).toEqual([
      'sweat_smile',
      'smiley',
      'smile',
      'smiley_cat',
    ]);
    // Typed whole, a code is what was meant, used lately or not.
    expect(matchEmojiCodes(codes, 'smiley', { recent: ['😺'] }).map((c) => c.code)).toEqual([
      'smiley',
      'smiley_cat',
    ]);
  });

  it('offers at most the limit, and nothing for a code no emoji has', () => {
    expect(matchEmojiCodes(codes, 's', { limit: 2 })).toHaveLength(2);
    expect(matchEmojiCodes(codes, 'zzz')).toEqual([]);
  });
});
