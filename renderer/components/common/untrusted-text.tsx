import { useState, type ReactNode } from 'react';
import {
  clipMiddle,
  NAME_LENGTH,
  revealBidiControls,
  safeSlice,
} from '../../lib/untrusted-text.ts';

/**
 * A name or other short text from a server: isolated from the text around it
 * (`dir="auto"`, `unicode-bidi: isolate`), so a right-to-left name cannot
 * reorder the words beside it, and clipped to `max` characters. With
 * `reveal`, the characters that reorder text are shown as what they are, so
 * "rtl\u202Efdp.exe" never passes for "rtlexe.pdf".
 */
export function ServerText({
  text,
  max = NAME_LENGTH,
  reveal = false,
  className,
}: {
  text: string;
  max?: number;
  reveal?: boolean;
  className?: string;
}) {
  const shown = clipMiddle(text, max);
  return (
    <span dir="auto" className={className ? `isolated ${className}` : 'isolated'}>
      {reveal ? <RevealedText text={shown} /> : shown}
    </span>
  );
}

/**
 * Text with its bidi control characters made visible as their code points,
 * read and announced as the text they are (so an accessible name holds what
 * is seen), each with its name as a tooltip.
 */
export function RevealedText({ text }: { text: string }) {
  return (
    <>
      {revealBidiControls(text).map((piece, index) =>
        piece.kind === 'text' ? (
          piece.text
        ) : (
          <span
            key={index}
            className="bidi-control"
            title={`A hidden character that changes the text's direction (${piece.name})`}
          >
            {piece.code}
          </span>
        ),
      )}
    </>
  );
}

/** What a long text shows before "Show more": a screenful of any real message. */
export const COLLAPSED_LENGTH = 2_000;
/** What each "Show more" adds: little enough to lay out within a frame. */
export const PIECE_LENGTH = 10_000;

/**
 * A text longer than any sensible message, shown collapsed: the start, then
 * a piece more with each "Show more", so even a million characters without a
 * space never have to be laid out at once. Each piece is a block of its own,
 * so showing one more lays out that piece alone, not all shown before it.
 * `render` draws one piece.
 */
export function LongText({ text, render }: { text: string; render(piece: string): ReactNode }) {
  const [count, setCount] = useState(1);
  if (text.length <= COLLAPSED_LENGTH) return render(text);
  const pieces = splitIntoPieces(text, count);
  const shown = pieces.reduce((length, piece) => length + piece.length, 0);
  const left = text.length - shown;
  return (
    <>
      {pieces.map((piece, index) => (
        <span key={index} className="long-text-piece">
          {render(index === pieces.length - 1 && left > 0 ? `${piece}…` : piece)}
        </span>
      ))}
      <span className="long-text-actions">
        {left > 0 && (
          <button type="button" className="link-button" onClick={() => setCount(count + 1)}>
            Show more
            <span className="long-text-left"> ({left.toLocaleString()} more characters)</span>
          </button>
        )}
        {count > 1 && (
          <button type="button" className="link-button" onClick={() => setCount(1)}>
            Show less
          </button>
        )}
      </span>
    </>
  );
}

/** A word cut at a piece's end is cut at the last space before it, when there is one near. */
const WORD_BREAK_SEARCH = 200;

/** The first `count` pieces: the collapsed start, then PIECE_LENGTH each, cut between words. */
function splitIntoPieces(text: string, count: number): string[] {
  const pieces: string[] = [];
  let at = 0;
  for (let index = 0; index < count && at < text.length; index += 1) {
    let end = Math.min(text.length, at + (index === 0 ? COLLAPSED_LENGTH : PIECE_LENGTH));
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > end - WORD_BREAK_SEARCH && space > at) end = space + 1;
    }
    const piece = safeSlice(text, at, end);
    pieces.push(piece);
    at += piece.length + (piece.length === 0 ? 1 : 0);
  }
  return pieces;
}
