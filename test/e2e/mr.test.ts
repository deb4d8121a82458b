// `forgectl mr …` end to end: the built binary against one sandbox on 127.0.0.1.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mrStore } from '../../src/sandbox/merge-requests/store.js';
import { addMergeRequest } from '../../src/sandbox/merge-requests/seed.js';
import { forgectl, json, tempDir } from '../helpers/cli.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const API = 'acme/platform/api';

function freshMr(title: string, pipelineMs = -1000, extra = {}) {
  return addMergeRequest(sandbox().state, { project: API, title, author: 'bob', pipeline: { startedAgoMs: 0, durationMs: pipelineMs, outcome: 'success' }, ...extra });
}

async function run(args: string[], token = 'admin', input?: string) {
  const sb = sandbox();
  const mark = sb.requests.length;
  const res = await forgectl(args, { env: envFor(sb, token), input });
  return { ...res, requests: requestsSince(sb, mark) };
}

describe('mr list', () => {
  it('sends every filter flag as its query parameter, not[...] included', async () => {
    const res = await run(['mr', 'list', '--project', API, '--state', 'opened', '--labels', 'backend', '--not-labels', 'docs', '--author', 'bob', '--reviewer-id', 'Any', '--no-draft', '--order-by', 'title', '--sort', 'asc', '-o', 'json']);
    expect(res.exitCode).toBe(0);
    expect(res.requests).toHaveLength(1);
    const r = res.requests[0];
    expect(r.path).toBe('/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests');
    expect(decodeURIComponent(r.query)).toContain('state=opened&order_by=title&sort=asc&labels=backend&author_username=bob&reviewer_id=Any&not[labels]=docs&wip=no');
    const items = json(res);
    expect(items.map((m: any) => m.title)).toEqual(['Cache project lookups', 'Fix login redirect loop']);
    // Nothing is dropped from the JSON output.
    expect(Object.keys(items[0])).toEqual(expect.arrayContaining(['references', 'detailed_merge_status', 'time_stats', 'has_conflicts']));
  });

  it('lists across projects (reviewer implies nothing, author implies scope=all) with the reviewer’s columns', async () => {
    const res = await run(['mr', 'list', '--author', 'grace', '--state', 'opened', '--fields', 'references.full,title,author.username,state,detailed_merge_status,target_branch,updated_at']);
    expect(res.exitCode).toBe(0);
    expect(res.requests[0].path).toBe('/api/v4/merge_requests');
    expect(res.requests[0].query).toContain('scope=all');
    const rows = res.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(row[0]).toMatch(/^[\w/-]+!\d+$/);
      expect(row[2]).toBe('grace');
    }
    expect(rows.find((r) => r[1] === 'Add OpenAPI schema')?.[4]).toBe('conflict');
  });

  it('refuses bad input with exit 2 and sends nothing', async () => {
    for (const args of [
      ['mr', 'list', '--created-after', 'yesterday'],
      ['mr', 'list', '--author-id', '1', '--author-username', 'bob'],
      ['mr', 'list', '--approved-by-ids', '1,2,3,4,5,6'],
      ['mr', 'list', '--project', API, '--in', 'title'],
      ['mr', 'list', '--iids', '1'],
    ]) {
      const res = await run(args);
      expect(res.exitCode, args.join(' ')).toBe(2);
      expect(res.stderr).toMatch(/^error: /);
      expect(res.requests).toEqual([]);
    }
  });
});

