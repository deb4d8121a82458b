// Issue 27 item 2: past the counted pages, `projects list --all` reads by id ranges at once and
// prints exactly what one sequential keyset read prints. The sandbox leaves the totals out past 100
// projects here (GitLab: past 10,000), and its ids have gaps: a deleted range wider than several
// slices, a sparse run (one id in five) and scattered single holes.

import { beforeAll, describe, expect, it } from 'vitest';
import { forgectl, type CliResult } from '../helpers/cli.js';
import { runWithFault } from '../helpers/faults.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ seed: 'empty', extraProjects: 2500 });

beforeAll(() => {
  const { state } = sandbox();
  state.instance.countLimit = 100;
  const gone = (id: number) => (id >= 600 && id < 1100) || (id >= 1500 && id < 2000 && id % 5 !== 0) || id % 7 === 3;
  for (const p of [...state.projects]) if (gone(p.id)) state.removeProject(p);
});

const LIST = ['projects', 'list', '--all', '--per-page', '20', '-o', 'ndjson', '--fields', 'id'];
const SEQUENTIAL = { FORGECTL_PAGE_CONCURRENCY: '1' };

function ids(res: CliResult): number[] {
  expect(res.exitCode, res.stderr).toBe(0);
  return printed(res);
}

function printed(res: CliResult): number[] {
  return res.stdout.trim() ? res.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { id: number }).id) : [];
}

function existing(order: 'asc' | 'desc', keep: (id: number) => boolean = () => true): number[] {
  const all = sandbox().state.projects.map((p) => p.id).filter(keep);
  return order === 'asc' ? all : all.reverse();
}

/** Runs the CLI and returns what it printed with the requests it sent. */
async function run(args: string[], extra: Record<string, string> = {}) {
  const sb = sandbox();
  const mark = sb.requests.length;
  const res = await forgectl(args, { env: envFor(sb, 'admin', extra) });
  return { res, sent: requestsSince(sb, mark).map((r) => new URLSearchParams(r.query)) };
}

const sliced = (q: URLSearchParams) => q.get('pagination') === 'keyset' && q.has('id_after') && q.has('id_before');

describe('projects list --all past the counted pages, read by id ranges at once', () => {
  it('prints, newest first, exactly what a sequential keyset read prints, item by item', async () => {
    const par = await run(LIST);
    const seq = await run(LIST, SEQUENTIAL);
    const want = existing('desc');
    expect(want.length).toBeGreaterThan(1000);
    expect(ids(par.res)).toEqual(ids(seq.res));
    expect(ids(par.res)).toEqual(want);
    // The parallel read asked for bounded id ranges; the sequential one never did.
    expect(par.sent.filter(sliced).length).toBeGreaterThan(10);
    expect(seq.sent.filter(sliced)).toHaveLength(0);
    // The other end of the list came from one request of one project in the other order.
    expect(par.sent.filter((q) => q.get('per_page') === '1' && q.get('sort') === 'asc')).toHaveLength(1);
  });

  it('--sort asc: oldest first, the same as the sequential read', async () => {
    const par = await run([...LIST, '--sort', 'asc']);
    const seq = await run([...LIST, '--sort', 'asc'], SEQUENTIAL);
    expect(ids(par.res)).toEqual(ids(seq.res));
    expect(ids(par.res)).toEqual(existing('asc'));
    expect(par.sent.filter(sliced).length).toBeGreaterThan(10);
  });

  it('the caller’s --id-after/--id-before bound every slice, and the output is the sequential read of that range', async () => {
    const range = ['--id-after', '300', '--id-before', '2300'];
    const par = await run([...LIST, ...range]);
    const seq = await run([...LIST, '--order-by', 'id', ...range], SEQUENTIAL);
    expect(ids(par.res)).toEqual(ids(seq.res));
    expect(ids(par.res)).toEqual(existing('desc', (id) => id > 300 && id < 2300));
    for (const q of par.sent) {
      expect(Number(q.get('id_after'))).toBeGreaterThanOrEqual(300);
      expect(Number(q.get('id_before'))).toBeLessThanOrEqual(2300);
    }
    expect(par.sent.filter(sliced).length).toBeGreaterThan(10);
  });

  it('--limit 333 prints the first 333 of the sequential read and does not read the whole list', async () => {
    const full = await run(LIST);
    const par = await run([...LIST, '--limit', '333']);
    expect(ids(par.res)).toEqual(existing('desc').slice(0, 333));
    expect(par.sent.length).toBeLessThan(full.sent.length / 2);
  });

  it('a slice that fails stops the list after the last item printed; its resume flags read exactly the rest', async () => {
    const clean = await run([...LIST, '--retries', '0']);
    const want = ids(clean.res);
    // The first slices are planned from the first page alone, so the same run asks for the same ones:
    // fail the fourth in print order for good.
    const slices = clean.sent.filter(sliced).sort((a, b) => Number(b.get('id_before')) - Number(a.get('id_before')));
    const fourth = slices[3];
    const selector = `GET:/projects?pagination=keyset&id_after=${fourth.get('id_after')}&id_before=${fourth.get('id_before')}`;
    const res = await runWithFault(sandbox(), `500:forever@${selector}`, LIST);
    expect(res.exitCode).toBe(1);
    const got = printed(res);
    const stop = Number(fourth.get('id_before'));
    expect(got).toEqual(want.filter((id) => id >= stop));
    expect(got.length).toBeGreaterThan(60);
    const last = got[got.length - 1];
    expect(res.stderr).toContain(`error: the list stopped, ${got.length} items printed before it: `);
    expect(res.stderr).toContain(`hint: to go on from there, run the same command with --order-by id --id-before ${last}`);

    const rest = await run([...LIST, '--order-by', 'id', '--id-before', String(last)], SEQUENTIAL);
    expect([...got, ...ids(rest.res)]).toEqual(want);
  });

  it('a read with few pages left goes on one page at a time, without the extra request', async () => {
    const par = await run([...LIST, '--limit', '50']);
    expect(ids(par.res)).toEqual(existing('desc').slice(0, 50));
    expect(par.sent.filter(sliced)).toHaveLength(0);
    expect(par.sent.filter((q) => q.get('per_page') === '1')).toHaveLength(0);
  });

  it('keyset pages shorter than page 1 with a next page named (fault short-page) end no slice: every project', async () => {
    // A server capping keyset pages at half of per_page: the offset page 1 is full, every slice page short.
    const spec = 'short-page:forever@GET:/projects?pagination=keyset';
    const res = await runWithFault(sandbox(), spec, LIST);
    expect(ids(res)).toEqual(existing('desc'));
    expect(res.requests.filter((r) => r.query.includes('pagination=keyset') && r.query.includes('id_after')).length).toBeGreaterThan(10);
  });
});
