import { describe, expect, it } from 'vitest';
import { mentionQuery, withMention } from '../../../renderer/lib/mention-query.ts';

describe('the mention being typed in the composer', () => {
  it('is the @ at the caret and what follows it', () => {
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('thanks @ma', 10)).toEqual({ start: 7, query: 'ma' });
    expect(mentionQuery('(@maya.c', 8)).toEqual({ start: 1, query: 'maya.c' });
  });

  it('is no mention in an address, after a space, or away from the caret', () => {
    expect(mentionQuery('bob@exa', 7)).toBeNull();
    expect(mentionQuery('@maya done', 10)).toBeNull();
    expect(mentionQuery('@maya done', 3)).toEqual({ start: 0, query: 'ma' });
    expect(mentionQuery('no at sign', 10)).toBeNull();
  });

  it('is replaced by the name picked and a space, the caret after them', () => {
    const at = { start: 7, query: 'ma' };
    expect(withMention('thanks @ma', 10, at, 'maya.chen')).toEqual({
      text: 'thanks @maya.chen ',
      caret: 18,
    });
    // Picked with words after the caret: one space between, not two.
    expect(withMention('ask @ma about it', 7, { start: 4, query: 'ma' }, 'maya.chen')).toEqual({
      text: 'ask @maya.chen about it',
      caret: 15,
    });
  });
});
