// Every in-process test goes through test/helpers/harness.ts (issue 17): a test that wires its own
// Context or calls the program's `run` skips what users get (a fresh config directory, the real
// global options) and drifts from the other tests. The source+destination pair of the migration
// tests comes from useMigrationSandboxes() in test/helpers/sandbox.ts.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const TEST = resolve(import.meta.dirname, '..');
const SELF = resolve(import.meta.filename);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

function offending(pattern: RegExp, allowed: string): string[] {
  return sources(TEST)
    .filter((file) => file !== SELF && relative(TEST, file) !== allowed)
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${relative(TEST, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe('one test harness', () => {
  it('no test builds a Context or imports the program’s run but the harness', () => {
    expect(offending(/new Context\(|createContext\(|from '(\.\.\/)+src\/cli\.js'/, 'helpers/harness.ts')).toEqual([]);
  });

  it('no test starts the migration sandbox pair by hand', () => {
    expect(offending(/startSandbox\([^)]*clockSpeed: 200/, 'helpers/sandbox.ts')).toEqual([]);
  });
});
