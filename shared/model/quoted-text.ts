/**
 * Quoting, as email and Slack write it: a line that starts with "> " (or is
 * ">" alone) is quoted. ">>" is not, so a pasted shell or Python prompt stays
 * text. The API has no replies; a quote is how one message answers another.
 */
const QUOTED_LINE = /^>(?: |$)/;

export type TextBlock = { kind: 'text' | 'quote'; text: string };

/**
 * The text as runs of plain and quoted lines, the quote marks taken off; the
 * line break that ends a run belongs to it, so no run starts or ends with a
 * blank line that was not typed.
 */
export function quoteBlocks(text: string): TextBlock[] {
  const blocks: { kind: TextBlock['kind']; lines: string[] }[] = [];
  for (const line of text.split('\n')) {
    const kind = QUOTED_LINE.test(line) ? 'quote' : 'text';
    const content = kind === 'quote' ? line.replace(QUOTED_LINE, '') : line;
    const last = blocks.at(-1);
    if (last?.kind === kind) last.lines.push(content);
    else blocks.push({ kind, lines: [content] });
  }
  return blocks.map(({ kind, lines }) => ({ kind, text: lines.join('\n') }));
}

/**
 * A message's own words, what it quoted left out: what a list preview or a
 * notification shows of a reply. A message that is nothing but a quote is
 * its own words, as written.
 */
export function ownWords(text: string): string {
  if (!text.includes('>')) return text;
  const own = quoteBlocks(text)
    .filter((block) => block.kind === 'text')
    .map((block) => block.text)
    .join('\n')
    .trim();
  return own || text.trim();
}
