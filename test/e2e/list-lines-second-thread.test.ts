// A long list printed as NDJSON has its big pages' lines encoded on a second thread (issue 45): what
// it prints must be what one thread prints, line for line, with the same masks (secrets, URL
// credentials), escapes (bidi controls) and each item once. Pages of about 90 KB, each after 150 ms,
// so that the thread is running when most of them come; --verbose says when it is used.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl } from '../helpers/cli.js';
import { usePagingServer } from '../helpers/paging-server.js';

const PAGES = 8;
const secretItem = (id: number) => ({
  zeta: 1,
  runners_token: 'GR1348941secret-one',
  id,
  notes: 'n'.repeat(30_000),
  import_url: 'https://deploy:pa55@git.example.com/x.git',
  name: 'caf\u00e9 \u202eevil',
});
const plainItem = (id: number) => ({ id, notes: 'p'.repeat(30_000), web_url: 'https://git.example.com/g/q', tags: ['a', 'b'] });
// Page p holds ids 3p+2, 3p+1, 3p; the last page repeats an id of the one before (a list that shifted).
const pageItems = (p: number) => [secretItem(3 * p + 2), plainItem(3 * p + 1), plainItem(p === PAGES ? 3 * p - 1 : 3 * p)];

const fake = usePagingServer('/api/v4/projects', (page) => ({
  body: page <= PAGES ? JSON.stringify(pageItems(page)) : '[]',
  next: page < PAGES ? page + 1 : undefined,
  totalPages: PAGES,
  total: PAGES * 3,
  delayMs: page === 1 ? 0 : 150,
}));

const env = () => ({ FORGECTL_URL: fake.origin, FORGECTL_TOKEN: 'glpat-test-token-000000' });
const list = (...extra: string[]) => ['projects', 'list', '--all', '--per-page', '3', '--retries', '0', ...extra];

// The lines one thread writes (itemJson): secrets and URL credentials masked, U+202E escaped.
function expectedLines(showSecrets: boolean): string[] {
  const lines: string[] = [];
  for (let p = 1; p <= PAGES; p++) {
    for (const item of pageItems(p)) {
      if (p === PAGES && item.id === 3 * p - 1) continue; // printed once, on the page before
      if ('runners_token' in item) {
        const token = showSecrets ? 'GR1348941secret-one' : '********';
        lines.push(`{"zeta":1,"runners_token":"${token}","id":${item.id},"notes":"${'n'.repeat(30_000)}","import_url":"https://deploy:********@git.example.com/x.git","name":"caf\u00e9 \\u202eevil"}`);
      } else lines.push(JSON.stringify(item));
    }
  }
  return lines;
}

describe('NDJSON lines of big pages, encoded on a second thread', () => {
  it('are the lines one thread writes: masked, escaped, each item once', async () => {
    const res = await forgectl([...list('-o', 'ndjson', '--verbose')], { env: env() });
    expect(res.exitCode, res.stderr.slice(-2000)).toBe(0);
    expect(res.stderr).toContain('* encoding the lines of list pages on a second thread');
    expect(res.stderr).toContain(`gave id ${3 * PAGES - 1} again`);
    expect(res.stdout.split('\n')).toEqual(expectedLines(false));
    expect(res.stdout).not.toContain('secret-one');
    expect(res.stdout).not.toContain('pa55');
    expect(res.stdout).not.toContain('\u202e');
  });

  it('with --show-secrets, the token-like values are the server\'s and URL credentials stay masked', async () => {
    const res = await forgectl([...list('-o', 'ndjson', '--show-secrets')], { env: env() });
    expect(res.exitCode, res.stderr.slice(-2000)).toBe(0);
    expect(res.stdout.split('\n')).toEqual(expectedLines(true));
  });

  it('over a fleet, every line names its instance and is the same line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-lines-'));
    const profile = { url: fake.origin, token: 'glpat-test-token-000000', tokenType: 'personal' };
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ default: 'a', profiles: { a: profile, b: profile } }), { mode: 0o600 });
    const res = await forgectl(['--profiles', 'a,b', ...list('-o', 'ndjson')], { configDir: dir });
    expect(res.exitCode, res.stderr.slice(-2000)).toBe(0);
    const lines = res.stdout.split('\n');
    for (const name of ['a', 'b']) {
      const own = lines.filter((l) => l.startsWith(`{"instance":"${name}",`)).map((l) => `{${l.slice(`{"instance":"${name}",`.length)}`);
      expect(own).toEqual(expectedLines(false));
    }
    expect(lines).toHaveLength(2 * expectedLines(false).length);
  });
});
