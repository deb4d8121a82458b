// Issue 24 item 1: `projects list` keeps the service's order (created_at, newest first) with
// --limit and --page; only --all without --order-by reads in id order (for the keyset switch).

import { describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

const ids = (res: { stdout: string }) => (JSON.parse(res.stdout) as { id: number }[]).map((p) => p.id);

describe('projects list keeps the service’s order', () => {
  it('--limit 3 prints the first three of the default list, and sends no order', async () => {
    const sb = sandbox();
    const plain = await forgectl(['projects', 'list', '-o', 'json'], { env: envFor(sb) });
    expect(plain.exitCode, plain.stderr).toBe(0);
    const mark = sb.requests.length;
    const limited = await forgectl(['projects', 'list', '--limit', '3', '-o', 'json'], { env: envFor(sb) });
    expect(limited.exitCode, limited.stderr).toBe(0);
    expect(ids(limited)).toEqual(ids(plain).slice(0, 3));
    const query = new URLSearchParams(requestsSince(sb, mark)[0].query);
    expect(query.has('order_by')).toBe(false);
    expect(query.has('sort')).toBe(false);
  });

  it('--page N --per-page M is page N of the default list', async () => {
    const sb = sandbox();
    const plain = await forgectl(['projects', 'list', '--per-page', '10', '-o', 'json'], { env: envFor(sb) });
    const mark = sb.requests.length;
    const page2 = await forgectl(['projects', 'list', '--page', '2', '--per-page', '5', '-o', 'json'], { env: envFor(sb) });
    expect(page2.exitCode, page2.stderr).toBe(0);
    expect(ids(page2)).toEqual(ids(plain).slice(5, 10));
    expect(requestsSince(sb, mark)[0].query).not.toMatch(/order_by|sort/);
  });

  it('--order-by id --limit keeps the service’s sort (desc) unless --sort is given', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['projects', 'list', '--order-by', 'id', '--limit', '4', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    const got = ids(res);
    expect(got).toEqual([...got].sort((a, b) => b - a));
    expect(new URLSearchParams(requestsSince(sb, mark)[0].query).get('sort')).toBe('desc');
  });

  it('--all without --order-by lists by id, newest first, and in a pipe prints no note', async () => {
    const sb = sandbox();
    const mark = sb.requests.length;
    const res = await forgectl(['projects', 'list', '--all', '--per-page', '7', '-o', 'json'], { env: envFor(sb) });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toBe('');
    const got = ids(res);
    expect(got).toEqual([...got].sort((a, b) => b - a));
    const query = new URLSearchParams(requestsSince(sb, mark)[0].query);
    expect(query.get('order_by')).toBe('id');
    expect(query.get('sort')).toBe('desc');
  });

  it('--order-by created_at --all works up to the offset limit, then fails clearly (exit 1)', async () => {
    const sb = sandbox();
    const before = sb.state.instance.offsetPaginationLimit;
    sb.state.instance.offsetPaginationLimit = 10;
    try {
      const within = await forgectl(['projects', 'list', '--order-by', 'created_at', '--all', '--limit', '10', '--per-page', '5', '-o', 'json'], { env: envFor(sb) });
      expect(within.exitCode, within.stderr).toBe(0);
      expect(json<unknown[]>(within)).toHaveLength(10);

      const past = await forgectl(['projects', 'list', '--order-by', 'created_at', '--all', '--per-page', '5', '-o', 'ndjson'], { env: envFor(sb) });
      expect(past.exitCode).toBe(1);
      expect(past.stdout.trim().split('\n')).toHaveLength(10);
      expect(past.stderr).toMatch(/^error: the list stopped at page 3, 10 items printed before it: the service lists at most 10 projects by page number \(405\)$/m);
      expect(past.stderr).toMatch(/^hint: past that only id order is read \(by keyset\): --all without --order-by/m);
      // Resuming at page 3 would fail the same way: no such advice.
      expect(past.stderr).not.toContain('--page 3');
    } finally {
      sb.state.instance.offsetPaginationLimit = before;
    }
  });
});
