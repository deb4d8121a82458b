// --all against a list that changes while it is read (issue 23): the links decide where the list
// ends. A list that grows goes on past the count page 1 gave; links that end it before a count the
// server gave make it a cut list (exit 1), never a quiet, complete-looking end.

import { describe, expect, it } from 'vitest';
import { forgectl } from '../helpers/cli.js';
import { usePagingServer } from '../helpers/paging-server.js';

interface FakePage {
  ids: number[];
  totalPages: number;
  /** The page the server names as the next one (Link and x-next-page); none on the last page. */
  next?: number;
}

let pages: Record<number, FakePage> = {};
const fake = usePagingServer('/api/v4/hooks', (page, perPage) => {
  const p = pages[page] ?? { ids: [], totalPages: Object.keys(pages).length };
  const body = JSON.stringify(p.ids.map((id) => ({ id, url: `https://hooks.example/${id}` })));
  return { body, next: p.next, totalPages: p.totalPages, total: p.totalPages * Number(perPage) };
});

// Counted pages fetched several at a time (the default), and one at a time.
const MODES = [['counted pages in parallel', {}], ['one page at a time', { FORGECTL_PAGE_CONCURRENCY: '1' }]] as const;

const list = (env: Record<string, string>) =>
  forgectl(['hooks', 'list', '--all', '--per-page', '2', '-o', 'json', '--retries', '0'], { env: { FORGECTL_URL: fake.origin, FORGECTL_TOKEN: 'glpat-test-token-000000', ...env } });

describe('--all on a list that grows while it is read', () => {
  for (const [mode, env] of MODES) {
    it(`${mode}: page 1 counts 2 pages, page 2 counts 3 and links a next one: all 6 items, exit 0`, async () => {
      pages = {
        1: { ids: [1, 2], totalPages: 2, next: 2 },
        2: { ids: [3, 4], totalPages: 3, next: 3 },
        3: { ids: [5, 6], totalPages: 3 },
      };
      const res = await list(env);
      expect(res.exitCode, res.stderr).toBe(0);
      expect(JSON.parse(res.stdout).map((h: { id: number }) => h.id)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(res.stderr).toBe('');
    });

    it(`${mode}: page 1 counts 1 page but links a next one (the list grew while page 1 was counted): the next page is read, exit 0`, async () => {
      pages = {
        1: { ids: [1, 2], totalPages: 1, next: 2 },
        2: { ids: [3], totalPages: 2 },
      };
      const res = await list(env);
      expect(res.exitCode, res.stderr).toBe(0);
      expect(JSON.parse(res.stdout).map((h: { id: number }) => h.id)).toEqual([1, 2, 3]);
    });
  }
});

describe('--all when the count and the links disagree', () => {
  for (const [mode, env] of MODES) {
    it(`${mode}: page 1 counts 3 pages, page 2 names no next one: a cut list, exit 1, never a complete answer`, async () => {
      // An item went while the list was read: the pages shifted, so page 2 is now the last.
      pages = {
        1: { ids: [1, 2], totalPages: 3, next: 2 },
        2: { ids: [4, 5], totalPages: 2 },
      };
      const res = await list(env);
      expect(res.exitCode, res.stderr).toBe(1);
      // The items that came, in an array left open: `jq` fails rather than miscount.
      expect(() => JSON.parse(res.stdout)).toThrow();
      expect(JSON.parse(`${res.stdout}]`).map((h: { id: number }) => h.id)).toEqual([1, 2, 4, 5]);
      expect(res.stderr).toContain(
        'error: the list stopped, 4 items printed before it: the server counted 3 pages, but page 2 names no next one: the list is cut, as it changed while it was read (items may be missing)\n',
      );
      expect(res.stderr).toContain('hint: run the same command again to read the whole list');
    });
  }

  it('a counted page that names another page than the following one as next: a cut list, exit 1', async () => {
    pages = {
      1: { ids: [1, 2], totalPages: 3, next: 2 },
      2: { ids: [3, 4], totalPages: 3, next: 1 },
      3: { ids: [5, 6], totalPages: 3 },
    };
    const res = await list({});
    expect(res.exitCode, res.stderr).toBe(1);
    expect(JSON.parse(`${res.stdout}]`).map((h: { id: number }) => h.id)).toEqual([1, 2, 3, 4]);
    expect(res.stderr).toContain('error: the list stopped, 4 items printed before it: page 2 names page 1 as the next one, not page 3: the list is cut');
  });
});
