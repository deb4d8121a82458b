// Issue 27 item 2, against a keyset server of this test's own (GitLab's behaviour past 10,000
// projects: offset pages without totals, keyset pages naming a next one after every page that is
// not empty), so it can count requests in flight, throttle, hold a request, and create or delete
// projects between requests.

import { createServer, type Server, type ServerResponse } from 'node:http';
import { execa } from 'execa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, forgectl, tempDir } from '../helpers/cli.js';

interface Arrival {
  query: URLSearchParams;
  /** Requests at the server when this one arrived, itself included. */
  inFlight: number;
}

/** What the server does with a request: answer it (after `before`), refuse it with 429, or hold it. */
type Decision = 'answer' | '429' | 'hold';

let server: Server;
let origin = '';
let projects: number[] = [];
let arrivals: Arrival[] = [];
let inFlight = 0;
let decide: (q: URLSearchParams) => Decision = () => 'answer';
/** Runs just after a request's answer is computed (the state it changes is seen by later requests). */
let afterAnswer: (q: URLSearchParams) => void = () => undefined;
/** Replaces the body of an answer when it returns text. */
let corrupt: (q: URLSearchParams) => string | undefined = () => undefined;
/** Added to every answer (RateLimit headers). */
let extraHeaders: Record<string, string> = {};
/** Keyset pages hold at most this many items (a proxy's cap below per_page); the next page starts after them. */
let keysetCap = Infinity;
/** Taken out of each page after it was cut (projects this user may not see): the next page starts after the cut. */
let hidden: (id: number) => boolean = () => false;
let held: { res: ServerResponse; q: URLSearchParams }[] = [];

/** Answers the held requests now. */
function releaseHeld(): void {
  for (const h of held.splice(0)) answer(h.res, h.q);
}

