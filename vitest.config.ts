import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

// Test files run in parallel worker processes (two cores on CI); each e2e file starts its own
// sandbox on a free port in beforeAll.
export default defineConfig({
  // The version the bundle gets from scripts/build.mjs, for code tested from source.
  define: { __FORGECTL_VERSION__: JSON.stringify(pkg.version) },
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // End-to-end files mostly wait on the CLI processes they start, so three workers keep two cores
    // busy (vitest's default on two cores is a single worker).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default'],
  },
});
