// No import cycle among src/ files, type-only imports included: a cycle makes load order matter and
// once forced a `null as unknown as Context` into the docs generator; a type-only one still ties a
// lower layer to the one above it (core knowing the Context, a registry knowing its members).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { docsViolations, findCycles, floorViolations, importGraph } from '../../scripts/import-cycles.mjs';

const fixtures = mkdtempSync(join(tmpdir(), 'forgectl-cycles-'));
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

let trees = 0;

/** The cycles the checker reports in a small src/ tree written to disk (file name → content). */
async function cyclesIn(files: Record<string, string>): Promise<string[][]> {
  const root = join(fixtures, `tree${++trees}`, 'src');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return findCycles(await importGraph(root));
}

describe('imports among src/', () => {
  it('find a cycle when there is one', () => {
    const g = new Map([
      ['src/a.ts', ['src/b.ts']],
      ['src/b.ts', ['src/c.ts']],
      ['src/c.ts', ['src/a.ts']],
      ['src/d.ts', ['src/a.ts']],
    ]);
    expect(findCycles(g)).toEqual([['src/a.ts', 'src/b.ts', 'src/c.ts']]);
  });

  it('count `import type` in a cycle', async () => {
    const cycles = await cyclesIn({
      'core/low.ts': "import type { Ctx } from '../ctx.js';\nexport const f = (c: Ctx) => c;\n",
      'ctx.ts': "import { f } from './core/low.js';\nexport interface Ctx { f: typeof f }\n",
    });
    expect(cycles).toEqual([['src/core/low.ts', 'src/ctx.ts']]);
  });

  it('count `import { type X }` and type-only re-exports in a cycle', async () => {
    const cycles = await cyclesIn({
      'registry.ts': "import { type Part } from './parts/a.js';\nexport type Module = { part: Part };\n",
      'parts/a.ts': "export type { Module } from '../registry.js';\nexport interface Part { n: number }\n",
    });
    expect(cycles).toEqual([['src/parts/a.ts', 'src/registry.ts']]);
  });

  it('count dynamic imports and `import()` types in a cycle', async () => {
    const cycles = await cyclesIn({
      'a.ts': "export const load = () => import('./b.js');\n",
      'b.ts': "export type A = import('./a.js').Load;\n",
      'c.ts': "import type { A } from './b.js';\nexport type C = A;\n",
    });
    expect(cycles).toEqual([['src/a.ts', 'src/b.ts']]);
  });

  it('report nothing for a tree whose imports all point one way', async () => {
    const cycles = await cyclesIn({
      'types.ts': 'export interface T { n: number }\n',
      'low.ts': "import type { T } from './types.js';\nexport const t: T = { n: 1 };\n",
      'high.ts': "import { type T } from './types.js';\nimport { t } from './low.js';\nimport { readFileSync } from 'node:fs';\nexport const u: T = t;\nexport { readFileSync };\n",
    });
    expect(cycles).toEqual([]);
  });

  it('find src/core/ importing a floor above it, a type or a dynamic import too', async () => {
    const root = join(fixtures, `tree${++trees}`, 'src');
    const files: Record<string, string> = {
      'core/low.ts': "import type { Ctx } from '../context.js';\nexport const f = (c: Ctx) => c;\n",
      'core/lazy.ts': "export const load = () => import('../commands/x.js');\n",
      'core/fine.ts': "import { f } from './low.js';\nexport const g = f;\n",
      'context.ts': "export interface Ctx { n: number }\n",
      'commands/x.ts': "import { g } from '../core/fine.js';\nexport const x = g;\n",
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    expect(floorViolations(await importGraph(root))).toEqual(['src/core/lazy.ts -> src/commands/x.ts', 'src/core/low.ts -> src/context.ts']);
  });

  it('keep src/core/ below the Context, the fleet, the CLI and the commands', async () => {
    expect(floorViolations(await importGraph())).toEqual([]);
  });

  it('find src/docs/ importing a command, and keep it from doing so', async () => {
    const g = new Map([
      ['src/docs/values.ts', ['src/commands/token/findings.ts', 'src/api/state-sections.ts']],
      ['src/commands/token/findings.ts', ['src/api/token-findings.ts']],
    ]);
    expect(docsViolations(g)).toEqual(['src/docs/values.ts -> src/commands/token/findings.ts']);
    expect(docsViolations(await importGraph())).toEqual([]);
  });

  it('have no cycle, type-only imports included', async () => {
    const graph: Map<string, string[]> = await importGraph();
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.has('src/sandbox/modules.ts')).toBe(true);
    expect(findCycles(graph)).toEqual([]);
  });
});