describe('mr view', () => {
  it('shows one merge request: state, branches, author, merge status, pipeline, in every format', async () => {
    const table = await run(['mr', 'view', `${API}!1`]);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.requests.map((r) => r.path)).toEqual(['/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/1']);
    for (const line of [/^reference\tacme\/platform\/api!1$/m, /^state\topened$/m, /^author\tbob$/m, /^source\tfeature\/1-/m, /^target\tmain$/m, /^merge status\tmergeable$/m, /^pipeline\tsuccess$/m]) {
      expect(table.stdout).toMatch(line);
    }
    const asJson = json(await run(['mr', 'view', API, '1', '-o', 'json']));
    expect(asJson).toMatchObject({ iid: 1, state: 'opened', source_branch: expect.stringMatching(/^feature\//), author: { username: 'bob' } });
    // Single-item fields the list leaves out are all there.
    expect(Object.keys(asJson)).toEqual(expect.arrayContaining(['diff_refs', 'pipeline', 'detailed_merge_status']));
    expect((await run(['mr', 'view', `${API}!1`, '-o', 'yaml'])).stdout).toContain('iid: 1');
    const nd = await run(['mr', 'view', `${API}!1`, '-o', 'ndjson']);
    expect(JSON.parse(nd.stdout).iid).toBe(1);
  });

  it('a merge request that does not exist is not found (3); a bad reference is usage (2), nothing sent', async () => {
    expect((await run(['mr', 'view', `${API}!9999`])).exitCode).toBe(3);
    const bad = await run(['mr', 'view', `${API}!x`]);
    expect(bad.exitCode).toBe(2);
    expect(bad.requests).toHaveLength(0);
    const help = await run(['mr', 'view', '--help']);
    expect(help.stdout).toContain("$ forgectl mr view 'acme/platform/api!1'");
  });
});

describe('mr update, close, reopen', () => {
  it('updates labels, reviewers and the description from stdin', async () => {
    const mr = freshMr('E2E update', -1000, { labels: ['bug'] });
    const grace = sandbox().state.findUser('grace')!.id;
    const res = await run(['mr', 'update', `${API}!${mr.iid}`, '--add-labels', 'needs-review', '--remove-labels', 'bug', '--reviewers', String(grace), '--description-file', '-', '-o', 'json'], 'grace', 'Long text\nfrom stdin\n');
    expect(res.exitCode).toBe(0);
    expect(res.requests.map((r) => r.method)).toEqual(['PUT']);
    expect(res.requests[0].body).toEqual({ description: 'Long text\nfrom stdin\n', add_labels: 'needs-review', remove_labels: 'bug', reviewer_ids: [grace] });
    expect(json(res)).toMatchObject({ labels: ['needs-review'], description: 'Long text\nfrom stdin\n', reviewers: [{ username: 'grace' }] });
    expect(res.stderr).toContain(`Updated ${API}!${mr.iid}.`);
  });

  it('needs at least one change (exit 2, nothing sent) and takes PROJECT IID', async () => {
    const none = await run(['mr', 'update', API, '1']);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain('error: nothing to change');
    expect(none.requests).toEqual([]);
    const bad = await run(['mr', 'update', 'acme/platform/api#1', '--title', 'x']);
    expect(bad.exitCode).toBe(2);
    expect(bad.requests).toEqual([]);
  });

  it('closes and reopens; closing a merged one fails with exit 1', async () => {
    const mr = freshMr('E2E close');
    const closed = await run(['mr', 'close', API, String(mr.iid), '-o', 'json'], 'grace');
    expect(closed.exitCode).toBe(0);
    expect(closed.requests[0].body).toEqual({ state_event: 'close' });
    expect(json(closed).state).toBe('closed');
    const reopened = await run(['mr', 'reopen', `${API}!${mr.iid}`, '-o', 'json'], 'grace');
    expect(json(reopened).state).toBe('opened');
    const merged = await run(['mr', 'close', `${API}!4`], 'grace');
    expect(merged.exitCode).toBe(1);
    expect(merged.stderr).toContain('is merged; it cannot be closed');
  });

  it('finds the project from the git checkout when only the IID is given, and says so', async () => {
    const sb = sandbox();
    const mr = freshMr('E2E checkout');
    const dir = tempDir('forgectl-checkout-');
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, '.git/config'), `[remote "origin"]\n\turl = ${sb.url}/${API}.git\n`);
    const res = await forgectl(['mr', 'close', `!${mr.iid}`, '-o', 'json'], { env: envFor(sb, 'grace'), cwd: join(dir, 'src') });
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toContain(`Using project ${API} (git remote origin).`);
    expect(json(res)).toMatchObject({ iid: mr.iid, state: 'closed' });
    const outside = await forgectl(['mr', 'close', String(mr.iid)], { env: envFor(sb, 'grace'), cwd: tempDir() });
    expect(outside.exitCode).toBe(2);
    expect(outside.stderr).toContain('no project given');
  });
});

