// The collaboration endpoints of the sandbox: discussions, events, epics, iteration events,
// notification settings and group wikis, against spec part 2 and the realdata shapes.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { all, call, sandboxFor } from './helpers.js';

const sandbox = sandboxFor({ seed: 'demo' });

function realdata(name: string): { body: any; source: string } {
  return JSON.parse(readFileSync(new URL(`../fixtures/realdata/${name}.json`, import.meta.url), 'utf8'));
}

/** Keys of the realdata example missing from the sandbox's answer. */
function missingKeys(real: Record<string, unknown>, got: Record<string, unknown>): string[] {
  return Object.keys(real).filter((k) => !(k in got));
}

/** A fresh api-scoped token of a seeded user. */
function tokenFor(sb: ReturnType<typeof sandbox>, username: string): string {
  const secret = `glpat-collab-${username}-${sb.state.tokens.size}`.padEnd(26, '0');
  sb.state.addToken({ userId: sb.state.findUser(username)!.id, name: `t-${username}`, description: null, scopes: ['api'], createdAt: 0, updatedAt: 0, lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret });
  return secret;
}

const ISSUE = '/projects/acme%2Fplatform%2Fgateway/issues/1';
const SNIPPET = '/projects/acme%2Fplatform%2Fgateway/snippets/7';

