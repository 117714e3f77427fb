import { isHttpUrl } from '../../../shared/model/links.ts';
import { typeFromUrl } from './attachment-fields.ts';

/**
 * What was dropped on the composer, as Parley can take it: a picture dragged
 * from a web page comes as its link, and is attached as one; files from the
 * computer cannot go (the Messaging API takes attachments as links only);
 * anything else is the browser's to drop as text.
 */
export type Dropped = { kind: 'picture'; url: string } | { kind: 'files' } | { kind: 'text' };

/** The part of a drag's DataTransfer read here. */
interface DragData {
  getData(format: string): string;
  readonly types: readonly string[];
}

export function dropped(data: DragData): Dropped {
  const link = data
    .getData('text/uri-list')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('#'));
  if (isHttpUrl(link) && typeFromUrl(link)?.startsWith('image/')) {
    return { kind: 'picture', url: link };
  }
  return data.types.includes('Files') ? { kind: 'files' } : { kind: 'text' };
}