describe('mr merge', () => {
  it('explains each refusal with its exit code: 401 → 4, 405/409/422 → 1, 404 → 3', async () => {
    const head = mrStore(sandbox().state).sha(mrStore(sandbox().state).find(sandbox().state.findProject(API)!.project.id, 1)!);
    const cases: [string[], string, number, RegExp][] = [
      [[`${API}!1`], 'bob', 4, /you may not merge .*\nhint: merging needs push rights/],
      // A refused token is not a missing permission.
      [[`${API}!1`], 'revoked', 4, /error: 401 Unauthorized \(token from FORGECTL_TOKEN\)\nhint: give a valid token for /],
      [[`${API}!5`], 'grace', 1, /cannot be merged: it is closed/],
      [[`${API}!6`], 'grace', 1, /cannot be merged: its pipeline must succeed first/],
      [[`${API}!3`], 'grace', 1, /Branch cannot be merged.*\nhint: .*rebase/],
      [[`${API}!1`, '--sha', '0123456789abcdef0123456789abcdef01234567'], 'grace', 1, new RegExp(`SHA does not match HEAD of source branch.*\\nhint: its head is now ${head}.*--sha ${head}`)],
      [[`${API}!999`], 'grace', 3, /404/],
    ];
    for (const [args, token, code, message] of cases) {
      const res = await run(['mr', 'merge', ...args], token);
      expect(res.exitCode, args.join(' ')).toBe(code);
      expect(res.stderr).toMatch(message);
    }
  });

  it('sends the full head SHA for a short --sha, and refuses a short one that is not the head without sending the merge', async () => {
    const mr = freshMr('E2E merge by short SHA');
    const head = mrStore(sandbox().state).sha(mr);
    const stale = await run(['mr', 'merge', `${API}!${mr.iid}`, '--sha', head.startsWith('0000000') ? '1111111' : '0000000'], 'grace');
    expect(stale.exitCode).toBe(1);
    expect(stale.stderr).toContain(`SHA does not match HEAD of source branch: ${API}!${mr.iid} is at ${head}`);
    expect(stale.requests.map((r) => r.method)).toEqual(['GET']);
    const res = await run(['mr', 'merge', `${API}!${mr.iid}`, '--sha', head.slice(0, 8).toUpperCase(), '-o', 'json'], 'grace');
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.requests.find((r) => r.method === 'PUT')!.body).toEqual({ sha: head });
    expect(json(res).state).toBe('merged');
  });

  it('merges with squash and source-branch removal; --dry-run sends no write', async () => {
    const mr = freshMr('E2E merge');
    const dry = await run(['mr', 'merge', `${API}!${mr.iid}`, '--squash', '--remove-source-branch', '--dry-run'], 'grace');
    expect(dry.exitCode).toBe(0);
    expect(dry.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(dry.stdout).toContain(`dry run: PUT ${sandbox().url}/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/${mr.iid}/merge`);
    expect(dry.stdout).toContain('"should_remove_source_branch": true');
    expect(dry.stdout).not.toContain(sandbox().tokens.grace);

    const res = await run(['mr', 'merge', `${API}!${mr.iid}`, '--squash', '--remove-source-branch', '--message', 'Ship it', '-o', 'json'], 'grace');
    expect(res.exitCode).toBe(0);
    expect(res.requests.map((r) => r.method)).toEqual(['PUT']);
    expect(res.requests[0].body).toEqual({ merge_commit_message: 'Ship it', squash: true, should_remove_source_branch: true });
    expect(json(res)).toMatchObject({ state: 'merged', squash: true, merge_user: { username: 'grace' } });
    expect(res.stderr).toMatch(/Merged acme\/platform\/api!\d+ as [0-9a-f]{12}\./);
  });

  it('with --when-pipeline-succeeds, leaves it open and the sandbox merges it once the pipeline succeeds', async () => {
    // The pipeline runs until the test ends it: a fixed duration could run out before a loaded
    // machine has started the CLI, and the merge would then be immediate.
    const mr = freshMr('E2E automatic merge', 3_600_000);
    const res = await run(['mr', 'merge', `${API}!${mr.iid}`, '--when-pipeline-succeeds', '-o', 'json'], 'grace');
    expect(res.exitCode).toBe(0);
    expect(res.requests[0].body).toEqual({ merge_when_pipeline_succeeds: true });
    expect(json(res)).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true });
    expect(res.stderr).toContain('will be merged when its pipeline succeeds');
    const pipeline = mrStore(sandbox().state).pipelines.get(mr.pipelineId!)!;
    pipeline.durationMs = sandbox().state.clock.now() - pipeline.createdAt; // it succeeds now
    const later = await run(['mr', 'list', '--project', API, '--iids', String(mr.iid), '-o', 'json'], 'grace');
    expect(json(later)[0]).toMatchObject({ state: 'merged', merge_when_pipeline_succeeds: false });
  });
});

