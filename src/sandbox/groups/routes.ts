// Groups: GET /groups (list and search), /groups/:id, /groups/:id/subgroups, /groups/:id/projects
// (doc/api/groups.md). A migration's destination asks its source instance for these (as GitLab's
// direct transfer reads the source), so one sandbox can act as the source of another.

import { findGroupOrFail } from '../access/groups.js';
import { canReadGroup } from '../access/policy.js';
import { invalidParams } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { HandlerResult, Router, SandboxRequest } from '../http/router.js';
import type { SandboxState } from '../state.js';
import { ACCESS, VISIBILITIES, type Group, type Namespace, type Visibility } from '../types.js';
import { fullProject, simpleProject } from '../projects/entity.js';

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

/** GroupDetail: `projects` (deprecated, at most 100, left out with with_projects=false) lists what the caller sees directly in the group. */
function groupDetail(req: SandboxRequest, g: Namespace, withProjects: boolean): Record<string, unknown> {
  const { state, user } = req;
  const out: Record<string, unknown> = { ...groupJson(state, g), shared_with_groups: [], prevent_sharing_groups_outside_hierarchy: false };
  if (withProjects) {
    const projects = state.projects.filter((p) => p.namespaceId === g.id && !p.pendingDelete && !p.hidden && state.canSee(user, p)).slice(0, 100);
    out.projects = projects.map((p) => (user ? fullProject(state, p, { user }) : simpleProject(state, p)));
    out.shared_projects = [];
  }
  return out;
}

const GROUP_ORDER_BY = ['name', 'path', 'id', 'similarity'] as const;

/**
 * GET /groups and /groups/:id/subgroups share GitLab's GroupsFinder parameters. Anonymous callers
 * get public groups; administrators every group; others, on GET /groups without all_available,
 * the groups they are a member of (directly or through a parent), with it every group they can
 * read. Subgroups list every readable child unless a membership filter is given.
 */
function listGroupsWhere(req: SandboxRequest, parent: Namespace | null): HandlerResult {
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
  const membership = parent === null && !!user && !user.admin && !(allAvailable ?? false);
  const needle = search?.toLowerCase();
  const items = [...state.namespaces.values()].filter((ns) => {
    if (ns.kind !== 'group' || skip.has(ns.id) || !canReadGroup(state, user, ns)) return false;
    if (parent !== null && ns.parentId !== parent.id) return false;
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

const listGroups = (req: SandboxRequest): HandlerResult => listGroupsWhere(req, null);

function getGroup(req: SandboxRequest): HandlerResult {
  const r = new ParamReader(req.input());
  const withProjects = r.bool('with_projects') ?? true;
  r.bool('with_custom_attributes');
  r.done();
  return { body: groupDetail(req, findGroupOrFail(req), withProjects) };
}

function listSubgroups(req: SandboxRequest): HandlerResult {
  return listGroupsWhere(req, findGroupOrFail(req));
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
