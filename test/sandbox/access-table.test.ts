// One access model for every family (src/sandbox/access/policy.ts): users × families × visibility
// → status. Each visibility gets its own tree: group `t-<vis>` (that visibility) with a project
// `app` of the same visibility, a private subgroup `team` holding a private project, and a private
// subgroup `empty` without projects. The table says who may read the group and the project; each
// family turns that (and the caller's role) into a status the same way.

import { beforeAll, describe, expect, it } from 'vitest';
import { newProject } from '../../src/sandbox/seed/projects.js';
import { ACCESS, type Visibility } from '../../src/sandbox/types.js';
import { call, sandboxFor } from './helpers.js';

const sandbox = sandboxFor({ seed: 'demo' });
const VIS: Visibility[] = ['public', 'internal', 'private'];

type Who = 'anonymous' | 'outsider' | 'external' | 'guest' | 'maintainer' | 'subgroup' | 'empty_subgroup' | 'admin' | 'sudo_outsider';

// Who reads the top group / its project, per visibility (pub, int, priv). `subgroup` is a member of
// `team` only, which holds a project: GitLab's has_projects rule lets them read the parent group, not
// its other projects. `empty_subgroup` is a member of a subgroup without projects: nothing more.
const READS: Record<Who, { group: [boolean, boolean, boolean]; project: [boolean, boolean, boolean]; role: number }> = {
  anonymous: { group: [true, false, false], project: [true, false, false], role: 0 },
  outsider: { group: [true, true, false], project: [true, true, false], role: 0 },
  external: { group: [true, false, false], project: [true, false, false], role: 0 },
  guest: { group: [true, true, true], project: [true, true, true], role: ACCESS.guest },
  maintainer: { group: [true, true, true], project: [true, true, true], role: ACCESS.maintainer },
  subgroup: { group: [true, true, true], project: [true, true, false], role: 0 },
  empty_subgroup: { group: [true, true, false], project: [true, true, false], role: 0 },
  admin: { group: [true, true, true], project: [true, true, true], role: ACCESS.admin },
  sudo_outsider: { group: [true, true, false], project: [true, true, false], role: 0 },
};

interface Case {
  read: boolean;
  role: number;
  anonymous: boolean;
  vis: Visibility;
}

// Each family: its address and how read access and role become a status.
const whenReadable = (c: Case) => (c.read ? 200 : 404);
const signedIn = (inner: (c: Case) => number) => (c: Case) => (c.anonymous ? 401 : inner(c));
const withRole = (min: number) => (c: Case) => (!c.read ? 404 : c.role >= min ? 200 : 403);

const GROUP_FAMILIES: Record<string, { path: (g: string) => string; status: (c: Case) => number }> = {
  group: { path: (g) => `/groups/${g}`, status: whenReadable },
  subgroups: { path: (g) => `/groups/${g}/subgroups`, status: whenReadable },
  'group projects': { path: (g) => `/groups/${g}/projects`, status: whenReadable },
  // The epics API asks for a credential even on public groups.
  epics: { path: (g) => `/groups/${g}/epics`, status: signedIn(whenReadable) },
  wikis: { path: (g) => `/groups/${g}/wikis`, status: whenReadable },
  releases: { path: (g) => `/groups/${g}/releases`, status: whenReadable },
  'group notification settings': { path: (g) => `/groups/${g}/notification_settings`, status: signedIn(whenReadable) },
  'protected environments': { path: (g) => `/groups/${g}/protected_environments`, status: signedIn(withRole(ACCESS.maintainer)) },
  analytics: { path: (g) => `/analytics/group_activity/issues_count?group_path=${g}`, status: signedIn(withRole(ACCESS.reporter)) },
};

const PROJECT_FAMILIES: Record<string, { path: (p: string) => string; status: (c: Case) => number }> = {
  project: { path: (p) => `/projects/${p}`, status: whenReadable },
  'project events': { path: (p) => `/projects/${p}/events`, status: whenReadable },
  'project notification settings': { path: (p) => `/projects/${p}/notification_settings`, status: signedIn(whenReadable) },
  // Merge requests of a private project need Reporter (GitLab's read_merge_request).
  'merge requests': { path: (p) => `/projects/${p}/merge_requests`, status: (c) => (!c.read ? 404 : c.vis === 'private' && c.role < ACCESS.reporter ? 403 : 200) },
};

const tokens: Partial<Record<Who, { token?: string; headers?: Record<string, string> }>> = {};

beforeAll(() => {
  const sb = sandbox();
  const { state } = sb;
  const user = (username: string, extra: { external?: boolean } = {}) => {
    const u = state.addUser({ username, name: username, ...extra });
    const secret = `glpat-table-${username}`;
    state.addToken({ userId: u.id, name: 'table', description: null, scopes: ['api'], createdAt: state.clock.now(), updatedAt: state.clock.now(), lastUsedAt: null, expiresAt: null, revoked: false, impersonation: false, previousId: null, secret });
    return { u, secret };
  };
  const outsider = user('t-outsider');
  const external = user('t-external', { external: true });
  const guest = user('t-guest');
  const maintainer = user('t-maintainer');
  const sub = user('t-subgroup');
  const empty = user('t-empty');
  for (const vis of VIS) {
    const top = state.addGroup({ name: `T ${vis}`, path: `t-${vis}`, visibility: vis }, { [guest.u.id]: ACCESS.guest, [maintainer.u.id]: ACCESS.maintainer });
    const team = state.addGroup({ name: 'Team', path: 'team', parentId: top.id, visibility: 'private' }, { [sub.u.id]: ACCESS.reporter });
    state.addGroup({ name: 'Empty', path: 'empty', parentId: top.id, visibility: 'private' }, { [empty.u.id]: ACCESS.developer });
    state.addProject(newProject(state, { name: 'App', path: 'app', namespaceId: top.id, visibility: vis }));
    state.addProject(newProject(state, { name: 'Code', path: 'code', namespaceId: team.id, visibility: 'private' }));
  }
  Object.assign(tokens, {
    anonymous: {},
    outsider: { token: outsider.secret },
    external: { token: external.secret },
    guest: { token: guest.secret },
    maintainer: { token: maintainer.secret },
    subgroup: { token: sub.secret },
    empty_subgroup: { token: empty.secret },
    admin: { token: sb.tokens.admin },
    sudo_outsider: { token: sb.tokens.admin, headers: { Sudo: 't-outsider' } },
  });
});

describe('access table', () => {
  for (const who of Object.keys(READS) as Who[]) {
    it(`${who}: every family answers by the same rule`, async () => {
      const sb = sandbox();
      const got: string[] = [];
      const want: string[] = [];
      for (const [i, vis] of VIS.entries()) {
        const row = READS[who];
        const base = { role: row.role, anonymous: who === 'anonymous', vis };
        for (const [family, f] of Object.entries(GROUP_FAMILIES)) {
          const res = await call(sb, f.path(`t-${vis}`), tokens[who]!);
          got.push(`${vis} ${family}: ${res.status}`);
          want.push(`${vis} ${family}: ${f.status({ ...base, read: row.group[i] })}`);
        }
        for (const [family, f] of Object.entries(PROJECT_FAMILIES)) {
          const res = await call(sb, f.path(encodeURIComponent(`t-${vis}/app`)), tokens[who]!);
          got.push(`${vis} ${family}: ${res.status}`);
          want.push(`${vis} ${family}: ${f.status({ ...base, read: row.project[i] })}`);
        }
      }
      expect(got).toEqual(want);
    });
  }
});
