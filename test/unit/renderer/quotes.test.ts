import { describe, expect, it } from 'vitest';
import { QUOTE_LENGTH, quoteFor, withQuote } from '../../../renderer/lib/quotes.ts';
import { ownWords, quoteBlocks } from '../../../shared/model/quoted-text.ts';

describe('quoted lines in a message', () => {
  it('sets runs of "> " lines apart from the text around them, the marks taken off', () => {
    expect(quoteBlocks('> can you send it?\n> today\nSure, sending now.')).toEqual([
      { kind: 'quote', text: 'can you send it?\ntoday' },
      { kind: 'text', text: 'Sure, sending now.' },
    ]);
    expect(quoteBlocks('About this:\n> first\n>\n> second\nyes')).toEqual([
      { kind: 'text', text: 'About this:' },
      { kind: 'quote', text: 'first\n\nsecond' },
      { kind: 'text', text: 'yes' },
    ]);
  });

  it('leaves text alone that only looks like it: ">>" prompts, ">" inside a line, no space', () => {
    for (const text of ['>>> print(1)', 'a > b', '>not a quote', 'plain']) {
      expect(quoteBlocks(text)).toEqual([{ kind: 'text', text }]);
      expect(ownWords(text)).toBe(text);
    }
  });

  it('gives a reply’s own words for a list preview or a notification', () => {
    expect(ownWords('> can you send it?\nSure, sending now.')).toBe('Sure, sending now.');
    expect(ownWords('Two things.\n> first\nYes.')).toBe('Two things.\nYes.');
    expect(ownWords('> nothing but a quote')).toBe('> nothing but a quote');
  });
});

describe('quoting a message in a reply', () => {
  it('quotes each line, and puts the reply below what the composer already held', () => {
    const quote = quoteFor('Can we move the call?\n\nTo 3pm');
    expect(quote).toBe('> Can we move the call?\n>\n> To 3pm');
    expect(withQuote('', quote)).toBe(`${quote}\n`);
    expect(withQuote('Two things.  \n', quote)).toBe(`Two things.\n\n${quote}\n`);
    // Quoted back, it reads as the words quoted.
    expect(quoteBlocks(`${quote}\nYes`)).toEqual([
      { kind: 'quote', text: 'Can we move the call?\n\nTo 3pm' },
      { kind: 'text', text: 'Yes' },
    ]);
  });

  it('quotes a reply by its answer, not by what it quoted in turn', () => {
    expect(quoteFor('> the question\nthe answer')).toBe('> the answer');
    // A message that is nothing but a quote is quoted whole.
    expect(quoteFor('> only this')).toBe('> > only this');
  });

  it('cuts a long message at a word, and never inside an emoji', () => {
    const long = `${'word '.repeat(200)}end`;
    const quote = quoteFor(long);
    expect(quote.length).toBeLessThanOrEqual(QUOTE_LENGTH + 3);
    expect(quote).toMatch(/^> (word )+word…$/);
    const emoji = '🎉'.repeat(QUOTE_LENGTH);
    expect(quoteFor(emoji)).toBe(`> ${'🎉'.repeat(QUOTE_LENGTH / 2)}…`);
  });
});
