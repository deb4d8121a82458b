// Group releases (spec part 3 §4.4): the releases of the projects in a group's tree the caller can
// see; and a project's own releases (GitLab's GET /projects/:id/releases, same shape), which direct
// transfer copies and `migrate verify` counts. Sandbox-only switch (administrators): PUT /-/sandbox/features/group_releases {"enabled": false}
// turns the endpoint off as on a self-managed instance without its feature flag.

import { requireAdmin } from '../access/admin.js';
import { findGroupByRefOrFail, inGroupTree as inTree } from '../access/groups.js';
import { findProjectOrFail } from '../access/projects.js';
import { badRequest, notFound } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { SandboxRequest } from '../http/router.js';
import type { SandboxState } from '../state.js';
import type { Group } from '../types.js';
import { userBasic } from '../users/entity.js';
import { seedReleases } from './seed.js';
import { releasesStore, type Release } from './store.js';

const findGroup = (req: SandboxRequest, idOrPath: string): Group => findGroupByRefOrFail(req, idOrPath);

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

export const releasesModule: SandboxModule = {
  name: 'releases',
  register(router) {
    router.get(
      '/groups/:id/releases',
      (req) => {
        const { state } = req;
        // Without the feature flag the route does not exist.
        if (!releasesStore(state).groupReleasesEnabled) throw notFound();
        const group = findGroup(req, req.params.id);
        const r = new ParamReader(req.input());
        const sort = r.oneOf('sort', ['asc', 'desc']) ?? 'desc';
        const simple = r.bool('simple') ?? false;
        const page = readPage(r);
        r.done();
        const releases = releasesStore(state)
          .releases.filter((rel) => {
            const p = state.projectById.get(rel.projectId);
            return !!p && inTree(state, group, p.namespaceId) && state.canSee(req.user, p);
          })
          .sort((a, b) => (sort === 'asc' ? a.releasedAt - b.releasedAt : b.releasedAt - a.releasedAt));
        return offsetPage(req, page, releases, (rel) => releaseJson(state, rel, simple));
      },
      { auth: 'optional' },
    );
    router.get(
      '/projects/:id/releases',
      (req) => {
        const { state } = req;
        const project = findProjectOrFail(req);
        const r = new ParamReader(req.input());
        const orderBy = r.oneOf('order_by', ['released_at', 'created_at']) ?? 'released_at';
        const sort = r.oneOf('sort', ['asc', 'desc']) ?? 'desc';
        r.bool('include_html_description');
        const page = readPage(r);
        r.done();
        const key = (rel: Release) => (orderBy === 'created_at' ? rel.createdAt : rel.releasedAt);
        const releases = releasesStore(state)
          .releases.filter((rel) => rel.projectId === project.id)
          .sort((a, b) => (sort === 'asc' ? key(a) - key(b) : key(b) - key(a)));
        return offsetPage(req, page, releases, (rel) => releaseJson(state, rel, false));
      },
      { auth: 'optional' },
    );
  },
  seed: seedReleases,
};

export const releasesSandboxModule: SandboxModule = {
  name: 'releases-switch',
  prefix: '/-/sandbox',
  register(router) {
    router.put('/features/group_releases', (req) => {
      requireAdmin(req);
      const r = new ParamReader(req.input());
      const enabled = r.bool('enabled');
      r.done();
      if (enabled === undefined) throw badRequest('"enabled" not given');
      releasesStore(req.state).groupReleasesEnabled = enabled;
      return { body: { group_releases: enabled } };
    });
  },
};
