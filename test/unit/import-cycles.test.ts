// No import cycle among src/ files (static or dynamic imports): a cycle makes load order matter and
// once forced a `null as unknown as Context` into the docs generator.

import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { findCycles, importGraph } from '../../scripts/import-cycles.mjs';

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

  it('have no cycle', async () => {
    const graph: Map<string, string[]> = await importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycles(graph)).toEqual([]);
  });
});