describe('discussions', () => {
  it('lists threads, single comments and system notes with the realdata shape', async () => {
    const sb = sandbox();
    const list = await call(sb, `${ISSUE}/discussions`, { token: sb.tokens.admin });
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total')).toBe(String(list.body.length));
    const real = realdata('discussions/issue_list').body;
    expect(missingKeys(real[0], list.body[0])).toEqual([]);
    expect(missingKeys(real[0].notes[1], list.body[0].notes[0])).toEqual([]);
    const thread = list.body.find((d: any) => !d.individual_note);
    expect(thread.id).toMatch(/^[0-9a-f]{40}$/);
    expect(thread.notes.map((n: any) => n.type)).toEqual(['DiscussionNote', 'DiscussionNote']);
    expect(thread.notes[0]).toMatchObject({ noteable_type: 'Issue', noteable_iid: 1, resolvable: true, resolved: false, system: false });
    const system = list.body.find((d: any) => d.notes[0].system);
    expect(system).toMatchObject({ individual_note: true, notes: [{ type: null, resolvable: false }] });
    const snippet = await call(sb, `${SNIPPET}/discussions`, { token: sb.tokens.admin });
    expect(snippet.body[0].notes[0]).toMatchObject({ noteable_type: 'Snippet', noteable_iid: null, resolvable: false });
    // Epic discussions are addressed by the epic's id, not its group-internal iid (GitLab's notes API).
    const epicEntity = await call(sb, '/groups/acme%2Fplatform/epics/1', { token: sb.tokens.admin });
    expect(epicEntity.body.id).not.toBe(epicEntity.body.iid);
    const epic = await call(sb, `/groups/acme%2Fplatform/epics/${epicEntity.body.id}/discussions`, { token: sb.tokens.admin });
    expect(epic.status).toBe(200);
    expect(missingKeys(realdata('discussions/epic_list').body[0].notes[0], epic.body[0].notes[0])).toEqual([]);
    expect(epic.body[0].notes[0]).toMatchObject({ noteable_type: 'Epic', resolvable: false });
  });

  it('creates a thread (201), replies to it, and turns a single comment into a thread on reply', async () => {
    const sb = sandbox();
    const created = await call(sb, `${ISSUE}/discussions`, { method: 'POST', token: sb.tokens.bob, json: { body: 'new thread' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ individual_note: false, notes: [{ body: 'new thread', author: { username: 'bob' } }] });
    const reply = await call(sb, `${ISSUE}/discussions/${created.body.id}/notes`, { method: 'POST', token: sb.tokens.alice, json: { body: 'a reply' } });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ body: 'a reply', type: 'DiscussionNote' });

    const list = await all(sb, `${ISSUE}/discussions`, sb.tokens.admin);
    const single = list.find((d) => d.individual_note && !d.notes[0].system);
    await call(sb, `${ISSUE}/discussions/${single.id}/notes`, { method: 'POST', token: sb.tokens.bob, json: { body: 'now a thread' } });
    const after = await call(sb, `${ISSUE}/discussions/${single.id}`, { token: sb.tokens.admin });
    expect(after.body.individual_note).toBe(false);
    expect(after.body.notes.map((n: any) => n.type)).toEqual(['DiscussionNote', 'DiscussionNote']);
  });

  it('turns a system note into a thread when a note is added to it', async () => {
    const sb = sandbox();
    const system = (await all(sb, `${ISSUE}/discussions`, sb.tokens.admin)).find((d) => d.notes[0].system);
    const reply = await call(sb, `${ISSUE}/discussions/${system.id}/notes`, { method: 'POST', token: sb.tokens.bob, json: { body: 'why?' } });
    expect(reply.status).toBe(201);
    const after = (await call(sb, `${ISSUE}/discussions/${system.id}`, { token: sb.tokens.admin })).body;
    expect(after.individual_note).toBe(false);
    expect(after.notes.map((n: any) => [n.system, n.type])).toEqual([[true, null], [false, 'DiscussionNote']]);
  });

  it('lets only the author (or an administrator) edit, and moderators delete; system notes are not editable', async () => {
    const sb = sandbox();
    const d = (await call(sb, `${ISSUE}/discussions`, { method: 'POST', token: sb.tokens.bob, json: { body: 'mine' } })).body;
    const note = d.notes[0].id;
    const path = `${ISSUE}/discussions/${d.id}/notes/${note}`;
    expect((await call(sb, path, { method: 'PUT', token: sb.tokens.alice, json: { body: 'x' } })).status).toBe(403);
    const edited = await call(sb, path, { method: 'PUT', token: sb.tokens.bob, json: { body: 'edited' } });
    expect(edited.status).toBe(200);
    expect(edited.body.body).toBe('edited');
    expect((await call(sb, path, { method: 'PUT', token: sb.tokens.bob, json: {} })).body).toEqual({ message: 'body is missing' });
    const system = (await all(sb, `${ISSUE}/discussions`, sb.tokens.admin)).find((x) => x.notes[0].system);
    expect((await call(sb, `${ISSUE}/discussions/${system.id}/notes/${system.notes[0].id}`, { method: 'PUT', token: sb.tokens.admin, json: { body: 'x' } })).status).toBe(403);
    // dave is only a Guest; grace maintains acme/platform and may delete bob's note; the thread goes with its last note.
    expect((await call(sb, path, { method: 'DELETE', token: tokenFor(sb, 'dave') })).status).toBe(403);
    expect((await call(sb, path, { method: 'DELETE', token: sb.tokens.grace })).status).toBe(204);
    expect((await call(sb, `${ISSUE}/discussions/${d.id}`, { token: sb.tokens.admin })).status).toBe(404);
  });

  it('keeps created_at for administrators and owners only, and records comments as activity', async () => {
    const sb = sandbox();
    const past = '2020-05-01T10:00:00.000Z';
    const admin = await call(sb, `${ISSUE}/discussions`, { method: 'POST', token: sb.tokens.admin, json: { body: 'backdated', created_at: past } });
    expect(admin.body.notes[0].created_at).toBe(past);
    const bob = await call(sb, `${ISSUE}/discussions`, { method: 'POST', token: sb.tokens.bob, json: { body: 'not backdated', created_at: past } });
    expect(bob.status).toBe(201);
    expect(bob.body.notes[0].created_at).not.toBe(past);
    const events = await all(sb, '/projects/acme%2Fplatform%2Fgateway/events?action=commented', sb.tokens.admin);
    const ev = events.find((e) => e.note?.id === bob.body.notes[0].id);
    expect(ev).toMatchObject({ action_name: 'commented on', target_type: 'DiscussionNote', author_username: 'bob', note: { body: 'not backdated', noteable_type: 'Issue' } });
  });

  it('hides private items (404) and refuses an empty body', async () => {
    const sb = sandbox();
    expect((await call(sb, '/projects/acme%2Fplatform%2Fauth-service/issues/1/discussions', { token: sb.tokens.readonly })).status).toBe(404);
    expect((await call(sb, '/projects/acme%2Fplatform%2Fauth-service/issues/1/discussions', { token: sb.tokens.alice })).status).toBe(200);
    expect((await call(sb, `${ISSUE}/discussions/nope`, { token: sb.tokens.admin })).status).toBe(404);
    expect((await call(sb, `${ISSUE}/discussions`, { method: 'POST', token: sb.tokens.admin, json: {} })).status).toBe(400);
    expect((await call(sb, '/groups/acme/epics/1/discussions')).status).toBe(401);
  });
});

