import { useMemo, type Ref } from 'react';
import { splitLinks } from '../../lib/links.ts';
import { quoteBlocks } from '../../../shared/model/quoted-text.ts';
import { hasBidiControls } from '../../lib/untrusted-text.ts';
import { openLink } from '../../stores/links.ts';
import { LongText, RevealedText } from '../common/untrusted-text.tsx';

/**
 * Message text as text, isolated from what is around it and collapsed when it
 * is longer than any sensible message; lines quoted with "> " are set apart
 * as a quote; detected http(s) links open in the system browser, with any
 * hidden direction characters in them shown.
 */
export function MessageText({ text, ref }: { text: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className="message-text isolated" dir="auto">
      <LongText text={text} render={(visible) => <TextWithQuotes text={visible} />} />
    </div>
  );
}

function TextWithQuotes({ text }: { text: string }) {
  const blocks = useMemo(() => quoteBlocks(text), [text]);
  return blocks.map((block, index) =>
    block.kind === 'quote' ? (
      <blockquote key={index} className="message-quote" dir="auto">
        <TextWithLinks text={block.text} />
      </blockquote>
    ) : (
      <TextWithLinks key={index} text={block.text} />
    ),
  );
}

function TextWithLinks({ text }: { text: string }) {
  const parts = useMemo(() => splitLinks(text), [text]);
  return parts.map((part, index) =>
    part.kind === 'text' ? (
      part.text
    ) : (
      <a
        key={index}
        href={part.url}
        rel="noreferrer noopener"
        onClick={(event) => {
          event.preventDefault();
          openLink(part.url);
        }}
      >
        {hasBidiControls(part.text) ? <RevealedText text={part.text} /> : part.text}
      </a>
    ),
  );
}
