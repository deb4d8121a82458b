// Sandbox merge requests and merge trains: filters, transitions, merge rules in GitLab's order,
// role checks, private projects, pipelines on the clock, automatic merges, trains and the tier switch.

import { describe, expect, it } from 'vitest';
import { mrStore } from '../../src/sandbox/merge-requests/store.js';
import { addMergeRequest } from '../../src/sandbox/merge-requests/seed.js';
import { all, call, sandboxFor } from './helpers.js';

// The sandbox clock stands still until a test moves it (elapse): pipelines "ending in 600 ms" must
// not end while a loaded machine is still making the requests that expect them running.
let clockNow = Date.now();
const sandbox = sandboxFor({ seed: 'demo', now: () => clockNow });
const API = '/projects/acme%2Fplatform%2Fapi';
const FORGECTL = '/projects/opensource%2Fforgectl';

const elapse = (ms: number) => {
  clockNow += ms;
};

/** A fresh open merge request whose pipeline ends `inMs` from now. */
function freshMr(project: string, title: string, pipeline: { inMs: number; outcome?: 'success' | 'failed' } | null = { inMs: -1000 }, extra = {}) {
  return addMergeRequest(sandbox().state, {
    project,
    title,
    author: 'bob',
    pipeline: pipeline ? { startedAgoMs: 0, durationMs: pipeline.inMs, outcome: pipeline.outcome ?? 'success' } : undefined,
    ...extra,
  });
}

