// `forgectl epic` end to end against the sandbox.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

/** Runs the cases in parallel; each must exit 2 with its message, and none may reach the sandbox. */
async function expectUsageErrors(cases: [string[], RegExp][], token = 'alice'): Promise<void> {
  const sb = sandbox();
  const mark = sb.requests.length;
  const results = await Promise.all(cases.map(([args]) => forgectl(args, { env: envFor(sb, token) })));
  results.forEach((r, i) => {
    const what = cases[i][0].join(' ');
    expect(r.exitCode, what).toBe(2);
    expect(r.stderr, what).toMatch(cases[i][1]);
    expect(r.stderr.split('\n')[0], what).toMatch(/^error: /);
  });
  expect(requestsSince(sb, mark)).toEqual([]);
}

describe('epic', () => {
  it('lists with filters, gets by reference and by GROUP IID', async () => {
    const sb = sandbox();
    const [listed, byRef, byPair] = await Promise.all([
      forgectl(['epic', 'list', 'acme', '--state', 'opened', '--labels', 'api', '--not-author', 'bob', '--no-include-descendant-groups', '-o', 'json'], { env: envFor(sb, 'alice') }),
      forgectl(['epic', 'get', 'acme&2', '-o', 'json'], { env: envFor(sb, 'alice') }),
      forgectl(['epic', 'get', 'acme', '2', '-o', 'json'], { env: envFor(sb, 'alice') }),
    ]);
    expect(json(listed).map((e: any) => e.title)).toEqual(['Public API v2']);
    const q = requestsSince(sb, 0).find((r) => r.path === '/api/v4/groups/acme/epics')!;
    expect(decodeURIComponent(q.query)).toContain('not[author_username]=bob');
    expect(q.query).toContain('include_descendant_groups=false');
    expect(json(byRef)).toMatchObject({ iid: 2, title: 'Rate limiting', parent_iid: 1 });
    expect(json(byPair)).toEqual(json(byRef));
  });

  it('creates with fixed dates and labels, updates, closes and reopens', async () => {
    const sb = sandbox();
    const file = join(tempDir(), 'epic.md');
    writeFileSync(file, 'Plan for **v3**.');
    const created = await forgectl(
      ['epic', 'create', 'acme', '--title', 'API v3', '--labels', 'roadmap,api', '--description-file', file, '--start-date-fixed', '2030-01-06', '--due-date-fixed', '2030-03-31', '-o', 'json'],
      { env: envFor(sb, 'alice') },
    );
    expect(created.exitCode).toBe(0);
    const e = json(created);
    expect(e).toMatchObject({ title: 'API v3', description: 'Plan for **v3**.', labels: ['roadmap', 'api'], start_date: '2030-01-06', due_date: '2030-03-31', start_date_is_fixed: true });
    const body = requestsSince(sb, 0).find((r) => r.method === 'POST' && r.path === '/api/v4/groups/acme/epics')!.body as any;
    expect(body).toMatchObject({ start_date_is_fixed: true, due_date_is_fixed: true, labels: 'roadmap,api' });

    const updated = await forgectl(['epic', 'update', `acme&${e.iid}`, '--add-labels', 'p1', '--remove-labels', 'api', '--confidential', '-o', 'json'], { env: envFor(sb, 'alice') });
    expect(json(updated)).toMatchObject({ labels: ['roadmap', 'p1'], confidential: true });
    const closed = await forgectl(['epic', 'close', `acme&${e.iid}`, '-o', 'json'], { env: envFor(sb, 'alice') });
    expect(json(closed).state).toBe('closed');
    expect(closed.stderr).toContain(`Closed epic acme&${e.iid}.`);
    const [reopened, backdated] = await Promise.all([
      forgectl(['epic', 'reopen', 'acme', String(e.iid), '-o', 'json'], { env: envFor(sb, 'alice') }),
      // grace maintains acme/platform but does not own it: the service ignores --created-at.
      forgectl(['epic', 'create', 'acme/platform', '--title', 'Old', '--created-at', '2020-01-01T00:00:00Z', '-o', 'json'], { env: envFor(sb, 'grace') }),
    ]);
    expect(json(reopened).state).toBe('opened');
    expect(backdated.exitCode).toBe(0);
    expect(backdated.stderr).toMatch(/warning: the service ignored --created-at/);
  });

  it('--parent-id takes a reference (group&5, or &5 in the epic\'s group) and sends the parent\'s global id', async () => {
    const sb = sandbox();
    const parent = json(await forgectl(['epic', 'get', 'acme&1', '-o', 'json'], { env: envFor(sb, 'alice') }));
    let mark = sb.requests.length;
    const created = await forgectl(['epic', 'create', 'acme', '--title', 'Child by reference', '--parent-id', 'acme&1', '-o', 'json'], { env: envFor(sb, 'alice') });
    expect(created.exitCode, created.stderr).toBe(0);
    expect((requestsSince(sb, mark).find((r) => r.method === 'POST')!.body as any).parent_id).toBe(parent.id);
    expect(json(created)).toMatchObject({ parent_id: parent.id, parent_iid: 1 });
    const child = json(created);
    mark = sb.requests.length;
    const dry = await forgectl(['epic', 'update', `acme&${child.iid}`, '--parent-id', '&1', '--dry-run'], { env: envFor(sb, 'alice') });
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`"parent_id": ${parent.id}`);
    expect(requestsSince(sb, mark).filter((r) => r.method !== 'GET')).toEqual([]);
    const byId = await forgectl(['epic', 'update', `acme&${child.iid}`, '--parent-id', '0', '-o', 'json'], { env: envFor(sb, 'alice') });
    expect(json(byId).parent_id).toBeNull();
  });

  it('checks input before sending and notes the deprecation once in --help', async () => {
    const big = join(tempDir(), 'big.md');
    writeFileSync(big, 'x'.repeat(1_048_577));
    await expectUsageErrors([
      [['epic', 'create', 'acme', '--title', 'T', '--description-file', big], /1,048,577 characters; the limit is 1,048,576/],
      [['epic', 'create', 'acme', '--title', 'T', '--start-date-fixed', '2030-02-01', '--due-date-fixed', '2030-01-01'], /is after --due-date-fixed/],
      [['epic', 'update', 'acme&1'], /nothing to change/],
      [['epic', 'update', 'acme&1', '--labels', 'a', '--add-labels', 'b'], /--labels replaces every label/],
      [['epic', 'get', 'acme#1'], /issue reference; expected group&5/],
      [['epic', 'update', 'acme&1', '--parent-id', 'acme#1'], /issue reference; expected group&5/],
    ]);
    const help = await forgectl(['epic', '--help']);
    expect(help.stdout.match(/deprecated/g)).toHaveLength(1);
  });

  it('explains a 403 when the instance has no epics (free tier): exit 4 and a hint', async () => {
    const sb = sandbox();
    sb.state.instance.tier = 'free';
    try {
      const res = await forgectl(['epic', 'list', 'acme'], { env: envFor(sb) });
      expect(res.exitCode).toBe(4);
      expect(res.stderr).toMatch(/^error: 403/m);
      expect(res.stderr).toMatch(/^hint: epics need the Premium or Ultimate tier/m);
    } finally {
      sb.state.instance.tier = 'premium';
    }
  });
});