describe('epics', () => {
  it('answers in the realdata shape with composite dates and _links', async () => {
    const sb = sandbox();
    const got = await call(sb, '/groups/acme/epics/2', { token: sb.tokens.alice });
    expect(got.status).toBe(200);
    expect(missingKeys(realdata('epics/get').body, got.body)).toEqual([]);
    expect(got.body.start_date).toBe(got.body.start_date_from_inherited_source);
    expect(got.body.due_date).toBe(got.body.end_date);
    const acme = sb.state.findGroup('acme')!;
    expect(got.body._links).toEqual({
      self: `${sb.url}/api/v4/groups/${acme.id}/epics/2`,
      epic_issues: `${sb.url}/api/v4/groups/${acme.id}/epics/2/issues`,
      group: `${sb.url}/api/v4/groups/${acme.id}`,
      parent: `${sb.url}/api/v4/groups/${acme.id}/epics/1`,
    });
    expect(got.body.references).toEqual({ short: '&2', relative: '&2', full: 'acme&2' });
  });

  it('lists with filters: state, labels, not[...], descendants and ancestors', async () => {
    const sb = sandbox();
    const t = sb.tokens.alice;
    const all0 = await all(sb, '/groups/acme/epics', t);
    expect(all0.some((e) => e.references.relative === 'acme/platform&1')).toBe(true);
    expect((await all(sb, '/groups/acme/epics?include_descendant_groups=false', t)).every((e) => e.references.full.startsWith('acme&'))).toBe(true);
    expect((await all(sb, '/groups/acme%2Fplatform/epics', t)).map((e) => e.title)).toEqual(['Gateway rewrite']);
    expect((await all(sb, '/groups/acme%2Fplatform/epics?include_ancestor_groups=true', t)).length).toBeGreaterThan(1);
    expect((await all(sb, '/groups/acme/epics?state=closed', t)).map((e) => e.title)).toEqual(['Retire the old site']);
    expect((await all(sb, '/groups/acme/epics?labels=api', t)).map((e) => e.title).sort()).toEqual(['Public API v2', 'Rate limiting']);
    expect((await all(sb, '/groups/acme/epics?not[labels]=api', t)).some((e) => e.labels.includes('api'))).toBe(false);
    expect((await all(sb, '/groups/acme/epics?not[author_username]=alice', t)).some((e) => e.author.username === 'alice')).toBe(false);
    expect((await call(sb, '/groups/acme/epics?state=open', { token: t })).status).toBe(400);
    // Confidential epics are hidden below the Planner role (dave is a Guest of acme).
    expect((await all(sb, '/groups/acme/epics', tokenFor(sb, 'dave'))).some((e) => e.confidential)).toBe(false);
    expect((await all(sb, '/groups/acme/epics', t)).some((e) => e.confidential)).toBe(true);
  });

  it('creates (201), updates labels and dates, closes and reopens; checks limits and rights', async () => {
    const sb = sandbox();
    const t = sb.tokens.alice;
    const created = await call(sb, '/groups/acme/epics', { method: 'POST', token: t, json: { title: 'Epic', description: 'Epic description', parent_id: 1, labels: 'x,y', start_date_is_fixed: true, start_date_fixed: '2030-01-01' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Epic', parent_iid: 1, labels: ['x', 'y'], start_date: '2030-01-01', state: 'opened' });
    const iid = created.body.iid;
    const upd = await call(sb, `/groups/acme/epics/${iid}`, { method: 'PUT', token: t, json: { add_labels: 'z', remove_labels: 'x', due_date_is_fixed: true, due_date_fixed: '2030-02-01' } });
    expect(upd.body).toMatchObject({ labels: ['y', 'z'], due_date: '2030-02-01' });
    const closed = await call(sb, `/groups/acme/epics/${iid}`, { method: 'PUT', token: t, json: { state_event: 'close' } });
    expect(closed.body.state).toBe('closed');
    expect(closed.body.closed_at).not.toBeNull();
    const reopened = await call(sb, `/groups/acme/epics/${iid}`, { method: 'PUT', token: t, json: { state_event: 'reopen' } });
    expect(reopened.body).toMatchObject({ state: 'opened', closed_at: null });
    expect((await call(sb, `/groups/acme/epics/${iid}`, { method: 'PUT', token: t, json: { due_date_fixed: '2029-01-01' } })).status).toBe(400);
    expect((await call(sb, '/groups/acme/epics', { method: 'POST', token: t, json: { title: 'big', description: 'x'.repeat(1_048_577) } })).status).toBe(400);
    expect((await call(sb, '/groups/acme/epics', { method: 'POST', token: t, json: {} })).body).toEqual({ message: 'title is missing' });
    // bob has no role in acme itself: 403 to write; a private group's epics are 404 to outsiders.
    expect((await call(sb, '/groups/acme/epics', { method: 'POST', token: sb.tokens.bob, json: { title: 'no' } })).status).toBe(403);
    expect((await call(sb, '/groups/research/epics', { token: sb.tokens.alice })).status).toBe(404);
    expect((await call(sb, '/groups/acme/epics')).status).toBe(401);
  });
});

describe('epics on the free tier', () => {
  it('answers 403 for a visible group and its epics’ discussions, 404 still first for a hidden group', async () => {
    const sb = sandbox();
    const epic = (await call(sb, '/groups/acme/epics/1', { token: sb.tokens.admin })).body;
    expect((await call(sb, '/-/sandbox/tier', { method: 'PUT', token: sb.tokens.admin, json: { tier: 'free' } })).status).toBe(200);
    try {
      expect((await call(sb, '/groups/acme/epics', { token: sb.tokens.admin })).status).toBe(403);
      expect((await call(sb, '/groups/acme/epics/1', { token: sb.tokens.admin })).status).toBe(403);
      expect((await call(sb, `/groups/acme/epics/${epic.id}/discussions`, { token: sb.tokens.admin })).status).toBe(403);
      expect((await call(sb, '/groups/no-such-group/epics', { token: sb.tokens.admin })).status).toBe(404);
    } finally {
      await call(sb, '/-/sandbox/tier', { method: 'PUT', token: sb.tokens.admin, json: { tier: 'premium' } });
    }
    expect((await call(sb, '/groups/acme/epics', { token: sb.tokens.admin })).status).toBe(200);
  });
});

describe('iteration events', () => {
  it('lists and gets events in the realdata shape', async () => {
    const sb = sandbox();
    const list = await call(sb, `${ISSUE}/resource_iteration_events`, { token: sb.tokens.alice });
    expect(list.body.map((e: any) => e.action)).toEqual(['add', 'remove', 'add']);
    const one = await call(sb, `${ISSUE}/resource_iteration_events/143`, { token: sb.tokens.alice });
    const real = realdata('iteration_events/get').body;
    expect(missingKeys(real, one.body)).toEqual([]);
    expect(missingKeys(real.iteration, one.body.iteration)).toEqual([]);
    expect(one.body).toMatchObject({ id: 143, action: 'remove', resource_type: 'Issue', iteration: { title: 'Iteration I' } });
    expect((await call(sb, `${ISSUE}/resource_iteration_events/999`, { token: sb.tokens.alice })).status).toBe(404);
  });
});