function answer(res: ServerResponse, q: URLSearchParams): void {
  const desc = q.get('sort') !== 'asc';
  const perPage = Math.min(100, Number(q.get('per_page') ?? 20));
  const after = q.has('id_after') ? Number(q.get('id_after')) : -Infinity;
  const before = q.has('id_before') ? Number(q.get('id_before')) : Infinity;
  const matching = projects.filter((id) => id > after && id < before).sort((a, b) => (desc ? b - a : a - b));
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
  let page: number[];
  if (q.get('pagination') === 'keyset') {
    page = matching.slice(0, Math.min(perPage, keysetCap));
    if (page.length) {
      const next = new URLSearchParams(q);
      next.set(desc ? 'id_before' : 'id_after', String(page[page.length - 1]));
      headers.link = `<${origin}/api/v4/projects?${next}>; rel="next"`;
    }
  } else {
    // Offset pages past Kaminari's count limit: no X-Total, X-Total-Pages or rel="last".
    const n = Number(q.get('page') ?? 1);
    page = matching.slice((n - 1) * perPage, n * perPage);
    const more = matching.length > n * perPage;
    headers['x-page'] = String(n);
    headers['x-per-page'] = String(perPage);
    headers['x-next-page'] = more ? String(n + 1) : '';
    if (more) {
      const next = new URLSearchParams(q);
      next.set('page', String(n + 1));
      headers.link = `<${origin}/api/v4/projects?${next}>; rel="next"`;
    }
  }
  afterAnswer(q);
  page = page.filter((id) => !hidden(id));
  res.writeHead(200, headers).end(corrupt(q) ?? JSON.stringify(page.map((id) => ({ id, path_with_namespace: `g/p${id}` }))));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/api/v4/projects') return void res.writeHead(404).end('{"message":"404 Not Found"}');
    const q = url.searchParams;
    inFlight++;
    arrivals.push({ query: q, inFlight });
    res.on('close', () => inFlight--);
    const d = decide(q);
    if (d === 'hold') return void held.push({ res, q });
    // A little latency, so requests sent together are at the server together.
    setTimeout(() => {
      if (d === '429') res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' }).end('{"message":"429 Too Many Requests"}');
      else answer(res, q);
    }, 15);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

/** 3,000 ids; below 2,000 a deleted range and a sparse run. The top is dense, so the first slices are 20 ids wide. */
function seed(): number[] {
  const ids: number[] = [];
  for (let id = 1; id <= 3000; id++) if (!((id >= 700 && id < 1000) || (id < 700 && id % 3 === 0))) ids.push(id);
  return ids;
}

beforeEach(() => {
  projects = seed();
  arrivals = [];
  inFlight = 0;
  decide = () => 'answer';
  afterAnswer = () => undefined;
  corrupt = () => undefined;
  extraHeaders = {};
  keysetCap = Infinity;
  hidden = () => false;
  for (const h of held.splice(0)) h.res.destroy();
});

const env = (extra: Record<string, string> = {}) => ({ FORGECTL_URL: origin, FORGECTL_TOKEN: 'glpat-test-token-000000', ...extra });
const LIST = ['projects', 'list', '--all', '--per-page', '20', '-o', 'ndjson', '--fields', 'id', '--retries', '2'];
const ids = (stdout: string) => (stdout.trim() ? stdout.trim().split('\n').map((l) => (JSON.parse(l) as { id: number }).id) : []);
const sliceRequest = (q: URLSearchParams) => q.get('pagination') === 'keyset' && q.get('per_page') !== '1';

describe('slices read at once, counted at the server', () => {
  it('requests overlap: 8 slices in flight at once, never more', async () => {
    const res = await forgectl(LIST, { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(ids(res.stdout)).toEqual([...projects].reverse());
    const slices = arrivals.filter((a) => sliceRequest(a.query));
    expect(Math.max(...slices.map((a) => a.inFlight))).toBe(8);
  });

  it('a 429 halves the slices in flight: the new ones after it go out with at most 4 in flight, never 8 again', async () => {
    let sent = 0;
    let refused = false;
    const before = new Set<string>();
    decide = (q) => {
      if (!sliceRequest(q) || refused) return 'answer';
      before.add(q.toString());
      // The first 8 slices are held until all are in flight; the eighth is refused, the others answered just after.
      if (++sent < 8) return 'hold';
      refused = true;
      setTimeout(releaseHeld, 50);
      return '429';
    };
    const res = await forgectl(LIST, { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(ids(res.stdout)).toEqual([...projects].reverse());
    const isNew = (a: Arrival) => sliceRequest(a.query) && !before.has(a.query.toString());
    const at429 = arrivals.findIndex(isNew);
    const newAfter = arrivals.filter(isNew);
    expect(newAfter.length).toBeGreaterThan(20);
    expect(Math.max(...arrivals.slice(0, at429).map((a) => a.inFlight))).toBe(8);
    expect(newAfter.slice(0, 4).every((a) => a.inFlight <= 4), newAfter.map((a) => a.inFlight).join(' ')).toBe(true);
    expect(Math.max(...newAfter.map((a) => a.inFlight))).toBeLessThanOrEqual(7);
  });

  it('RateLimit-Remaining: 2 keeps the slices under it once the server said so', async () => {
    extraHeaders = { 'ratelimit-limit': '600', 'ratelimit-remaining': '2' };
    // The first 8 slices are held until all are in flight, so the count does not depend on how fast answers come.
    let sent = 0;
    decide = (q) => {
      if (!sliceRequest(q) || sent >= 8) return 'answer';
      if (++sent < 8) return 'hold';
      setTimeout(releaseHeld, 20);
      return 'answer';
    };
    const res = await forgectl(LIST, { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(ids(res.stdout)).toEqual([...projects].reverse());
    const slices = arrivals.filter((a) => sliceRequest(a.query));
    // The first 8 go out before any answer; after them, never more than 2 at once.
    expect(Math.max(...slices.slice(0, 8).map((a) => a.inFlight))).toBe(8);
    expect(slices.length).toBeGreaterThan(20);
    expect(Math.max(...slices.slice(8).map((a) => a.inFlight))).toBeLessThanOrEqual(2);
  });
});

describe('short pages that are not the end (issue 33.10): a slice ends at an empty page, its bound, or no next page named', () => {
  it('keyset pages capped below per_page (13 of 20, page 1 full): every project, in order, exit 0', async () => {
    keysetCap = 13;
    const res = await forgectl(LIST, { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(ids(res.stdout)).toEqual([...projects].reverse());
    expect(arrivals.filter((a) => sliceRequest(a.query)).length).toBeGreaterThan(20);
  });

  it('pages filtered after the cut (one project in nine hidden from this user): every visible project, none twice', async () => {
    hidden = (id) => id % 9 === 4;
    const res = await forgectl(LIST, { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(ids(res.stdout)).toEqual([...projects].reverse().filter((id) => !hidden(id)));
  });
});

describe('projects created and deleted while the slices are read', () => {
  it('newest first: nothing twice, none missing; deleted ones are not printed, new ones above the top are not listed', async () => {
    const start = seed();
    const deletedEarly = [2500, 2222, 1501, 1002, 500, 4, 1];
    const deletedLate = [1200, 1100, 50, 20];
    const created: number[] = [];
    let slices = 0;
    afterAnswer = (q) => {
      // The other end is read after page 1: delete some not read yet and add some above the top.
      if (q.get('per_page') === '1') {
        projects = projects.filter((id) => !deletedEarly.includes(id));
        for (let id = 3001; id <= 3005; id++) created.push(id), projects.push(id);
      }
      // Part way through the slices, more of both.
      if (sliceRequest(q) && ++slices === 12) {
        projects = projects.filter((id) => !deletedLate.includes(id));
        for (let id = 3006; id <= 3010; id++) created.push(id), projects.push(id);
      }
    };
    const res = await forgectl(LIST, { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    const got = ids(res.stdout);
    expect(new Set(got).size).toBe(got.length);
    expect(got).toEqual([...got].sort((a, b) => b - a));
    // Every project that was there throughout is printed; none deleted before the slices were read.
    const throughout = start.filter((id) => !deletedEarly.includes(id) && !deletedLate.includes(id));
    expect(got.filter((id) => !deletedLate.includes(id))).toEqual([...throughout].reverse());
    for (const id of deletedEarly) expect(got).not.toContain(id);
    // As a sequential read started after page 1: projects created above the top are not in it.
    for (const id of created) expect(got).not.toContain(id);
    expect(slices).toBeGreaterThan(12);
  });

  it('--sort asc: projects created after page 1 are printed at the end, as a sequential read prints them', async () => {
    const deleted = [600, 1501, 2999];
    afterAnswer = (q) => {
      if (q.get('per_page') === '1') {
        projects = projects.filter((id) => !deleted.includes(id));
        projects.push(3001, 3002, 3050);
      }
    };
    const res = await forgectl([...LIST, '--sort', 'asc'], { env: env() });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(ids(res.stdout)).toEqual([...seed().filter((id) => !deleted.includes(id)), 3001, 3002, 3050]);
  });
});

describe('a slice page that is not a list of projects', () => {
  it('is refused as a whole, as any other page of the list: what came before it is printed, exit 1', async () => {
    // The third slice (2940..2921) answers with an id that is not a number.
    corrupt = (q) => (sliceRequest(q) && q.get('id_before') === '2941' ? '[{"id":2940},{"id":"2939"}]' : undefined);
    const res = await forgectl(LIST, { env: env() });
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toContain('unexpected answer for GET /projects');
    const printed = ids(res.stdout);
    expect(printed).toEqual([...projects].reverse().slice(0, printed.length));
    expect(Math.min(...printed)).toBeGreaterThan(2940);
  });
});

describe('Ctrl-C while slices are on their way', () => {
  it('stops after the last item printed (slices fetched ahead are not printed); its resume flags read exactly the rest', async () => {
    // Page 1 is 3000..2981 and the first slices 20 ids each: the fourth, from 2920 down, is held
    // while those after it arrive, so the list can print 3000..2921 at most, and waits.
    decide = (q) => (sliceRequest(q) && q.get('id_before') === '2921' ? 'hold' : 'answer');
    let answered = 0;
    const ready = new Promise<void>((resolve) => {
      afterAnswer = (q) => {
        if (sliceRequest(q) && ++answered === 7) setTimeout(resolve, 200);
      };
    });
    const child = execa(BIN, LIST, { env: cleanEnv({ FORGECTL_CONFIG_DIR: tempDir(), ...env() }), extendEnv: false, reject: false, timeout: 30_000 });
    await ready;
    expect(held).toHaveLength(1);
    expect(arrivals.some((a) => a.query.get('id_before') === '2901')).toBe(true);
    child.kill('SIGINT');
    const res = await child;
    expect(res.exitCode, String(res.stderr)).toBe(130);
    const all = [...projects].reverse();
    const printed = ids(String(res.stdout));
    expect(printed.length).toBeGreaterThanOrEqual(20);
    expect(printed).toEqual(all.slice(0, printed.length));
    expect(Math.min(...printed)).toBeGreaterThanOrEqual(2921);
    const last = printed[printed.length - 1];
    expect(String(res.stderr)).toContain(`error: the list stopped, ${printed.length} items printed before it: interrupted`);
    expect(String(res.stderr)).toContain(`hint: to go on from there, run the same command with --order-by id --id-before ${last}`);

    decide = () => 'answer';
    afterAnswer = () => undefined;
    const rest = await forgectl([...LIST, '--order-by', 'id', '--id-before', String(last)], { env: env({ FORGECTL_PAGE_CONCURRENCY: '1' }) });
    expect(rest.exitCode, rest.stderr).toBe(0);
    expect([...printed, ...ids(rest.stdout)]).toEqual(all);
  });
});
