// Reading groups: GET /groups/:id, /groups/:id/subgroups and /groups/:id/projects. A migration's
// destination asks its source instance for these (as GitLab's direct transfer reads the source), so
// one sandbox can act as the source of another. Only the fields a client relies on are rendered.

import { notFound } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import type { SandboxModule } from '../modules.js';
import type { HandlerResult, Router, SandboxRequest } from '../router.js';
import type { SandboxState } from '../state.js';
import { ACCESS, type Group, type Namespace, type User } from '../types.js';
import { fullProject, simpleProject } from './project-entity.js';

const iso = (ms: number) => new Date(ms).toISOString();

function descendants(state: SandboxState, g: Namespace): Namespace[] {
  const out: Namespace[] = [];
  const walk = (parentId: number) => {
    for (const ns of state.namespaces.values()) {
      if (ns.kind === 'group' && ns.parentId === parentId) {
        out.push(ns);
        walk(ns.id);
      }
    }
  };
  walk(g.id);
  return out;
}

/**
 * GitLab's group visibility: public for all, internal for signed-in non-external users, private
 * for members of the group, its ancestors or its descendants (a member of a subgroup sees the path
 * down to it), and administrators.
 */
export function canSeeGroup(state: SandboxState, user: User | null, g: Namespace): boolean {
  if (user?.admin) return true;
  if (g.visibility === 'public') return true;
  if (!user || user.state !== 'active') return false;
  if (g.visibility === 'internal' && !user.external) return true;
  if (state.memberAccess(user, g) >= ACCESS.guest) return true;
  return descendants(state, g).some((d) => (d.members.get(user.id) ?? 0) >= ACCESS.guest);
}

export function findGroupOrFail(req: SandboxRequest): Group {
  const g = req.state.findGroup(req.params.id ?? '');
  if (!g || !canSeeGroup(req.state, req.user, g)) throw notFound('Group');
  return g;
}

export function groupJson(state: SandboxState, g: Namespace): Record<string, unknown> {
  const fullPath = state.fullPath(g);
  return {
    id: g.id,
    web_url: `${state.baseUrl}/groups/${fullPath}`,
    name: g.name,
    path: g.path,
    description: g.description,
    visibility: g.visibility,
    avatar_url: g.avatarUrl,
    full_name: state.fullName(g),
    full_path: fullPath,
    created_at: iso(g.createdAt),
    parent_id: g.parentId,
  };
}

function getGroup(req: SandboxRequest): HandlerResult {
  return { body: groupJson(req.state, findGroupOrFail(req)) };
}

function listSubgroups(req: SandboxRequest): HandlerResult {
  const r = new ParamReader(req.input());
  const page = readPage(r);
  r.done();
  const g = findGroupOrFail(req);
  const items = [...req.state.namespaces.values()].filter((ns) => ns.kind === 'group' && ns.parentId === g.id && canSeeGroup(req.state, req.user, ns));
  return offsetPage(req, page, items, (ns) => groupJson(req.state, ns));
}

function listGroupProjects(req: SandboxRequest): HandlerResult {
  const r = new ParamReader(req.input());
  const page = readPage(r);
  const includeSubgroups = r.bool('include_subgroups') ?? false;
  const simple = r.bool('simple') ?? false;
  r.done();
  const { state, user } = req;
  const g = findGroupOrFail(req);
  const within = new Set([g.id, ...(includeSubgroups ? descendants(state, g).map((d) => d.id) : [])]);
  const items = state.projects.filter((p) => within.has(p.namespaceId) && !p.pendingDelete && !p.hidden && state.canSee(user, p));
  const render = !user || simple ? (p: (typeof items)[number]) => simpleProject(state, p) : (p: (typeof items)[number]) => fullProject(state, p, { user });
  return offsetPage(req, page, items, render);
}

export const groupsModule: SandboxModule = {
  name: 'groups',
  register(router: Router) {
    router.get('/groups/:id', getGroup, { auth: 'optional' });
    router.get('/groups/:id/subgroups', listSubgroups, { auth: 'optional' });
    router.get('/groups/:id/projects', listGroupProjects, { auth: 'optional' });
  },
};
