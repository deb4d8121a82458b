// The sandbox stands in for a real instance: it must not share the client's assumptions, so no
// file under src/sandbox/ imports the client's code (src/api, src/core, src/commands).

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const SANDBOX = join(ROOT, 'src/sandbox');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('src/sandbox imports', () => {
  it('nothing under src/sandbox imports src/api, src/core or src/commands', () => {
    const offending: string[] = [];
    for (const file of files(SANDBOX)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        if (!m[1].startsWith('.')) continue;
        const target = relative(ROOT, resolve(dirname(file), m[1]));
        if (/^src\/(api|core|commands)(\/|$)/.test(target)) offending.push(`${relative(ROOT, file)} → ${target}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('the check sees the sandbox’s files', () => {
    expect(files(SANDBOX).length).toBeGreaterThan(20);
  });
});
