import type { Metafile } from 'esbuild';

/** The outputs a launch reads: the entry chunk (`main.mjs`) and the chunks it imports statically. */
export function readAtLaunch(metafile: Metafile): string[] {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((path) => path.endsWith('/main.mjs'));
  if (entry === undefined) throw new Error('the build has no main.mjs');
  const eager = new Set<string>();
  const visit = (path: string) => {
    if (eager.has(path)) return;
    eager.add(path);
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(entry);
  return [...eager];
}
