import { describe, expect, it } from 'vitest';
import {
  formatBlocks,
  inlineSpans,
  mentions,
  previewWords,
  type Span,
} from '../../../shared/model/message-format.ts';

/** Spans written back as tags, so a case reads at a glance. */
function tagged(spans: Span[]): string {
  return spans
    .map((span) => {
      switch (span.kind) {
        case 'text':
          return span.text;
        case 'code':
          return `<code>${span.text}</code>`;
        case 'link':
          return `<a>${span.text}</a>`;
        case 'mention':
          return `<@${span.name}>`;
        default:
          return `<${span.kind}>${tagged(span.children)}</${span.kind}>`;
      }
    })
    .join('');
}

const shown = (text: string) => tagged(inlineSpans(text));

describe('message formatting', () => {
  it('shows bold, italic, struck and code as typed in chat', () => {
    expect(shown('**bold** and *it* and _it_ and ~~gone~~ and `npm ci`')).toBe(
      '<strong>bold</strong> and <em>it</em> and <em>it</em> and <strike>gone</strike> and <code>npm ci</code>',
    );
    expect(shown('(*note*), *a **b** c*, **_both_**, ***all***')).toBe(
      '(<em>note</em>), <em>a <strong>b</strong> c</em>, <strong><em>both</em></strong>, <strong><em>all</em></strong>',
    );
  });

  it('leaves plain text plain: arithmetic, names with underscores, paths, stray marks', () => {
    for (const text of [
      '2*3*4 = 24',
      'snake_case_name and __init__.py',
      '~/dir and ~/other',
      '* not a list *',
      '**unclosed and _unclosed',
      'a_b_ c',
      '\\*escaped*',
      '**not across\nlines**',
    ]) {
      expect(shown(text)).toBe(text);
    }
  });

  it('formats nothing inside code or a link, and links the address alone', () => {
    expect(shown('`a*b*c` and `_x_`')).toBe('<code>a*b*c</code> and <code>_x_</code>');
    expect(shown('see https://example.com/_private_ ok')).toBe(
      'see <a>https://example.com/_private_</a> ok',
    );
    expect(shown('**see https://example.com/a_b**')).toBe(
      '<strong>see <a>https://example.com/a_b</a></strong>',
    );
    expect(shown('**use `npm ci`**')).toBe('<strong>use <code>npm ci</code></strong>');
  });

  it('sets fenced code apart, a language name and the fences’ own line breaks dropped', () => {
    expect(formatBlocks('look:\n```ts\nconst x = 1;\n  x *= 2;\n```\nafter')).toEqual([
      { kind: 'text', text: 'look:' },
      { kind: 'code', text: 'const x = 1;\n  x *= 2;' },
      { kind: 'text', text: 'after' },
    ]);
    expect(formatBlocks('inline ```x = 1``` here')).toEqual([
      { kind: 'text', text: 'inline ' },
      { kind: 'code', text: 'x = 1' },
      { kind: 'text', text: ' here' },
    ]);
    expect(formatBlocks('an open ``` fence stays text')).toEqual([
      { kind: 'text', text: 'an open ``` fence stays text' },
    ]);
  });

  it('a preview shows the words without their marks, and a reply without its quote', () => {
    expect(previewWords('> was it **this**?\nyes, `that` _one_')).toBe('yes, that one');
    expect(previewWords('```\nnpm ci\n```')).toBe('npm ci');
    expect(previewWords('plain, 2*3*4')).toBe('plain, 2*3*4');
  });

  it('a preview names what a parley:// link points at instead of its ids', () => {
    expect(previewWords('About this: parley://conversation/c_1/message/m_2 — can you check?')).toBe(
      'About this: (link to a message) — can you check?',
    );
    expect(previewWords('see parley://conversation/c_1. and parley://order/ord_9')).toBe(
      'see (link to a conversation). and (link to an order)',
    );
    // Not a place Parley reads: left as written.
    expect(previewWords('parley://conversation/c_1?do=delete')).toBe(
      'parley://conversation/c_1?do=delete',
    );
  });

  it('reads @name as a mention, but not an e-mail address, a name’s full stop, or code', () => {
    expect(shown('hi @maya.chen, and @tom.nguyen.')).toBe('hi <@maya.chen>, and <@tom.nguyen>.');
    expect(shown('mail bob@example.com or `@code`, not @@twice')).toBe(
      'mail bob@example.com or <code>@code</code>, not @@twice',
    );
    expect(mentions('thanks @You!', 'you')).toBe(true);
    expect(mentions('thanks @young', 'you')).toBe(false);
    expect(mentions('write to you@example.com', 'you')).toBe(false);
    expect(mentions('`@you`', 'you')).toBe(false);
  });
});