describe('mr delete', () => {
  it('needs --yes without a terminal, is refused to a Maintainer (exit 4) and done for an owner', async () => {
    const mr = freshMr('E2E delete');
    const ref = `${API}!${mr.iid}`;
    const noYes = await run(['mr', 'delete', ref], 'alice');
    expect(noYes.exitCode).toBe(2);
    expect(noYes.requests).toEqual([]);
    const maintainer = await run(['mr', 'delete', ref, '--yes'], 'grace');
    expect(maintainer.exitCode).toBe(4);
    expect(maintainer.stderr).toContain('only administrators and owners of the project can delete');
    const owner = await run(['mr', 'delete', ref, '--yes'], 'alice');
    expect(owner.exitCode).toBe(0);
    expect(owner.requests.map((r) => r.method)).toEqual(['DELETE']);
    expect(mrStore(sandbox().state).find(mr.projectId, mr.iid)).toBeUndefined();
  });
});

describe('mr train', () => {
  it('adds (printing the entry, not the array), lists and shows the status', async () => {
    const mr = addMergeRequest(sandbox().state, { project: 'opensource/forgectl', title: 'E2E train', author: 'alice', pipeline: { startedAgoMs: 10_000, durationMs: 1000, outcome: 'success' } });
    const added = await run(['mr', 'train', 'add', `opensource/forgectl!${mr.iid}`, '--squash', '-o', 'json']);
    expect(added.exitCode).toBe(0);
    expect(added.requests[0]).toMatchObject({ method: 'POST', body: { squash: true } });
    const entry = json(added);
    expect(Array.isArray(entry)).toBe(false);
    expect(entry).toMatchObject({ merge_request: { iid: mr.iid }, target_branch: 'main', status: 'idle' });
    const listed = await run(['mr', 'train', 'list', 'opensource/forgectl', '--scope', 'active', '--branch', 'main', '--sort', 'asc', '-o', 'json']);
    expect(listed.requests[0].path).toBe('/api/v4/projects/opensource%2Fforgectl/merge_trains/main');
    expect(listed.requests[0].query).toContain('scope=active&sort=asc');
    expect(json(listed).map((e: any) => e.merge_request.iid)).toContain(mr.iid);
    const status = await run(['mr', 'train', 'status', 'opensource/forgectl', String(mr.iid), '-o', 'json']);
    expect(json(status)).toMatchObject({ id: entry.id, status: 'idle' });
  });

  it('add completes a short --sha from the merge request head before sending it', async () => {
    const mr = addMergeRequest(sandbox().state, { project: 'opensource/forgectl', title: 'E2E train by SHA', author: 'alice', pipeline: { startedAgoMs: 10_000, durationMs: 1000, outcome: 'success' } });
    const head = mrStore(sandbox().state).sha(mr);
    const dry = await run(['mr', 'train', 'add', `opensource/forgectl!${mr.iid}`, '--sha', head.slice(0, 7), '--dry-run']);
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`"sha": "${head}"`);
    expect(dry.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    const added = await run(['mr', 'train', 'add', `opensource/forgectl!${mr.iid}`, '--sha', head.slice(0, 10), '-o', 'json']);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.requests.find((r) => r.method === 'POST')!.body).toEqual({ sha: head });
  });

  it('explains 404 for non-members of private projects and 403 when trains are unavailable', async () => {
    const sb = sandbox();
    const hidden = await run(['mr', 'train', 'list', 'carol/private-research'], 'bob');
    expect(hidden.exitCode).toBe(3);
    expect(hidden.stderr).toContain('the project is private and you are not a member');
    sb.state.instance.tier = 'free';
    try {
      const free = await run(['mr', 'train', 'add', 'opensource/forgectl!1']);
      expect(free.exitCode).toBe(4);
      expect(free.stderr).toContain('merge trains are not available for opensource/forgectl');
      // The list is fetched while it prints; the hint still names the project the checkout chose, announced once.
      const dir = tempDir('forgectl-checkout-');
      mkdirSync(join(dir, '.git'));
      writeFileSync(join(dir, '.git/config'), `[remote "origin"]\n\turl = ${sb.url}/${API}.git\n`);
      const listed = await forgectl(['mr', 'train', 'list'], { env: envFor(sb, 'grace'), cwd: dir });
      expect(listed.exitCode).toBe(4);
      expect(listed.stderr).toContain(`hint: merge trains are not available for ${API}:`);
      expect(listed.stderr.split(`Using project ${API}`).length).toBe(2);
    } finally {
      sb.state.instance.tier = 'premium';
    }
  });
});
