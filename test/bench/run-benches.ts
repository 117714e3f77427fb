import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run bench [-- name ...]`: runs the benchmarks one after another (never
 * in parallel: each measures this machine), each printing its figures beside
 * a baseline measured in the same run. Names pick some: `npm run bench -- store sync`.
 */
const dir = import.meta.dirname;
const all = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  process.stderr.write(`unknown benchmark: ${unknown.join(', ')} (have: ${all.join(', ')})\n`);
  process.exit(2);
}

let failed = 0;
for (const name of wanted.length > 0 ? wanted : all) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const run = spawnSync(process.execPath, [join(dir, `${name}.bench.ts`)], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
