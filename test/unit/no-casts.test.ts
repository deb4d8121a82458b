// Commands receive typed options from their declared flags (issue 17): a cast in src/commands/
// would hide a renamed or retyped flag until run time, as the 46 casts there once did.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const COMMANDS = resolve(import.meta.dirname, '../../src/commands');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('src/commands has no casts to never or any', () => {
  it('finds none', () => {
    const found = sources(COMMANDS).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bas (never|any)\b/.test(line) ? [`${relative(COMMANDS, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
