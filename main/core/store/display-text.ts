/**
 * What the renderer is given to show in a line (a title, a sender's name, a
 * list preview, a search snippet) is cut to a length that lays out at once,
 * whatever the server stored: a username or message of a million characters
 * is kept as it came, but never sent to every list row and label in full.
 */
export const DISPLAY_NAME_LENGTH = 200;
export const PREVIEW_LENGTH = 300;

export function clipForDisplay(text: string, max = DISPLAY_NAME_LENGTH): string {
  if (text.length <= max) return text;
  // Never split a surrogate pair (an emoji) in two.
  const end = /[\uDC00-\uDFFF]/.test(text.charAt(max - 1)) ? max : max - 1;
  return `${text.slice(0, end)}…`;
}
