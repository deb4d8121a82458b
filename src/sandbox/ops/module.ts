// Group activity analytics (§4.3), group releases (§4.4) and starred metrics dashboards (§4.5).
// Sandbox-only switch (administrators): PUT /-/sandbox/features/group_releases {"enabled": false}
// turns the group releases endpoint off as on a self-managed instance without its feature flag.

import { findGroupByRefOrFail } from '../access/groups.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import { findProjectOrFail } from '../lookup.js';
import type { SandboxModule } from '../modules.js';
import type { SandboxRequest } from '../router.js';
import type { SandboxState } from '../state.js';
import { ACCESS, type Group } from '../types.js';
import { userBasic } from '../routes/user-entity.js';
import { seedOps } from './seed.js';
import { opsStore, type Release } from './store.js';

/** GitLab's group activity counts cover the last 90 days. */
const RECENT_MS = 90 * 86_400_000;

const findGroup = (req: SandboxRequest, idOrPath: string): Group => findGroupByRefOrFail(req, idOrPath);

/** The group and its descendants. */
function inTree(state: SandboxState, root: Group, namespaceId: number | null): boolean {
  if (namespaceId === null) return false;
  const ns = state.namespaces.get(namespaceId);
  return !!ns && state.ancestors(ns).some((a) => a.id === root.id);
}

function activityCount(req: SandboxRequest, kind: 'issue' | 'merge_request' | 'member'): number {
  const r = new ParamReader(req.input());
  const path = r.required('group_path');
  r.done();
  const group = findGroup(req, path!);
  // Reading activity analytics needs Reporter access.
  if (req.state.accessLevel(req.user, group) < ACCESS.reporter) throw forbidden();
  const since = req.state.clock.now() - RECENT_MS;
  const { state } = req;
  let n = 0;
  for (const a of opsStore(state).activity) {
    if (a.kind !== kind || a.createdAt < since) continue;
    const ns = a.projectId !== null ? (state.projectById.get(a.projectId)?.namespaceId ?? null) : a.groupId;
    if (inTree(state, group, ns)) n++;
  }
  // Issues and merge requests opened through other modules count too.
  const target = kind === 'issue' ? 'Issue' : kind === 'merge_request' ? 'MergeRequest' : null;
  if (target) {
    for (const e of state.events) {
      if (e.targetType !== target || e.actionName !== 'opened' || e.createdAt < since || e.projectId === null) continue;
      if (inTree(state, group, state.projectById.get(e.projectId)?.namespaceId ?? null)) n++;
    }
  }
  return n;
}

function releaseJson(state: SandboxState, r: Release, simple: boolean): Record<string, unknown> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const project = state.projectById.get(r.projectId)!;
  const projectPath = state.projectPath(project);
  const base = {
    name: r.name,
    tag_name: r.tagName,
    description: r.description,
    created_at: iso(r.createdAt),
    released_at: iso(r.releasedAt),
  };
  if (simple) return { ...base, upcoming_release: r.releasedAt > state.clock.now() };
  const author = state.users.get(r.authorId)!;
  const authorBasic = userBasic(state, author);
  return {
    ...base,
    author: { id: authorBasic.id, username: authorBasic.username, name: authorBasic.name, state: authorBasic.state, avatar_url: authorBasic.avatar_url, web_url: authorBasic.web_url },
    commit: {
      id: r.sha,
      short_id: r.sha.slice(0, 8),
      created_at: iso(r.createdAt),
      parent_ids: [],
      title: r.commitTitle,
      message: r.commitTitle,
      author_name: author.name,
      author_email: author.email,
      authored_date: iso(r.createdAt),
      committer_name: author.name,
      committer_email: author.email,
      committed_date: iso(r.createdAt),
      trailers: {},
      web_url: `${state.baseUrl}/${projectPath}/-/commit/${r.sha}`,
    },
    upcoming_release: r.releasedAt > state.clock.now(),
    commit_path: `/${projectPath}/-/commit/${r.sha}`,
    tag_path: `/${projectPath}/-/tags/${r.tagName}`,
  };
}

export const opsModule: SandboxModule = {
  name: 'analytics-releases-dashboards',
  register(router) {
    router.get('/analytics/group_activity/issues_count', (req) => ({ body: { issues_count: activityCount(req, 'issue') } }));
    router.get('/analytics/group_activity/merge_requests_count', (req) => ({ body: { merge_requests_count: activityCount(req, 'merge_request') } }));
    router.get('/analytics/group_activity/new_members_count', (req) => ({ body: { new_members_count: activityCount(req, 'member') } }));

    router.get(
      '/groups/:id/releases',
      (req) => {
        const { state } = req;
        // Without the feature flag the route does not exist.
        if (!opsStore(state).groupReleasesEnabled) throw notFound();
        const group = findGroup(req, req.params.id);
        const r = new ParamReader(req.input());
        const sort = r.oneOf('sort', ['asc', 'desc']) ?? 'desc';
        const simple = r.bool('simple') ?? false;
        const page = readPage(r);
        r.done();
        const releases = opsStore(state)
          .releases.filter((rel) => {
            const p = state.projectById.get(rel.projectId);
            return !!p && inTree(state, group, p.namespaceId) && state.canSee(req.user, p);
          })
          .sort((a, b) => (sort === 'asc' ? a.releasedAt - b.releasedAt : b.releasedAt - a.releasedAt));
        return offsetPage(req, page, releases, (rel) => releaseJson(state, rel, simple));
      },
      { auth: 'optional' },
    );

    router.post('/projects/:id/metrics/user_starred_dashboards', (req) => {
      const project = findProjectOrFail(req);
      const r = new ParamReader(req.input());
      const path = r.required('dashboard_path');
      r.done();
      const s = opsStore(req.state);
      const user = req.user!;
      if (s.stars.some((x) => x.userId === user.id && x.projectId === project.id && x.dashboardPath === path)) {
        throw badRequest('dashboard_path has already been taken');
      }
      const star = { id: s.nextStarId++, userId: user.id, projectId: project.id, dashboardPath: path! };
      s.stars.push(star);
      return { status: 201, body: { id: star.id, dashboard_path: star.dashboardPath, user_id: star.userId, project_id: star.projectId } };
    });

    router.delete('/projects/:id/metrics/user_starred_dashboards', (req) => {
      const project = findProjectOrFail(req);
      const r = new ParamReader(req.input());
      const path = r.string('dashboard_path');
      r.done();
      const s = opsStore(req.state);
      const before = s.stars.length;
      s.stars = s.stars.filter((x) => !(x.userId === req.user!.id && x.projectId === project.id && (path === undefined || x.dashboardPath === path)));
      return { status: 200, body: { deleted_rows: before - s.stars.length } };
    });
  },
  seed: seedOps,
};

export const opsSandboxModule: SandboxModule = {
  name: 'ops-switches',
  prefix: '/-/sandbox',
  register(router) {
    router.put('/features/group_releases', (req) => {
      if (!req.user?.admin) throw forbidden();
      const r = new ParamReader(req.input());
      const enabled = r.bool('enabled');
      r.done();
      if (enabled === undefined) throw badRequest('"enabled" not given');
      opsStore(req.state).groupReleasesEnabled = enabled;
      return { body: { group_releases: enabled } };
    });
  },
};