describe('GET /merge_requests and /projects/:id/merge_requests', () => {
  it('lists only what the caller created by default across projects, everything visible with scope=all', async () => {
    const sb = sandbox();
    const bob = sb.state.findUser('bob')!;
    const mine = await all(sb, '/merge_requests', sb.tokens.bob);
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.every((m) => m.author.id === bob.id)).toBe(true);
    const everything = await all(sb, '/merge_requests?scope=all', sb.tokens.bob);
    expect(everything.length).toBeGreaterThan(mine.length);
    // bob is not a member of carol/private-research: its merge requests stay hidden.
    expect(everything.some((m) => m.references.full.startsWith('carol/private-research'))).toBe(false);
    const admin = await all(sb, '/merge_requests?scope=all', sb.tokens.admin);
    expect(admin.some((m) => m.references.full.startsWith('carol/private-research'))).toBe(true);
  });

  it('refuses an anonymous caller the default scope but shows public projects with scope=all', async () => {
    const sb = sandbox();
    expect((await call(sb, '/merge_requests')).status).toBe(401);
    const anon = await all(sb, '/merge_requests?scope=all');
    expect(anon.length).toBeGreaterThan(0);
    expect(anon.every((m) => ['opensource/forgectl', 'acme/web/storefront'].some((p) => m.references.full.startsWith(p)))).toBe(true);
  });

  it('applies state, labels (None/Any), milestone, author, reviewer, not[...], iids, search, wip and dates', async () => {
    const sb = sandbox();
    const t = sb.tokens.admin;
    const q = async (query: string) => all(sb, `${API}/merge_requests?${query}`, t);
    expect((await q('state=merged')).every((m) => m.state === 'merged')).toBe(true);
    const bugs = await q('labels=BUG,backend');
    expect(bugs.map((m) => m.iid)).toEqual([1]);
    expect((await q('labels=None')).every((m) => m.labels.length === 0)).toBe(true);
    expect((await q('labels=Any')).every((m) => m.labels.length > 0)).toBe(true);
    expect((await q('milestone=v1.0')).map((m) => m.milestone.title)).toEqual(['v1.0', 'v1.0', 'v1.0']);
    expect((await q('milestone=None')).every((m) => m.milestone === null)).toBe(true);
    expect((await q('author_username=grace')).every((m) => m.author.username === 'grace')).toBe(true);
    expect((await q('reviewer_username=grace')).map((m) => m.iid).sort()).toEqual([1, 7]);
    expect((await q('reviewer_id=None')).every((m) => m.reviewers.length === 0)).toBe(true);
    const notBackend = await q('not[labels]=backend&not[author_username]=grace');
    expect(notBackend.length).toBeGreaterThan(0);
    expect(notBackend.every((m) => !m.labels.includes('backend') && m.author.username !== 'grace')).toBe(true);
    expect((await q('iids[]=1&iids[]=3')).map((m) => m.iid).sort()).toEqual([1, 3]);
    expect((await q('search=LOGIN')).map((m) => m.iid)).toEqual([1]);
    expect((await q('wip=yes')).map((m) => m.title)).toEqual(['Draft: New rate limiter']);
    expect((await q('wip=no')).every((m) => !m.draft)).toBe(true);
    expect((await q('approved_by_ids[]=' + sb.state.findUser('grace')!.id)).map((m) => m.iid)).toEqual([1]);
    expect((await q('my_reaction_emoji=Any')).length).toBe(0); // root reacted to nothing
    const cutoff = new Date(Date.now() - 10 * 86_400_000).toISOString();
    expect((await q(`created_after=${cutoff}`)).every((m) => m.created_at >= cutoff)).toBe(true);
    expect((await q('order_by=title&sort=asc&per_page=100')).map((m) => m.title)).toEqual((await q('per_page=100')).map((m) => m.title).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const deployed = await all(sb, `/merge_requests?scope=all&environment=production&deployed_after=${new Date(Date.now() - 25 * 86_400_000).toISOString()}`, t);
    expect(deployed.map((m) => m.title)).toEqual(['Upgrade Go to 1.22']);
  });

  it('answers 400 with Grape’s texts for exclusive and invalid parameters', async () => {
    const sb = sandbox();
    const r = await call(sb, `${API}/merge_requests?author_id=2&author_username=bob&state=nope`, { token: sb.tokens.admin });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('author_id, author_username are mutually exclusive');
    expect(r.body.message).toContain('state does not have a valid value');
    const six = await call(sb, `/merge_requests?approved_by_ids[]=1&approved_by_ids[]=2&approved_by_ids[]=3&approved_by_ids[]=4&approved_by_ids[]=5&approved_by_ids[]=6`, { token: sb.tokens.admin });
    expect(six.status).toBe(400);
  });

  it('gives labels as objects with with_labels_details and the simple shape with view=simple', async () => {
    const sb = sandbox();
    const detailed = (await call(sb, `${API}/merge_requests?iids[]=1&with_labels_details=true`, { token: sb.tokens.admin })).body;
    expect(detailed[0].labels[0]).toMatchObject({ name: 'bug', color: '#d9534f' });
    const simple = (await call(sb, `${API}/merge_requests?view=simple`, { token: sb.tokens.admin })).body;
    expect(Object.keys(simple[0]).sort()).toEqual(['created_at', 'description', 'id', 'iid', 'project_id', 'state', 'title', 'updated_at', 'web_url']);
  });

  it('hides merge requests of a private project from non-members (404) and from guests (403)', async () => {
    const sb = sandbox();
    expect((await call(sb, '/projects/research%2Fpapers/merge_requests', { token: sb.tokens.bob })).status).toBe(404);
    // dave is a guest of acme; terraform is private under acme/platform/infra.
    const dave = sb.state.findUser('dave')!;
    const tf = sb.state.findProject('acme/platform/infra/terraform')!.project;
    (tf.members ??= new Map()).set(dave.id, 10);
    const token = sb.state.addToken({ userId: dave.id, name: 'dave-mr', description: null, scopes: ['api'], createdAt: Date.now(), updatedAt: Date.now(), lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret: 'glpat-dave-mr-test-0000' });
    expect((await call(sb, '/projects/acme%2Fplatform%2Finfra%2Fterraform/merge_requests', { token: token.secret })).status).toBe(403);
  });
});

