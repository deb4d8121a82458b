// A client nobody here wrote, @gitbeaker/rest, drives the sandbox: where it fails, the sandbox
// differs from a real instance (fix the sandbox, not this test).

import { Gitlab } from '@gitbeaker/rest';
import { describe, expect, it } from 'vitest';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

function client(token = 'alice') {
  const sb = sandbox();
  // No retries: a sandbox answer that a real client would retry is a failure to see here.
  return new Gitlab({ host: sb.url, token: sb.tokens[token] });
}

describe('@gitbeaker/rest against the sandbox', () => {
  it('reads the current user and the instance version', async () => {
    const api = client('alice');
    const me = await api.Users.showCurrentUser();
    expect(me.username).toBe('alice');
    const version = await api.Metadata.show();
    expect(version.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('lists every project across pages and reads one by path', async () => {
    const api = client('admin');
    const all = await api.Projects.all({ perPage: 7 });
    const sb = sandbox();
    const total = sb.state.projects.filter((p) => !p.pendingDelete && !p.hidden).length;
    expect(all.length).toBe(total);
    expect(new Set(all.map((p) => p.id)).size).toBe(total);
    const one = await api.Projects.show('acme/platform/api');
    expect(one.path_with_namespace).toBe('acme/platform/api');
    expect(all.some((p) => p.id === one.id)).toBe(true);
  });

  it('pages with keyset pagination too', async () => {
    const api = client('admin');
    const keyset = await api.Projects.all({ pagination: 'keyset', orderBy: 'id', sort: 'asc', perPage: 10 });
    const ids = keyset.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids.length).toBe(sandbox().state.projects.filter((p) => !p.pendingDelete && !p.hidden).length);
  });

  it('lists and reads groups, subgroups and group projects', async () => {
    const api = client('bob');
    const mine = await api.Groups.all();
    expect(mine.map((g) => g.full_path)).toContain('acme/platform');
    const searched = await api.Groups.all({ search: 'web', allAvailable: true });
    expect(searched.map((g) => g.full_path)).toEqual(['acme/web']);
    const group = await api.Groups.show('acme/platform');
    expect(group.full_name).toBe('Acme / Platform');
    const subgroups = await api.Groups.allSubgroups('acme');
    expect(subgroups.map((g) => g.full_path).sort()).toEqual(['acme/platform', 'acme/web']);
    const projects = await api.Groups.allProjects('acme/platform', { perPage: 5 });
    expect(projects.length).toBeGreaterThan(5);
    expect(projects.every((p) => (p.namespace as { full_path: string }).full_path === 'acme/platform')).toBe(true);
  });

  it('reads its own token (personal access token self)', async () => {
    const api = client('alice');
    const self = await api.PersonalAccessTokens.show();
    expect(self).toMatchObject({ name: 'alice-laptop', active: true, revoked: false });
    expect(self.scopes).toEqual(expect.arrayContaining(['api']));
  });

  it('lists, reads and edits merge requests', async () => {
    const api = client('bob');
    const open = await api.MergeRequests.all({ projectId: 'acme/platform/api', state: 'opened' });
    expect(open.length).toBeGreaterThan(0);
    const mr = open.find((m) => m.author.username === 'bob')!;
    const one = await api.MergeRequests.show('acme/platform/api', mr.iid);
    expect(one.title).toBe(mr.title);
    const edited = await api.MergeRequests.edit('acme/platform/api', mr.iid, { title: `${mr.title} (edited)` });
    expect(edited.title).toBe(`${mr.title} (edited)`);
    const everywhere = await api.MergeRequests.all({ scope: 'all', state: 'opened' });
    expect(everywhere.some((m) => m.id === mr.id)).toBe(true);
  });

  it('lists and starts issue discussions and reads epic discussions', async () => {
    const api = client('bob');
    const threads = await api.IssueDiscussions.all('acme/platform/gateway', 1);
    expect(threads.length).toBeGreaterThan(0);
    const created = await api.IssueDiscussions.create('acme/platform/gateway', 1, 'Started by gitbeaker');
    expect(created.notes?.[0]).toMatchObject({ body: 'Started by gitbeaker' });
    const after = await api.IssueDiscussions.all('acme/platform/gateway', 1);
    expect(after.map((d) => d.id)).toContain(created.id);
    const replied = await api.IssueDiscussions.addNote('acme/platform/gateway', 1, created.id, 'A reply');
    expect(replied.body).toBe('A reply');
    const epics = await api.Epics.all('acme');
    const epicWithThread = epics.find((e) => e.title === 'Public API v2')!;
    const epicThreads = await api.EpicDiscussions.all('acme', epicWithThread.id);
    expect(epicThreads.length).toBeGreaterThan(0);
  });

  it('lists group releases', async () => {
    const api = client('alice');
    const releases = await api.GroupReleases.all('acme');
    expect(releases.length).toBeGreaterThan(0);
    expect(releases[0]).toHaveProperty('tag_name');
  });

  it('surfaces a 404 for what the caller may not see', async () => {
    const api = client('alice');
    await expect(api.Groups.show('research')).rejects.toMatchObject({ cause: { response: { status: 404 } } });
  });
});
