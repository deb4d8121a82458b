// The bench's own server (bench/server.mjs) pages as GitLab does, and forgectl and the floor scripts
// read the same list from it (issue 27, item 4): otherwise `npm run bench` could time the wrong
// work and nobody would notice. Structural checks only: headers, links, ids, line counts; no timing.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, forgectl } from '../helpers/cli.js';
import { startBenchServer } from '../../scripts/lib.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const realdata = (name: string) => JSON.parse(readFileSync(resolve(ROOT, 'test/fixtures/realdata/projects', name), 'utf8')).body;

/** The bench's own way to start its server (scripts/lib.mjs): what `npm run bench` measures against. */
interface BenchServer {
  url: string;
  stop: () => Promise<void>;
}
const start = (args: string[]): Promise<BenchServer> => startBenchServer(args);

// 250 projects with gaps in their ids; the same with GitLab's limits lowered so that 250 items are
// past the count (no totals) and page 3 of 100 is past the offset limit; and one with a rate limit.
let counted: BenchServer;
let uncounted: BenchServer;
let limited: BenchServer;
beforeAll(async () => {
  [counted, uncounted, limited] = await Promise.all([
    start(['--items', '250', '--gaps']),
    start(['--items', '250', '--gaps', '--count-limit', '100', '--offset-limit', '200']),
    start(['--items', '3', '--rate-limit', '2']),
  ]);
});
afterAll(() => Promise.all([counted, uncounted, limited].map((s) => s?.stop())));

async function get(server: BenchServer, query: string) {
  const res = await fetch(`${server.url}/api/v4/projects?${query}`, { headers: { 'PRIVATE-TOKEN': 'any-token-at-all' } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, ids: res.ok ? (JSON.parse(text) as { id: number }[]).map((p) => p.id) : [] };
}

/** rel → URL of a Link header. */
function links(value: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of (value ?? '').matchAll(/<([^>]*)>;\s*rel="(\w+)"/g)) out[m[2]] = m[1];
  return out;
}

/** Every project id by keyset paging from `query`, following Link rel=next; and the page sizes. */
async function keysetIds(server: BenchServer, query: string) {
  const ids: number[] = [];
  const sizes: number[] = [];
  let url: string | undefined = `${server.url}/api/v4/projects?${query}`;
  while (url) {
    const res = await get(server, new URL(url).search.slice(1));
    expect(res.status).toBe(200);
    ids.push(...res.ids);
    sizes.push(res.ids.length);
    url = links(res.headers.get('link')).next;
  }
  return { ids, sizes };
}

const descending = (ids: number[]) => ids.every((id, i) => i === 0 || id < ids[i - 1]);

