// Bundles src/ into dist/ with esbuild. Dependencies stay external (resolved from node_modules at
// run time) and every command module is a separate chunk, so `forgectl --version` loads almost nothing.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { main: 'src/main.ts', docs: 'src/docs/generate.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __FORGECTL_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