describe('PUT /projects/:id/merge_requests/:iid', () => {
  it('changes labels, people, milestone and options, and 400s without any attribute', async () => {
    const sb = sandbox();
    const mr = freshMr('acme/platform/api', 'Update me', null, { labels: ['bug', 'docs'] });
    const path = `${API}/merge_requests/${mr.iid}`;
    const grace = sb.state.findUser('grace')!.id;
    const r = await call(sb, path, { method: 'PUT', token: sb.tokens.grace, json: { add_labels: 'feature', remove_labels: 'BUG', reviewer_ids: [grace], milestone_id: 1, squash: true, discussion_locked: true } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ labels: ['docs', 'feature'], squash: true, discussion_locked: true, milestone: { title: 'v1.0' } });
    expect(r.body.reviewers.map((u: any) => u.username)).toEqual(['grace']);
    const cleared = await call(sb, path, { method: 'PUT', token: sb.tokens.grace, json: { labels: '', reviewer_ids: [], milestone_id: 0 } });
    expect(cleared.body).toMatchObject({ labels: [], reviewers: [], milestone: null });
    const none = await call(sb, path, { method: 'PUT', token: sb.tokens.grace, json: {} });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/at least one parameter must be provided/);
    const long = await call(sb, path, { method: 'PUT', token: sb.tokens.grace, json: { description: 'x'.repeat(1_048_577) } });
    expect(long.status).toBe(400);
  });

  it('closes and reopens with state_event, recording activity events', async () => {
    const sb = sandbox();
    const mr = freshMr('acme/platform/api', 'Close me', null);
    const path = `${API}/merge_requests/${mr.iid}`;
    const closed = await call(sb, path, { method: 'PUT', token: sb.tokens.grace, json: { state_event: 'close' } });
    expect(closed.body).toMatchObject({ state: 'closed', closed_by: { username: 'grace' } });
    expect(closed.body.closed_at).not.toBeNull();
    const reopened = await call(sb, path, { method: 'PUT', token: sb.tokens.grace, json: { state_event: 'reopen' } });
    expect(reopened.body).toMatchObject({ state: 'opened', closed_at: null, closed_by: null });
    const events = sb.state.events.filter((e) => e.targetType === 'MergeRequest' && e.targetId === mr.id).map((e) => e.actionName);
    expect(events).toEqual(['closed', 'opened']);
  });

  it('refuses a Reporter (403)', async () => {
    const sb = sandbox();
    const r = await call(sb, `${API}/merge_requests/1`, { method: 'PUT', token: sb.tokens.readonly, json: { title: 'x' } });
    // carol's read-only token: insufficient scope before any role check.
    expect(r.status).toBe(403);
    const dave = sb.state.findUser('dave')!; // Reporter of the API project
    const token = sb.state.addToken({ userId: dave.id, name: 'dave-rep', description: null, scopes: ['api'], createdAt: Date.now(), updatedAt: Date.now(), lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret: 'glpat-dave-reporter-00' });
    expect((await call(sb, `${API}/merge_requests/1`, { method: 'PUT', token: token.secret, json: { title: 'x' } })).status).toBe(403);
  });
});

