import { describe, expect, it } from 'vitest';
import { dropped } from '../../../renderer/components/composer/dropped.ts';

const drag = (uriList: string, types: string[] = ['text/uri-list']) => ({
  getData: (format: string) => (format === 'text/uri-list' ? uriList : ''),
  types,
});

describe('what is dropped on the composer', () => {
  it('takes a picture dragged from a web page by its link, past the list’s comments', () => {
    expect(dropped(drag('# from a page\nhttps://x.test/cat.PNG?w=200\nhttps://x.test/b'))).toEqual({
      kind: 'picture',
      url: 'https://x.test/cat.PNG?w=200',
    });
    // A browser adds the picture as a file too: the link wins.
    expect(dropped(drag('https://x.test/a.jpg', ['text/uri-list', 'Files']))).toMatchObject({
      kind: 'picture',
    });
  });

  it('refuses files from the computer, and leaves links and text to the text box', () => {
    expect(dropped(drag('', ['Files']))).toEqual({ kind: 'files' });
    expect(dropped(drag('https://x.test/article'))).toEqual({ kind: 'text' });
    expect(dropped(drag('file:///home/ann/cat.png'))).toEqual({ kind: 'text' });
    expect(dropped(drag('', ['text/plain']))).toEqual({ kind: 'text' });
  });
});
