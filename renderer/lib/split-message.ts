/**
 * Text longer than one message may hold, as the messages that hold it, in
 * order. Each is cut at its stretch's last paragraph break, else line break,
 * else space, in the stretch's second half; failing those (one very long
 * word) at the limit, never inside a character that takes two code units.
 * Only the whitespace cut at is left out.
 */
export function splitMessage(text: string, limit: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const stretch = rest.slice(0, limit);
    let at =
      ['\n\n', '\n', ' ']
        .map((separator) => stretch.lastIndexOf(separator))
        .find((index) => index >= limit / 2) ?? limit;
    if (at === limit && /[\uD800-\uDBFF]/.test(stretch.charAt(limit - 1))) at -= 1;
    parts.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest.trim() !== '') parts.push(rest);
  return parts;
}
