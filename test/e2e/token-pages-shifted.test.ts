// Issue 41 item 2: a token listed on two pages (offset pages read while a token is added ahead of
// them) is printed once and acted on once. GitLab takes a second rotation of one token for reuse and
// revokes the whole family, the new secret just saved included. More than 100 active tokens, so that
// an --all read has a page 2; `shifted-page` makes each later page begin with the page before's last.

import { describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { envFor, rawGet, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox({ extraTokens: 150, extraTokenOwners: 3 });
const SHIFTED = 'shifted-page:forever@GET:/personal_access_tokens';
const REPEATED = /warning: GET \/personal_access_tokens: the list changed while it was read, and its pages gave id (\d+) again; each item is taken once/;

/** The active token that ends page 1 of an --all read: the one page 2 gives again. */
async function pageBoundary(): Promise<number> {
  const sb = sandbox();
  const page = await rawGet(sb, '/personal_access_tokens?state=active&per_page=100&page=1', sb.tokens.admin);
  expect(page.body).toHaveLength(100);
  return page.body[99].id as number;
}

async function shifted(args: string[]) {
  const sb = sandbox();
  await sb.clearFaults();
  sb.addFaults(SHIFTED);
  const mark = sb.requests.length;
  try {
    const res = await forgectl(args, { env: envFor(sb) });
    return { ...res, requests: requestsSince(sb, mark) };
  } finally {
    await sb.clearFaults();
  }
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const once = (values: unknown[]) => expect(values.length).toBe(new Set(values).size);

describe('a token on two pages', () => {
  it('token list --all prints it once, and warns that the list changed while it was read', async () => {
    const repeated = await pageBoundary();
    const res = await shifted(['token', 'list', '--all', '--state', 'active', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    const rows = json<{ id: number }[]>(res);
    once(ids(rows));
    expect(ids(rows)).toContain(repeated);
    expect(res.stderr).toMatch(REPEATED);
    expect(REPEATED.exec(res.stderr)![1]).toBe(String(repeated));
  });

  it('token audit prints it once, with the warning', async () => {
    const sb = sandbox();
    const repeated = await pageBoundary();
    sb.state.tokens.get(repeated)!.expiresAt = null;
    const res = await shifted(['token', 'audit', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    const rows = json<{ id: number }[]>(res);
    once(ids(rows));
    expect(ids(rows)).toContain(repeated);
    expect(res.stderr).toMatch(REPEATED);
  });

  it('token revoke --where revokes it once: one DELETE per token, every one reported revoked', async () => {
    const sb = sandbox();
    const repeated = await pageBoundary();
    sb.state.tokens.get(repeated)!.expiresAt = null;
    const res = await shifted(['token', 'revoke', '--where', 'no-expiry', '--yes', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    const report = json<{ id: number; result: string }[]>(res);
    once(ids(report));
    expect(report.find((r) => r.id === repeated)).toMatchObject({ result: 'revoked' });
    expect(report.every((r) => r.result === 'revoked')).toBe(true);
    const deletes = res.requests.filter((r) => r.method === 'DELETE').map((r) => r.path);
    once(deletes);
    expect(deletes).toHaveLength(report.length);
    expect(res.stderr).toMatch(REPEATED);
  });

  it('token rotate --where rotates it once, and its new secret stays active', async () => {
    const sb = sandbox();
    const repeated = await pageBoundary();
    sb.state.tokens.get(repeated)!.expiresAt = sb.state.clock.daysFromToday(3);
    const res = await shifted(['token', 'rotate', '--where', 'expiring:5d', '--expires-in', '30d', '--yes', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    const report = json<{ id: number; result: string; new_id: number }[]>(res);
    once(ids(report));
    expect(report.find((r) => r.id === repeated)).toMatchObject({ result: 'rotated' });
    const rotations = res.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    once(rotations);
    expect(rotations).toHaveLength(report.length);
    const fresh = report.find((r) => r.id === repeated)!.new_id;
    expect(sb.state.tokens.get(fresh)!.revoked).toBe(false);
  });
});
