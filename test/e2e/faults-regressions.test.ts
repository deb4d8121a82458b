// Issue 13's three defects, and the keyset column of the fault matrix. The sandbox holds more than
// 10,000 projects, so its first page of projects tells no total and listing switches to keyset.

import { describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { FAULTS, expectNoFalseAnswer, runWithFault, specFor } from '../helpers/faults.js';
import { envFor, rawGet, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ extraProjects: 10_050 });

describe('defect 1: an answer cut mid-body is not an empty list', () => {
  it('hooks list -o json, reset after the headers of a 200: exit 1, no [], the failure said', async () => {
    const res = await runWithFault(sandbox(), 'reset-body:forever@GET:/hooks', ['hooks', 'list', '-o', 'json']);
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/^error: GET \S+\/api\/v4\/hooks\?page=1&per_page=20 failed after 2 attempts: the answer stopped part way \(\w+\)$/m);
  });
});

describe('defect 2: token list --expiring-within reads every page', () => {
  async function expected(days: number): Promise<string[]> {
    const all = (await rawGet(sandbox(), '/personal_access_tokens?per_page=100', sandbox().tokens.admin)).body as any[];
    const horizon = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    return all.filter((t) => t.active && t.expires_at && t.expires_at <= horizon).map((t) => t.name);
  }

  it('finds the matching tokens of every page, not only the first (pages of 3)', async () => {
    const sb = sandbox();
    const want = await expected(100);
    expect(want.length).toBeGreaterThan(3);
    const mark = sb.requests.length;
    const res = await forgectl(['token', 'list', '--expiring-within', '100d', '--per-page', '3', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(json<any[]>(res).map((t) => t.name).sort()).toEqual([...want].sort());
    const pages = requestsSince(sb, mark).filter((r) => r.path === '/api/v4/personal_access_tokens');
    expect(pages.length).toBeGreaterThan(1);
  });

  it('--limit caps the tokens printed, not the pages read', async () => {
    const want = await expected(100);
    const res = await forgectl(['token', 'list', '--expiring-within', '100d', '--per-page', '3', '--limit', '2', '-o', 'json'], { env: envFor(sandbox()) });
    expect(res.exitCode, res.stderr).toBe(0);
    const names = json<any[]>(res).map((t) => t.name);
    expect(names).toHaveLength(2);
    for (const n of names) expect(want).toContain(n);
  });
});

describe('defect 3: the switch to keyset paging goes on after the last project printed', () => {
  it('--order-by id --limit 150 costs 2 requests, newest first, nothing twice', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['projects', 'list', '--order-by', 'id', '--limit', '150', '-o', 'ndjson', '--fields', 'id'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    const ids = res.stdout.trim().split('\n').map((l) => JSON.parse(l).id as number);
    expect(ids).toHaveLength(150);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(150);
    const sent = requestsSince(sb, mark);
    expect(sent).toHaveLength(2);
    expect(sent[0].query).toContain('order_by=id');
    expect(sent[0].query).toContain('sort=desc');
    expect(sent[0].query).toContain('page=1');
    expect(sent[1].query).toContain('pagination=keyset');
    expect(sent[1].query).toContain(`id_before=${ids[99]}`);
  });

  it('--limit 150 alone keeps the service’s order: offset pages, no keyset', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['projects', 'list', '--limit', '150', '-o', 'ndjson', '--fields', 'id'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout.trim().split('\n')).toHaveLength(150);
    const sent = requestsSince(sb, mark);
    expect(sent.map((r) => new URLSearchParams(r.query).get('page'))).toEqual(['1', '2']);
    for (const r of sent) expect(r.query).not.toMatch(/order_by|sort|keyset/);
  });
});

describe('fault matrix: --all failing at page 3 (projects, keyset paging)', () => {
  // Page 1 by offset, pages 2 and 3 by keyset; page 3 starts after the 200th project.
  let after200: number | undefined;
  async function cursor(): Promise<number> {
    if (after200 === undefined) {
      const page2 = (await rawGet(sandbox(), '/projects?order_by=id&sort=asc&per_page=100&page=2&simple=true', sandbox().tokens.admin)).body as { id: number }[];
      after200 = page2[page2.length - 1].id;
    }
    return after200;
  }
  // 200 projects left after page 1 are read one page at a time (more go by id ranges at once:
  // test/e2e/projects-keyset-slices.test.ts has that list's failure).
  const args = ['projects', 'list', '--order-by', 'id', '--sort', 'asc', '--limit', '300', '-o', 'json', '--fields', 'id'];
  for (const f of FAULTS) {
    it(`${f.kind} at page 3: exit 1, an open array of 200 projects, resume after the last one`, async () => {
      const id = await cursor();
      const res = await runWithFault(sandbox(), specFor(f, 'forever', `GET:/projects?pagination=keyset&id_after=${id}`), args);
      expect(res.exitCode, res.stderr).toBe(1);
      expectNoFalseAnswer(res);
      expect(res.stderr).toMatch(f.stderr);
      if (f.refused) return;
      const printed = JSON.parse(`${res.stdout}]`) as { id: number }[];
      expect(printed).toHaveLength(200);
      expect(printed[199].id).toBe(id);
      expect(res.stderr).toContain('error: the list stopped, 200 items printed before it: ');
      expect(res.stderr).toContain(`hint: to go on from there, run the same command with --order-by id --sort asc --id-after ${id}`);
    });
  }
});
