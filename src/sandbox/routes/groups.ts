// Groups: GET /groups (list and search), /groups/:id, /groups/:id/subgroups, /groups/:id/projects
// (doc/api/groups.md). A migration's destination asks its source instance for these (as GitLab's
// direct transfer reads the source), so one sandbox can act as the source of another.

import { findGroupOrFail } from '../access/groups.js';
import { canReadGroup } from '../access/policy.js';
import { invalidParams } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import type { SandboxModule } from '../modules.js';
import type { HandlerResult, Router, SandboxRequest } from '../router.js';
import type { SandboxState } from '../state.js';
import { ACCESS, VISIBILITIES, type Group, type Namespace, type Visibility } from '../types.js';
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

/** GitLab's Group entity (lists); GET /groups/:id adds GroupDetail's fields. */
export function groupJson(state: SandboxState, g: Namespace): Record<string, unknown> {
  const fullPath = state.fullPath(g);
  return {
    id: g.id,
    web_url: `${state.baseUrl}/groups/${fullPath}`,
    name: g.name,
    path: g.path,
    description: g.description,
    visibility: g.visibility,
    share_with_group_lock: false,
    require_two_factor_authentication: false,
    two_factor_grace_period: 48,
    project_creation_level: 'developer',
    auto_devops_enabled: null,
    subgroup_creation_level: 'maintainer',
    emails_disabled: false,
    emails_enabled: true,
    mentions_disabled: null,
    lfs_enabled: true,
    default_branch: null,
    default_branch_protection: 2,
    avatar_url: g.avatarUrl,
    request_access_enabled: true,
    full_name: state.fullName(g),
    full_path: fullPath,
    created_at: iso(g.createdAt),
    parent_id: g.parentId,
    organization_id: 1,
    shared_runners_setting: 'enabled',
    ldap_cn: null,
    ldap_access: null,
    wiki_access_level: 'enabled',
  };
}

function groupDetail(state: SandboxState, g: Namespace): Record<string, unknown> {
  return { ...groupJson(state, g), shared_with_groups: [], prevent_sharing_groups_outside_hierarchy: false, shared_projects: [] };
}

const GROUP_ORDER_BY = ['name', 'path', 'id', 'similarity'] as const;

/**
 * GET /groups. Anonymous callers get public groups; administrators every group; others, without
 * all_available, the groups they are a member of (directly or through a parent), with it, every
 * group they can read.
 */
function listGroups(req: SandboxRequest): HandlerResult {
  const r = new ParamReader(req.input());
  const page = readPage(r);
  const search = r.string('search');
  const allAvailable = r.bool('all_available');
  const owned = r.bool('owned') ?? false;
  const minAccess = r.int('min_access_level');
  const topLevelOnly = r.bool('top_level_only') ?? false;
  const skip = new Set((r.list('skip_groups') ?? []).map(Number));
  const visibility = r.string('visibility');
  const orderBy = r.string('order_by') ?? 'name';
  const sort = r.string('sort') ?? 'asc';
  r.bool('statistics');
  r.bool('with_custom_attributes');
  r.done();
  const errors: string[] = [];
  if (visibility !== undefined && !VISIBILITIES.includes(visibility as Visibility)) errors.push('visibility does not have a valid value');
  if (!(GROUP_ORDER_BY as readonly string[]).includes(orderBy)) errors.push('order_by does not have a valid value');
  if (sort !== 'asc' && sort !== 'desc') errors.push('sort does not have a valid value');
  if (errors.length) throw invalidParams(errors);

  const { state, user } = req;
  const membership = !!user && !user.admin && !(allAvailable ?? false);
  const needle = search?.toLowerCase();
  const items = [...state.namespaces.values()].filter((ns) => {
    if (ns.kind !== 'group' || skip.has(ns.id) || !canReadGroup(state, user, ns)) return false;
    if (topLevelOnly && ns.parentId !== null) return false;
    if (visibility && ns.visibility !== visibility) return false;
    if (needle && !ns.name.toLowerCase().includes(needle) && !ns.path.toLowerCase().includes(needle)) return false;
    const level = state.memberAccess(user, ns);
    if ((membership || owned || minAccess !== undefined) && level < ACCESS.guest) return false;
    if (owned && level < ACCESS.owner) return false;
    if (minAccess !== undefined && level < minAccess) return false;
    return true;
  });
  const key = (g: Namespace): string | number => (orderBy === 'id' ? g.id : orderBy === 'path' ? state.fullPath(g).toLowerCase() : state.fullName(g).toLowerCase());
  items.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const c = x < y ? -1 : x > y ? 1 : a.id - b.id;
    return sort === 'asc' ? c : -c;
  });
  return offsetPage(req, page, items, (g) => groupJson(state, g));
}

function getGroup(req: SandboxRequest): HandlerResult {
  const r = new ParamReader(req.input());
  r.bool('with_projects');
  r.bool('with_custom_attributes');
  r.done();
  return { body: groupDetail(req.state, findGroupOrFail(req)) };
}

function listSubgroups(req: SandboxRequest): HandlerResult {
  const r = new ParamReader(req.input());
  const page = readPage(r);
  const search = r.string('search')?.toLowerCase();
  r.bool('all_available');
  r.done();
  const g = findGroupOrFail(req);
  const items = [...req.state.namespaces.values()].filter(
    (ns) => ns.kind === 'group' && ns.parentId === g.id && canReadGroup(req.state, req.user, ns) && (!search || ns.name.toLowerCase().includes(search) || ns.path.toLowerCase().includes(search)),
  );
  return offsetPage(req, page, items, (ns) => groupJson(req.state, ns));
}

function listGroupProjects(req: SandboxRequest): HandlerResult {
  const r = new ParamReader(req.input());
  const page = readPage(r);
  const includeSubgroups = r.bool('include_subgroups') ?? false;
  const simple = r.bool('simple') ?? false;
  const search = r.string('search')?.toLowerCase();
  const archived = r.bool('archived');
  r.string('order_by');
  r.string('sort');
  r.bool('with_shared');
  r.done();
  const { state, user } = req;
  const g: Group = findGroupOrFail(req);
  const within = new Set([g.id, ...(includeSubgroups ? descendants(state, g).map((d) => d.id) : [])]);
  const items = state.projects.filter(
    (p) =>
      within.has(p.namespaceId) &&
      !p.pendingDelete &&
      !p.hidden &&
      state.canSee(user, p) &&
      (archived === undefined || p.archived === archived) &&
      (!search || p.name.toLowerCase().includes(search) || p.path.toLowerCase().includes(search)),
  );
  const render = !user || simple ? (p: (typeof items)[number]) => simpleProject(state, p) : (p: (typeof items)[number]) => fullProject(state, p, { user });
  return offsetPage(req, page, items, render);
}

export const groupsModule: SandboxModule = {
  name: 'groups',
  register(router: Router) {
    router.get('/groups', listGroups, { auth: 'optional' });
    router.get('/groups/:id', getGroup, { auth: 'optional' });
    router.get('/groups/:id/subgroups', listSubgroups, { auth: 'optional' });
    router.get('/groups/:id/projects', listGroupProjects, { auth: 'optional' });
  },
};
