import { useMemo } from 'react';
import { splitLinks } from '../../lib/links.ts';
import { hasBidiControls } from '../../lib/untrusted-text.ts';
import { openLink } from '../../stores/links.ts';
import { LongText, RevealedText } from '../common/untrusted-text.tsx';

/**
 * Message text as text, isolated from what is around it and collapsed when it
 * is longer than any sensible message; detected http(s) links open in the
 * system browser, with any hidden direction characters in them shown.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="message-text isolated" dir="auto">
      <LongText text={text} render={(visible) => <TextWithLinks text={visible} />} />
    </p>
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