describe('offset paging as GitLab documents it', () => {
  it('a middle page has the documented x-* headers, totals and prev/next/first/last links', async () => {
    const res = await get(counted, 'order_by=id&sort=asc&per_page=100&page=2');
    // The header names of GitLab's documented example, each present.
    const documented = Object.keys(realdata('pagination_offset_headers.json')).filter((h) => h.startsWith('x-') && !/request-id|runtime/.test(h));
    for (const h of documented) expect(res.headers.has(h), h).toBe(true);
    expect(Object.fromEntries(documented.map((h) => [h, res.headers.get(h)]))).toEqual({
      'x-next-page': '3',
      'x-page': '2',
      'x-per-page': '100',
      'x-prev-page': '1',
      'x-total': '250',
      'x-total-pages': '3',
    });
    const rel = links(res.headers.get('link'));
    expect(Object.keys(rel).sort()).toEqual(['first', 'last', 'next', 'prev']);
    expect(rel.next).toBe(`${counted.url}/api/v4/projects?order_by=id&page=3&per_page=100&sort=asc`);
    expect(rel.last).toContain('page=3&');
    expect(res.ids).toHaveLength(100);
    expect(res.ids.every((id, i) => i === 0 || id > res.ids[i - 1])).toBe(true);
    // --gaps: ids are not 101..200.
    expect(res.ids.at(-1)! - res.ids[0]).toBeGreaterThan(99);
  });

  it('the last page names no next one; per_page is at most 100 and below 1 the default of 20', async () => {
    const last = await get(counted, 'per_page=100&page=3');
    expect(last.ids).toHaveLength(50);
    expect(last.headers.get('x-next-page')).toBe('');
    expect(links(last.headers.get('link')).next).toBeUndefined();
    expect((await get(counted, 'per_page=500')).headers.get('x-per-page')).toBe('100');
    expect((await get(counted, 'per_page=0')).ids).toHaveLength(20);
  });

  it('newest first by default; every documented order_by is accepted, an unknown one is a 400', async () => {
    const byDefault = await get(counted, 'per_page=100');
    expect(descending(byDefault.ids)).toBe(true);
    expect((await get(counted, 'per_page=100&order_by=last_activity_at')).ids).toEqual(byDefault.ids);
    expect((await get(counted, 'per_page=100&order_by=name&sort=desc')).ids).toEqual(byDefault.ids);
    expect((await get(counted, 'order_by=stars')).status).toBe(400);
  });

  it('past the count limit x-total, x-total-pages and rel="last" are left out; the next page is still named', async () => {
    const res = await get(uncounted, 'per_page=100');
    expect(res.headers.has('x-total')).toBe(false);
    expect(res.headers.has('x-total-pages')).toBe(false);
    expect(Object.keys(links(res.headers.get('link'))).sort()).toEqual(['first', 'next']);
    expect(res.headers.get('x-next-page')).toBe('2');
    // Filtered under the limit, the totals are back.
    const few = await get(uncounted, `per_page=100&id_after=${res.ids[50]}`);
    expect(few.headers.get('x-total')).toBe('50');
    expect(few.ids).toEqual(res.ids.slice(0, 50));
  });

  it('page × per_page past the offset limit is refused with 405, pointing to keyset', async () => {
    const res = await get(uncounted, 'per_page=100&page=3');
    expect(res.status).toBe(405);
    expect(res.text).toMatch(/maximum allowed offset of 200 .*keyset pagination/);
  });
});

describe('keyset paging as GitLab documents it', () => {
  it('Link rel=next carries id_before (desc) or id_after (asc) in the documented form, to an empty last page; every id once', async () => {
    const offset = [...(await get(counted, 'per_page=100&page=1')).ids, ...(await get(counted, 'per_page=100&page=2')).ids, ...(await get(counted, 'per_page=100&page=3')).ids];
    const desc = await keysetIds(counted, 'pagination=keyset&order_by=id&sort=desc&per_page=100');
    expect(desc.ids).toEqual(offset);
    expect(desc.sizes).toEqual([100, 100, 50, 0]);
    const asc = await keysetIds(counted, 'pagination=keyset&order_by=id&sort=asc&per_page=100');
    expect(asc.ids).toEqual([...offset].reverse());

    const first = await get(counted, 'pagination=keyset&per_page=50&order_by=id&sort=asc');
    const next = new URL(links(first.headers.get('link')).next);
    const documented = new URL(/<([^>]*)>/.exec(realdata('pagination_keyset_headers.json').Link)![1]);
    expect([...next.searchParams.keys()].sort()).toEqual([...documented.searchParams.keys()].sort());
    expect(next.searchParams.get('id_after')).toBe(String(first.ids.at(-1)));
    // Only the Link: no offset headers on keyset pages.
    expect(first.headers.has('x-next-page')).toBe(false);
    expect(first.headers.has('x-total')).toBe(false);
  });

  it('keyset is refused (405) for any order but id', async () => {
    expect((await get(counted, 'pagination=keyset&order_by=name&sort=asc')).status).toBe(405);
    expect((await get(counted, 'pagination=keyset')).status).toBe(405);
  });
});

