import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { EMOJI_VERSION } from './renderer/lib/emoji-version.ts';

const root = resolve(import.meta.dirname, 'renderer');

const EMOJIBASE = resolve(import.meta.dirname, 'node_modules/emojibase-data/en');
const readEmojibase = (file: string) => readFileSync(resolve(EMOJIBASE, file));

interface EmojibaseEmoji {
  hexcode: string;
  emoji: string;
  version: number;
  order?: number;
}

/**
 * `[code, emoji]` for every code in Slack's naming (iamcal's list) whose emoji
 * the bundled font draws, in Emojibase's order, for the composer's `:code`:
 * 42 kB, where the lists it comes from are 820 kB.
 */
function emojiCodes(): string {
  const emoji = new Map(
    (JSON.parse(readEmojibase('data.json').toString()) as EmojibaseEmoji[]).map((e) => [
      e.hexcode,
      e,
    ]),
  );
  const codes = JSON.parse(readEmojibase('shortcodes/iamcal.json').toString()) as Record<
    string,
    string | string[]
  >;
  const rows = Object.entries(codes).flatMap(([hexcode, names]) => {
    const found = emoji.get(hexcode);
    if (!found || found.version > EMOJI_VERSION) return [];
    return [names].flat().map((name) => ({ name, found }));
  });
  rows.sort((a, b) => (a.found.order ?? Infinity) - (b.found.order ?? Infinity));
  return JSON.stringify(rows.map(({ name, found }) => [name, found.emoji]));
}

/**
 * Emojibase's English data beside the bundle, for the emoji picker and the
 * composer's emoji codes: fetched from the app itself, never from a CDN (the
 * app must work offline).
 */
function emojibaseData(): Plugin {
  return {
    name: 'emojibase-data',
    generateBundle() {
      for (const file of ['data.json', 'messages.json']) {
        this.emitFile({
          type: 'asset',
          fileName: `emojibase/en/${file}`,
          source: readEmojibase(file),
        });
      }
      this.emitFile({
        type: 'asset',
        fileName: 'emojibase/en/emoji-codes.json',
        source: emojiCodes(),
      });
    },
  };
}

/** The renderer bundle, and the preview bridge as a separate file the packaged app never loads. */
export default defineConfig({
  root,
  base: './',
  plugins: [react(), emojibaseData()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist/renderer'),
    emptyOutDir: true,
    target: 'chrome140',
    rollupOptions: {
      input: {
        index: resolve(root, 'index.html'),
        'preview-bridge': resolve(root, 'preview/preview-bridge.ts'),
      },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'preview-bridge' ? 'preview-bridge.js' : 'assets/[name]-[hash].js',
      },
    },
  },
});
