import type { Metafile } from 'esbuild';

/** The outputs a launch reads: the entry chunk (`main.mjs`) and the chunks it imports statically. */
export function readAtLaunch(metafile: Metafile): string[] {
  return fromMain(metafile, ['import-statement']);
}

/** Every output the main process may ever load: what a launch reads, and what it imports later. */
export function loadableByMain(metafile: Metafile): string[] {
  return fromMain(metafile, ['import-statement', 'dynamic-import']);
}

function fromMain(metafile: Metafile, kinds: string[]): string[] {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((path) => path.endsWith('/main.mjs'));
  if (entry === undefined) throw new Error('the build has no main.mjs');
  const reached = new Set<string>();
  const visit = (path: string) => {
    if (reached.has(path)) return;
    reached.add(path);
    for (const imported of outputs[path]?.imports ?? []) {
      if (kinds.includes(imported.kind) && !imported.external) visit(imported.path);
    }
  };
  visit(entry);
  return [...reached];
}
