import { useMemo } from 'react';
import { call } from '../../ipc/parley.ts';
import { splitLinks } from '../../lib/links.ts';
import { reportError } from '../../stores/notice-store.ts';

export function openLink(url: string) {
  call('links:open', { url }).catch(reportError);
}

/** Message text as text; detected http(s) links open in the system browser. */
export function MessageText({ text }: { text: string }) {
  const parts = useMemo(() => splitLinks(text), [text]);
  return (
    <p className="message-text">
      {parts.map((part, index) =>
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
            {part.text}
          </a>
        ),
      )}
    </p>
  );
}
