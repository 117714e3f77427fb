import { isBuiltin } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';

/**
 * The layout table as a lint rule (after VS Code's `code-import-patterns`):
 * every file belongs to the first area whose `files` glob matches its path,
 * and each of its imports (static, type-only, re-exports and `import()`) must
 * match one of that area's `allow` patterns. A relative import is matched by
 * the repository path it resolves to (`main/core/store/**`), a package by its
 * name (`zod`, `@fastify/static`), a Node built-in as `node:<name>`. An allow
 * entry `{ lazy: pattern }` admits that import only through `import()` (or a
 * type-only import, which loads nothing), so it stays out of the startup path, and `{ packagesExcept: [...] }` admits every
 * npm package but those. A file that no area claims is an error too: a new
 * folder must be given its rules.
 */
const root = dirname(import.meta.dirname);

/** @type {import('eslint').Rule.RuleModule} */
export const layoutImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layout table in the README' },
    schema: false,
    messages: {
      notAllowed: '{{area}} may not import {{target}}: it may import {{allowed}}.',
      onlyLazy:
        '{{area}} may import {{target}} only with import(), so launches that do not need it never load it.',
      noArea:
        'No layout rule covers this file: give its folder a line in the table (eslint.config.js).',
    },
  },
  create(context) {
    /** @type {{ areas: { name: string, files: string[], allow: (string | { lazy: string } | { packagesExcept: string[] })[] }[] }} */
    const { areas } = context.options[0];
    const file = relative(root, context.filename).split(sep).join('/');
    const area = areas.find((candidate) => candidate.files.some((glob) => matchesGlob(file, glob)));
    if (!area) {
      return {
        Program(node) {
          context.report({ node, messageId: 'noArea' });
        },
      };
    }
    const eager = area.allow.filter((entry) => typeof entry === 'string');
    const lazy = area.allow.flatMap((entry) => (entry.lazy ? [entry.lazy] : []));
    const anyPackage = area.allow.find((entry) => entry.packagesExcept);

    const check = (node, dynamic) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const target = targetOf(file, node.value);
      const matches = (pattern) => matchesGlob(target, pattern);
      if (eager.some(matches)) return;
      const isPackage = !node.value.startsWith('.') && !target.startsWith('node:');
      if (isPackage && anyPackage && !anyPackage.packagesExcept.includes(target)) return;
      if (lazy.some(matches)) {
        if (!dynamic) {
          context.report({ node, messageId: 'onlyLazy', data: { area: area.name, target } });
        }
        return;
      }
      const allowed = [
        ...eager,
        ...lazy.map((pattern) => `${pattern} (lazily)`),
        ...(anyPackage ? [`packages but ${anyPackage.packagesExcept.join(', ')}`] : []),
      ].join(', ');
      context.report({ node, messageId: 'notAllowed', data: { area: area.name, target, allowed } });
    };

    return {
      // A type-only import loads nothing at run time, so it may name a lazy target too.
      ImportDeclaration: (node) => check(node.source, node.importKind === 'type'),
      ExportAllDeclaration: (node) => check(node.source, false),
      ExportNamedDeclaration: (node) => check(node.source, false),
      ImportExpression: (node) => check(node.source, true),
      TSImportType: (node) => check(node.argument?.literal ?? node.argument, true),
    };
  },
};

/** What an import names, in the terms the allow-lists use. */
function targetOf(file, specifier) {
  if (specifier.startsWith('.')) {
    return join(dirname(file), specifier).split(sep).join('/');
  }
  if (isBuiltin(specifier)) return `node:${specifier.replace(/^node:/, '').split('/')[0]}`;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const globs = new Map();

/** `**` spans folders, `*` stays within one; nothing else is special. */
function matchesGlob(path, pattern) {
  let compiled = globs.get(pattern);
  if (!compiled) {
    const source = pattern
      .split(/(\*\*\/|\*\*|\*)/)
      .map((part) =>
        part === '**/'
          ? '(?:.*/)?'
          : part === '**'
            ? '.*'
            : part === '*'
              ? '[^/]*'
              : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    compiled = new RegExp(`^${source}$`);
    globs.set(pattern, compiled);
  }
  return compiled.test(path);
}

export default { rules: { 'layout-imports': layoutImports } };
