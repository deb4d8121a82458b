// Import cycles among src/ files, static and dynamic imports alike, read from esbuild's metafile (the
// bundler the build already uses; nothing is written). `node scripts/import-cycles.mjs` prints them
// and exits 1 if there is one; test/unit/import-cycles.test.ts runs the same check.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Every entry point of the build, so each src/ file reachable from the CLI is seen. */
const ENTRIES = ['src/main.ts', 'src/docs/generate.ts'];

export async function importGraph() {
  const res = await build({ absWorkingDir: fileURLToPath(new URL('..', import.meta.url)), entryPoints: ENTRIES, bundle: true, write: false, metafile: true, splitting: true, outdir: 'out', format: 'esm', platform: 'node', packages: 'external', logLevel: 'silent', define: { __FORGECTL_VERSION__: '"0"' } });
  const graph = new Map();
  for (const [file, input] of Object.entries(res.metafile.inputs)) {
    if (!file.startsWith('src/')) continue;
    graph.set(file, input.imports.map((i) => i.path).filter((p) => p.startsWith('src/')));
  }
  return graph;
}

/** One cycle per strongly connected group of files (Tarjan), each as the files along it. */
export function findCycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const cycles = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) !== idx.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(group.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return cycles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cycles = findCycles(await importGraph());
  for (const c of cycles) console.log(`import cycle among: ${c.join(', ')}`);
  process.exit(cycles.length ? 1 : 0);
}