describe('PUT /projects/:id/merge_requests/:iid/merge', () => {
  it('refuses in GitLab’s order: 401 no right, 405 not mergeable, 422 conflicts, 409 SHA', async () => {
    const sb = sandbox();
    const merge = (iid: number, token: string, json: unknown = {}) => call(sb, `${API}/merge_requests/${iid}/merge`, { method: 'PUT', token, json });
    // bob is a Developer: main is protected, Maintainers merge into it.
    expect((await merge(1, sb.tokens.bob)).status).toBe(401);
    expect((await merge(5, sb.tokens.grace)).status).toBe(405); // closed
    expect((await merge(2, sb.tokens.grace)).status).toBe(405); // draft
    expect((await merge(6, sb.tokens.grace)).status).toBe(405); // failed pipeline, pipelines must succeed
    const conflict = await merge(3, sb.tokens.grace);
    expect(conflict).toMatchObject({ status: 422, body: { message: 'Branch cannot be merged' } });
    const wrong = await merge(1, sb.tokens.grace, { sha: '0'.repeat(40) });
    expect(wrong).toMatchObject({ status: 409, body: { message: 'SHA does not match HEAD of source branch' } });
  });

  it('merges with squash and source-branch removal; a Developer may merge into an unprotected branch', async () => {
    const sb = sandbox();
    const mr = freshMr('acme/platform/api', 'Merge me', { inMs: -1000 });
    const head = mrStore(sb.state).sha(mr);
    const r = await call(sb, `${API}/merge_requests/${mr.iid}/merge`, { method: 'PUT', token: sb.tokens.grace, json: { sha: head, squash: true, should_remove_source_branch: true, merge_commit_message: 'Merge!' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ state: 'merged', squash: true, should_remove_source_branch: true, merge_user: { username: 'grace' }, merged_by: { username: 'grace' } });
    expect(r.body.merge_commit_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(r.body.squash_commit_sha).toMatch(/^[0-9a-f]{40}$/);
    expect(mrStore(sb.state).branchHead(mr.projectId, mr.sourceBranch)).toBeUndefined();
    expect(mrStore(sb.state).branchHead(mr.projectId, 'main')).toBe(r.body.merge_commit_sha);
    expect(sb.state.events.some((e) => e.targetId === mr.id && e.actionName === 'accepted')).toBe(true);

    const dev = freshMr('acme/platform/api', 'Into a release branch', { inMs: -1000 }, { target: 'release/1.x' });
    expect((await call(sb, `${API}/merge_requests/${dev.iid}/merge`, { method: 'PUT', token: sb.tokens.bob, json: {} })).body.state).toBe('merged');
  });

  it('merges when the pipeline succeeds, and drops the automatic merge when it fails', async () => {
    const sb = sandbox();
    const ok = freshMr('acme/platform/api', 'Wait for green', { inMs: 600 });
    const bad = freshMr('acme/platform/api', 'Wait for red', { inMs: 600, outcome: 'failed' });
    for (const mr of [ok, bad]) {
      const r = await call(sb, `${API}/merge_requests/${mr.iid}/merge`, { method: 'PUT', token: sb.tokens.grace, json: { merge_when_pipeline_succeeds: true } });
      expect(r.body).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true, detailed_merge_status: 'ci_still_running', pipeline: { status: 'running' } });
    }
    // Without asking for it, a running pipeline blocks the merge in this project.
    const early = freshMr('acme/platform/api', 'Too early', { inMs: 60_000 });
    expect((await call(sb, `${API}/merge_requests/${early.iid}/merge`, { method: 'PUT', token: sb.tokens.grace, json: {} })).status).toBe(405);
    elapse(800);
    const merged = (await call(sb, `${API}/merge_requests/${ok.iid}`, { token: sb.tokens.grace })).body;
    expect(merged).toMatchObject({ state: 'merged', merge_when_pipeline_succeeds: false, pipeline: { status: 'success' } });
    const failed = (await call(sb, `${API}/merge_requests/${bad.iid}`, { token: sb.tokens.grace })).body;
    expect(failed).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: false, detailed_merge_status: 'ci_must_pass', pipeline: { status: 'failed' } });
  });
});

describe('DELETE /projects/:id/merge_requests/:iid', () => {
  it('is for owners and administrators only', async () => {
    const sb = sandbox();
    const mr = freshMr('acme/platform/api', 'Delete me', null);
    const path = `${API}/merge_requests/${mr.iid}`;
    expect((await call(sb, path, { method: 'DELETE', token: sb.tokens.grace })).status).toBe(403); // Maintainer
    expect((await call(sb, path, { method: 'DELETE', token: sb.tokens.alice })).status).toBe(204); // Owner of acme
    expect((await call(sb, path, { token: sb.tokens.admin })).status).toBe(404);
  });
});

