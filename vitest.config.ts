import { defineConfig } from 'vitest/config';

// Test files run in parallel worker processes (two cores on CI); each e2e file starts its own
// sandbox on a free port in beforeAll.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    reporters: ['default'],
  },
});
