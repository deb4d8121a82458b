// analytics (three counts in parallel), releases list (sort, simple, flag off), dashboards star/unstar.

import { describe, expect, it } from 'vitest';
import { forgectl, json } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

// Each answer waits 300 ms: requests sent one after another would arrive at least that far apart.
const sb = useSandbox({ latencyMs: 300 });

async function run(args: string[], token = 'alice') {
  const mark = sb().requests.length;
  const res = await forgectl(args, { env: envFor(sb(), token) });
  return { ...res, sent: requestsSince(sb(), mark) };
}

describe('analytics', () => {
  it('requests the three counts in parallel and shows them as one object', async () => {
    const res = await run(['analytics', 'acme', '-o', 'json']);
    expect(res.exitCode, res.stderr).toBe(0);
    // Five issues of the activity seed, plus those opened by other families' seeds (discussions, events).
    const counts = json(res);
    expect(Object.keys(counts).sort()).toEqual(['group_path', 'issues_count', 'merge_requests_count', 'new_members_count']);
    expect(counts).toMatchObject({ group_path: 'acme', merge_requests_count: 5, new_members_count: 2 });
    expect(counts.issues_count).toBeGreaterThanOrEqual(5);
    const paths = res.sent.map((r) => `${r.path}?${r.query}`);
    expect(paths.sort()).toEqual([
      '/api/v4/analytics/group_activity/issues_count?group_path=acme',
      '/api/v4/analytics/group_activity/merge_requests_count?group_path=acme',
      '/api/v4/analytics/group_activity/new_members_count?group_path=acme',
    ]);
    const times = res.sent.map((r) => Date.parse(r.at));
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(250);
  });

  it('--only asks for the named counts only; a bad name is exit 2 with nothing sent', async () => {
    const res = await run(['analytics', 'acme/platform', '--only', 'merge_requests', '-o', 'json']);
    expect(json(res)).toEqual({ group_path: 'acme/platform', merge_requests_count: 3 });
    expect(res.sent).toHaveLength(1);
    const bad = await run(['analytics', 'acme', '--only', 'commits']);
    expect(bad.exitCode).toBe(2);
    expect(bad.sent).toHaveLength(0);
  });

  it('a guest gets exit 4 with the role explained', async () => {
    const res = await run(['analytics', 'acme', '--only', 'issues'], 'bob');
    expect(res.exitCode).toBe(4);
    expect(res.stderr).toContain('Reporter role');
  });
});

describe('releases list', () => {
  it('lists newest first by default, oldest first with --sort asc, limited fields with --simple', async () => {
    const desc = json(await run(['releases', 'list', 'acme', '-o', 'json']));
    expect(desc.map((r: any) => r.tag_name)).toEqual(['2024.2', '2024.1', 'v1.1.0', 'v0.9.0', 'v1.0.0']);
    expect(desc[0].upcoming_release).toBe(true);
    expect(desc[1].commit).toMatchObject({ short_id: expect.any(String), trailers: {} });
    const asc = json(await run(['releases', 'list', 'acme', '--sort', 'asc', '--simple', '-o', 'json']));
    expect(asc.map((r: any) => r.tag_name)).toEqual(['v1.0.0', 'v0.9.0', 'v1.1.0', '2024.1', '2024.2']);
    expect(asc[0]).not.toHaveProperty('commit');
    expect(asc[0]).not.toHaveProperty('author');
  });

  it('explains the 404 of an instance where group releases are switched off', async () => {
    const off = await fetch(`${sb().url}/-/sandbox/features/group_releases`, {
      method: 'PUT',
      headers: { 'PRIVATE-TOKEN': sb().tokens.admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    expect(off.status).toBe(200);
    try {
      const res = await run(['releases', 'list', 'acme']);
      expect(res.exitCode).toBe(3);
      expect(res.stderr).toContain('feature flag');
    } finally {
      await fetch(`${sb().url}/-/sandbox/features/group_releases`, {
        method: 'PUT',
        headers: { 'PRIVATE-TOKEN': sb().tokens.admin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ enabled: true }),
      });
    }
  });
});

describe('dashboards', () => {
  it('stars two dashboards, unstars one (deleted_rows 1), then the rest with --all', async () => {
    const star = await run(['dashboards', 'star', 'acme/platform/api', 'config/prometheus/common_metrics.yml', '-o', 'json']);
    expect(star.exitCode, star.stderr).toBe(0);
    expect(json(star)).toMatchObject({ id: expect.any(Number), dashboard_path: 'config/prometheus/common_metrics.yml', project_id: sb().state.findProject('acme/platform/api')!.project.id });
    expect((await run(['dashboards', 'star', 'acme/platform/api', 'a.yml'])).exitCode).toBe(0);
    const one = await run(['dashboards', 'unstar', 'acme/platform/api', 'a.yml']);
    expect(one.stdout).toMatch(/deleted rows\s+1/);
    const rest = await run(['dashboards', 'unstar', 'acme/platform/api', '--all', '-o', 'json']);
    expect(json(rest)).toEqual({ deleted_rows: 1 });
    expect(rest.sent[0].query).toBe('');
  });

  it('unstar needs a path or --all (exit 2, nothing sent); --dry-run sends nothing', async () => {
    const none = await run(['dashboards', 'unstar', 'acme/platform/api']);
    expect(none.exitCode).toBe(2);
    expect(none.sent).toHaveLength(0);
    const dry = await run(['dashboards', 'star', 'acme/platform/api', 'x.yml', '--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain('dry run: POST');
    expect(dry.sent).toHaveLength(0);
  });
});