describe('merge trains', () => {
  it('adds an entry (201, an array), lists it per project and branch, merges cars in order', async () => {
    const sb = sandbox();
    mrStore(sb.state).pipelineDurationMs = 400;
    const a = freshMr('opensource/forgectl', 'Train A', { inMs: -1000 });
    const b = freshMr('opensource/forgectl', 'Train B', { inMs: -1000 });
    const add = (iid: number) => call(sb, `${FORGECTL}/merge_trains/merge_requests/${iid}`, { method: 'POST', token: sb.tokens.admin, json: {} });
    const ra = await add(a.iid);
    expect(ra.status).toBe(201);
    expect(ra.body).toHaveLength(1);
    expect(ra.body[0]).toMatchObject({ merge_request: { iid: a.iid }, target_branch: 'main', status: 'idle', merged_at: null, pipeline: { status: 'running' } });
    await add(b.iid);
    expect((await add(b.iid)).status).toBe(400); // already on the train
    const active = (await call(sb, `${FORGECTL}/merge_trains?scope=active&sort=asc`, { token: sb.tokens.admin })).body;
    expect(active.map((e: any) => e.merge_request.iid).slice(-2)).toEqual([a.iid, b.iid]);
    expect((await call(sb, `${FORGECTL}/merge_trains/main`, { token: sb.tokens.admin })).body.length).toBeGreaterThanOrEqual(2);
    expect((await call(sb, `${FORGECTL}/merge_trains/other-branch`, { token: sb.tokens.admin })).body).toEqual([]);
    elapse(600);
    const status = (await call(sb, `${FORGECTL}/merge_trains/merge_requests/${b.iid}`, { token: sb.tokens.admin })).body;
    expect(status).toMatchObject({ status: 'merged', merge_request: { state: 'merged' } });
    expect(status.duration).toBeGreaterThanOrEqual(0);
    const complete = (await call(sb, `${FORGECTL}/merge_trains?scope=complete`, { token: sb.tokens.admin })).body;
    expect(complete.map((e: any) => e.merge_request.iid)).toEqual(expect.arrayContaining([a.iid, b.iid]));
  });

  it('with when_pipeline_succeeds, joins the train only once the pipeline succeeds (202)', async () => {
    const sb = sandbox();
    const mr = freshMr('opensource/forgectl', 'Train later', { inMs: 500 });
    const r = await call(sb, `${FORGECTL}/merge_trains/merge_requests/${mr.iid}`, { method: 'POST', token: sb.tokens.admin, json: { when_pipeline_succeeds: true } });
    expect(r.status).toBe(202);
    expect((await call(sb, `${FORGECTL}/merge_trains/merge_requests/${mr.iid}`, { token: sb.tokens.admin })).status).toBe(404);
    elapse(700);
    const entry = await call(sb, `${FORGECTL}/merge_trains/merge_requests/${mr.iid}`, { token: sb.tokens.admin });
    expect(entry.status).toBe(200);
    expect(entry.body.merge_request.iid).toBe(mr.iid);
  });

  it('answers 409 on a SHA mismatch, 404 to non-members of private projects, 403 to Reporters and on the free tier', async () => {
    const sb = sandbox();
    const mr = freshMr('opensource/forgectl', 'Train sha', { inMs: -1000 });
    expect((await call(sb, `${FORGECTL}/merge_trains/merge_requests/${mr.iid}`, { method: 'POST', token: sb.tokens.admin, json: { sha: 'abc1234' } })).status).toBe(409);
    expect((await call(sb, '/projects/research%2Fpapers/merge_trains', { token: sb.tokens.bob })).status).toBe(404);
    // carol is a Reporter of acme/platform/infra (terraform).
    expect((await call(sb, '/projects/acme%2Fplatform%2Finfra%2Fterraform/merge_trains', { token: sb.tokens.readonly })).status).toBe(403);
    expect((await call(sb, '/-/sandbox/tier', { method: 'PUT', token: sb.tokens.bob, json: { tier: 'free' } })).status).toBe(403);
    expect((await call(sb, '/-/sandbox/tier', { method: 'PUT', token: sb.tokens.admin, json: { tier: 'free' } })).status).toBe(200);
    try {
      expect((await call(sb, `${FORGECTL}/merge_trains`, { token: sb.tokens.admin })).status).toBe(403);
    } finally {
      await call(sb, '/-/sandbox/tier', { method: 'PUT', token: sb.tokens.admin, json: { tier: 'premium' } });
    }
    expect((await call(sb, `${FORGECTL}/merge_trains`, { token: sb.tokens.admin })).status).toBe(200);
  });
});
