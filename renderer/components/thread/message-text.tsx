import { useMemo, type Ref } from 'react';
import { formatBlocks, inlineSpans, type Span } from '../../../shared/model/message-format.ts';
import { parsePlaceLink } from '../../../shared/model/place-links.ts';
import { quoteBlocks } from '../../../shared/model/quoted-text.ts';
import { hasBidiControls } from '../../lib/untrusted-text.ts';
import { openMentioned } from '../../stores/conversation-actions.ts';
import { openLink } from '../../stores/links.ts';
import { useSession } from '../../stores/session-store.ts';
import { LongText, RevealedText } from '../common/untrusted-text.tsx';
import { PlaceLink } from './place-link.tsx';

/**
 * Message text as text, isolated from what is around it and collapsed when it
 * is longer than any sensible message. Formatting typed the common way
 * (shared/model/message-format.ts) shows as formatting; lines quoted with
 * "> " are set apart as a quote; detected http(s) links open in the system
 * browser, with any hidden direction characters in them shown; a link to a
 * place in Parley shows as what it points at.
 */
export function MessageText({ text, ref }: { text: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className="message-text isolated" dir="auto">
      <LongText text={text} render={(visible) => <FormattedText text={visible} />} />
    </div>
  );
}

function FormattedText({ text }: { text: string }) {
  const blocks = useMemo(() => formatBlocks(text), [text]);
  return blocks.map((block, index) =>
    block.kind === 'code' ? (
      <pre key={index} className="message-code" dir="ltr">
        <code>{block.text}</code>
      </pre>
    ) : (
      <TextWithQuotes key={index} text={block.text} />
    ),
  );
}

function TextWithQuotes({ text }: { text: string }) {
  const blocks = useMemo(() => quoteBlocks(text), [text]);
  return blocks.map((block, index) =>
    block.kind === 'quote' ? (
      <blockquote key={index} className="message-quote" dir="auto">
        <Inline text={block.text} />
      </blockquote>
    ) : (
      <Inline key={index} text={block.text} />
    ),
  );
}

function Inline({ text }: { text: string }) {
  const spans = useMemo(() => inlineSpans(text), [text]);
  const selfName = useSession((s) => s.session?.selfName?.toLowerCase() ?? null);
  return <Spans spans={spans} selfName={selfName} />;
}

const TAGS = { strong: 'strong', em: 'em', strike: 's' } as const;

/** `selfName` in lower case: the user's own mentions are highlighted, not offered as a link. */
function Spans({ spans, selfName }: { spans: Span[]; selfName: string | null }) {
  return spans.map((span, index) => {
    switch (span.kind) {
      case 'text':
        return span.text;
      case 'mention':
        return span.name.toLowerCase() === selfName ? (
          <span key={index} className="mention mention-you">
            {span.text}
          </span>
        ) : (
          <button
            key={index}
            type="button"
            className="mention"
            title={`Message ${span.name}`}
            onClick={() => void openMentioned(span.name)}
          >
            {span.text}
          </button>
        );
      case 'code':
        return (
          <code key={index} className="message-inline-code">
            {span.text}
          </code>
        );
      case 'link': {
        const place = parsePlaceLink(span.url);
        if (place.ok && place.target.kind === 'conversation') {
          const { conversationId, messageId } = place.target;
          return (
            <PlaceLink
              key={index}
              url={span.url}
              place={{ conversationId, ...(messageId && { messageId }) }}
            />
          );
        }
        return (
          <a
            key={index}
            href={span.url}
            rel="noreferrer noopener"
            onClick={(event) => {
              event.preventDefault();
              openLink(span.url);
            }}
          >
            {hasBidiControls(span.text) ? <RevealedText text={span.text} /> : span.text}
          </a>
        );
      }
      default: {
        const Tag = TAGS[span.kind];
        return (
          <Tag key={index}>
            <Spans spans={span.children} selfName={selfName} />
          </Tag>
        );
      }
    }
  });
}
