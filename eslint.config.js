import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electron = {
  name: 'electron',
  message:
    'Only main/shell and main/preload may import electron: the core must run under plain Node.',
};
const electronStore = {
  name: 'electron-store',
  message:
    'electron-store imports electron; the core gets settings through its KeyValueStore port.',
};

/**
 * Where code may run decides what it may import (VS Code's layering, in small):
 * shared runs anywhere, the core and sandbox on Node, the shell and preload in
 * Electron, the renderer in a browser.
 */
export default defineConfig(
  {
    ignores: [
      'dist/',
      'release/',
      'node_modules/',
      'test-results/',
      'test/.reports/',
      '.parley-data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Message text is text: no HTML injection path.',
        },
      ],
    },
  },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/shell/**', 'main/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron, electronStore],
          patterns: [
            {
              group: ['**/shell/**', '**/preload/**', '**/renderer/**'],
              message: 'The core never reaches into the shell or the renderer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['main/shell/**/*.ts', 'main/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/renderer/**'], message: 'main never imports the renderer.' }] },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron, electronStore],
          patterns: [
            { group: ['node:*'], message: 'shared/ runs in the renderer too: no Node modules.' },
            {
              group: ['**/main/**', '**/renderer/**'],
              message: 'shared/ depends on nothing of the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [electron, electronStore],
          patterns: [
            {
              group: ['**/main/**'],
              message: 'The renderer reaches the main process only through window.parley.',
            },
            {
              group: ['node:*'],
              message: 'The renderer runs in a sandboxed browser: no Node modules.',
            },
          ],
        },
      ],
    },
  },
);
