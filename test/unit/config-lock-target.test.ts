// Two config directories whose config.json links to one file (a dotfiles repo) must take one lock:
// a lock beside each link would let two writes at once lose one of them.

import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ProfileStore } from '../../src/core/profiles.js';

const locked = vi.hoisted(() => [] as string[]);
vi.mock('proper-lockfile', async (importOriginal) => {
  const real = ((await importOriginal()) as { default: { lock: (path: string, opts: object) => Promise<() => Promise<void>> } }).default;
  return { default: { ...real, lock: (path: string, opts: object) => (locked.push(path), real.lock(path, opts)) } };
});

describe('the config lock', () => {
  it('is taken on the file a symlinked config.json points to, the same from both directories', async () => {
    const root = mkdtempSync(join(tmpdir(), 'forgectl-lock-'));
    const shared = join(root, 'dotfiles', 'config.json');
    mkdirSync(join(root, 'dotfiles'));
    writeFileSync(shared, '{"profiles":{}}\n');
    const dirs = ['a', 'b'].map((name) => {
      const dir = join(root, name);
      mkdirSync(dir, { mode: 0o700 });
      symlinkSync(shared, join(dir, 'config.json'));
      return dir;
    });
    for (const [i, dir] of dirs.entries()) await (await ProfileStore.open(dir)).set(`p${i}`, { url: 'https://a.example', token: `t${i}` });
    expect(locked).toEqual([shared, shared]);
    expect(Object.keys(JSON.parse(readFileSync(shared, 'utf8')).profiles)).toEqual(['p0', 'p1']);
  });
});