describe('RateLimit headers', () => {
  it('every answer tells limit, observed and remaining; past the limit a 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await get(limited, 'per_page=1');
      answers.push(res);
      if (res.status === 429) break;
    }
    const first = answers[0].headers;
    expect(first.get('ratelimit-limit')).toBe('2');
    expect(Number(first.get('ratelimit-remaining'))).toBe(2 - Number(first.get('ratelimit-observed')));
    expect(Number(first.get('ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.text).toBe('Retry later\n');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
  });
});

describe('forgectl and the floor scripts read the same list from it', () => {
  const env = (server: BenchServer) => ({ FORGECTL_URL: server.url, FORGECTL_TOKEN: 'glpat-any-token-0000' });
  const ndjsonIds = (stdout: string) => stdout.trimEnd().split('\n').map((l) => (JSON.parse(l) as { id: number }).id);
  const floor = async (script: string, server: BenchServer) => {
    const res = await execa(process.execPath, [resolve(ROOT, 'bench', script)], { env: cleanEnv(env(server)), extendEnv: false });
    return String(res.stdout);
  };

  for (const [name, server] of [['with totals', () => counted], ['without totals, past the offset limit', () => uncounted]] as const) {
    it(`${name}: forgectl --all and the floors fetch-all, fetch-seq and fetch-slices print the same 250 projects, newest first, byte for byte`, async () => {
      const expected = (await keysetIds(server(), 'pagination=keyset&order_by=id&sort=desc&per_page=100')).ids;
      expect(expected).toHaveLength(250);
      const res = await forgectl(['projects', 'list', '--all', '-o', 'ndjson'], { env: env(server()) });
      expect(res.exitCode, res.stderr).toBe(0);
      expect(ndjsonIds(res.stdout)).toEqual(expected);
      // The same output is the same work: forgectl's ndjson and the floors' are one text.
      expect(await floor('fetch-all.mjs', server())).toBe(res.stdout.trimEnd());
      expect(await floor('fetch-seq.mjs', server())).toBe(res.stdout.trimEnd());
      expect(await floor('fetch-slices.mjs', server())).toBe(res.stdout.trimEnd());
    });
  }

  it('one request: forgectl and fetch-one.mjs print the same newest project', async () => {
    const res = await forgectl(['projects', 'list', '--per-page', '1', '-o', 'json'], { env: env(counted) });
    expect(res.exitCode, res.stderr).toBe(0);
    const script = await execa(process.execPath, [resolve(ROOT, 'bench/fetch-one.mjs')], { env: cleanEnv(env(counted)), extendEnv: false });
    expect(JSON.parse(res.stdout)).toEqual(JSON.parse(String(script.stdout)));
    expect(JSON.parse(res.stdout)[0].id).toBe((await get(counted, 'per_page=1')).ids[0]);
  });
});

describe('tokens and their owners (the token audit rows)', () => {
  // 250 tokens of 30 owners; with totals (count limit 10,000) and without (count limit 100).
  let tokens: BenchServer;
  let tokensUncounted: BenchServer;
  beforeAll(async () => {
    [tokens, tokensUncounted] = await Promise.all([
      start(['--items', '1', '--tokens', '250', '--token-owners', '30']),
      start(['--items', '1', '--tokens', '250', '--token-owners', '30', '--count-limit', '100']),
    ]);
  });
  afterAll(() => Promise.all([tokens, tokensUncounted].map((s) => s?.stop())));
  const call = async (server: BenchServer, path: string) => {
    const res = await fetch(`${server.url}/api/v4${path}`, { headers: { 'PRIVATE-TOKEN': 'any-token-at-all' } });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };
  const fixture = (name: string) => JSON.parse(readFileSync(resolve(ROOT, 'test/fixtures/realdata', name), 'utf8')).body;

  it('GET /personal_access_tokens pages by offset with GitLab\'s fields, headers and links; state=active leaves out revoked and expired ones', async () => {
    const page = await call(tokens, '/personal_access_tokens?per_page=100&page=2');
    expect(page.status).toBe(200);
    expect(Object.keys(page.body[0]).sort()).toEqual(Object.keys(fixture('tokens/list.json')[0]).sort());
    expect(page.body.map((t: { id: number }) => t.id)).toEqual(Array.from({ length: 100 }, (_, i) => 101 + i));
    expect(page.headers.get('x-total')).toBe('250');
    expect(page.headers.get('x-next-page')).toBe('3');
    expect(links(page.headers.get('link')).next).toBe(`${tokens.url}/api/v4/personal_access_tokens?page=3&per_page=100`);

    const all: { id: number; active: boolean; revoked: boolean; user_id: number }[] = [];
    for (let p = 1; p <= 3; p++) all.push(...(await call(tokens, `/personal_access_tokens?per_page=100&page=${p}`)).body);
    const active = all.filter((t) => t.active);
    expect(active.length).toBeGreaterThan(0);
    expect(active.length).toBeLessThan(250);
    expect(all.some((t) => t.revoked && !t.active)).toBe(true);
    const activePage = await call(tokens, '/personal_access_tokens?state=active&per_page=100');
    expect(activePage.headers.get('x-total')).toBe(String(active.length));
    expect(activePage.body.map((t: { id: number }) => t.id)).toEqual(active.slice(0, 100).map((t) => t.id));
    expect(new Set(all.map((t) => t.user_id))).toEqual(new Set(Array.from({ length: 30 }, (_, i) => i + 1)));

    const past = await call(tokensUncounted, '/personal_access_tokens?per_page=100&page=1');
    expect(past.headers.has('x-total')).toBe(false);
    expect(past.headers.get('x-next-page')).toBe('2');
    expect((await call(tokens, '/personal_access_tokens?state=sometimes')).status).toBe(400);
  });

  it('GET /users/:id answers each owner with the documented fields, and 404 past them', async () => {
    const user = await call(tokens, '/users/7');
    expect(user.status).toBe(200);
    expect(Object.keys(user.body).sort()).toEqual(Object.keys(fixture('users/get_user.json')).sort());
    expect(user.body).toMatchObject({ id: 7, username: 'owner-07', name: 'Owner 07', state: 'active' });
    expect((await call(tokens, '/users/31')).status).toBe(404);
  });

  it('forgectl token list --all and token audit read them with each owner by username', async () => {
    const env = { FORGECTL_URL: tokens.url, FORGECTL_TOKEN: 'glpat-any-token-0000' };
    const listed = await forgectl(['token', 'list', '--all', '-o', 'ndjson'], { env });
    expect(listed.exitCode, listed.stderr).toBe(0);
    const rows = listed.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(rows).toHaveLength(250);
    for (const r of rows) expect(r.user).toEqual({ id: r.user_id, username: `owner-${String(r.user_id).padStart(2, '0')}`, name: `Owner ${String(r.user_id).padStart(2, '0')}` });

    const audit = await forgectl(['token', 'audit', '-o', 'ndjson', '--exit-code'], { env });
    expect(audit.exitCode, audit.stderr).toBe(5);
    const found = audit.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(found.length).toBeGreaterThan(0);
    for (const f of ['broad', 'unused', 'no-expiry', 'expiring']) expect(found.some((r) => r.findings.includes(f)), f).toBe(true);
    const activeIds = new Set(rows.filter((r) => r.active).map((r) => r.id));
    for (const r of found) {
      expect(activeIds.has(r.id)).toBe(true);
      expect(r.user.username).toBe(`owner-${String(r.user_id).padStart(2, '0')}`);
    }
  });
});

describe('a migration (issue 43, migrate verify)', () => {
  let src: BenchServer;
  let dst: BenchServer;
  beforeAll(async () => {
    src = await start(['--entities', '130']);
    dst = await start(['--entities', '130', '--source-url', src.url]);
  });
  afterAll(() => Promise.all([src, dst].map((s) => s?.stop())));

  it('forgectl migrate verify and the floor fetch-verify print the same report of the same counts, byte for byte', async () => {
    const env = { FORGECTL_URL: dst.url, FORGECTL_TOKEN: 'glpat-any-token-0000', FORGECTL_SOURCE_TOKEN: 'glpat-any-token-0000' };
    const ours = await forgectl(['migrate', 'verify', '1', '--exit-code', '-o', 'json'], { env });
    expect(ours.exitCode, ours.stderr).toBe(0);
    const report = JSON.parse(ours.stdout);
    expect(report.entities).toHaveLength(130);
    expect(report.complete).toBe(true);
    expect(report.entities[0].relations.map((r: any) => r.relation)).toEqual(['merge_requests opened', 'merge_requests closed', 'merge_requests merged', 'merge_requests locked', 'releases']);
    const floor = await execa(process.execPath, [resolve(ROOT, 'bench/fetch-verify.mjs')], { env: cleanEnv(env), extendEnv: false });
    expect(floor.stdout).toBe(ours.stdout.trimEnd());
  });
});
