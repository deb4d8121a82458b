// Who a token is and what an instance holds, as the migration wizard asks a source and a
// destination: the current user, the instance version, groups and projects by path or by search.
// Schemas are lenient: older instances and lower tiers leave fields out.

import * as z from 'zod';
import { ApiError, CancelledError } from '../core/errors.js';
import type { HttpClient } from '../core/http.js';
import { encodePathSegment } from '../core/query.js';
import { ProjectSchema, getProject, type Project } from './projects.js';
import { listOf, parseResponse } from './schema.js';

export const CurrentUserSchema = z.looseObject({
  id: z.number(),
  username: z.string(),
  name: z.string().optional(),
  is_admin: z.boolean().optional(),
  can_create_group: z.boolean().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const VersionSchema = z.looseObject({ version: z.string(), revision: z.string().optional() });

export const GroupSchema = z.looseObject({
  id: z.number(),
  full_path: z.string(),
  name: z.string().optional(),
  path: z.string().optional(),
  visibility: z.string().optional(),
});
export type Group = z.infer<typeof GroupSchema>;

/** Role levels of GitLab (Maintainer may create subgroups and projects in a group). */
export const MAINTAINER = 40;

export async function getCurrentUser(http: HttpClient): Promise<CurrentUser> {
  return parseResponse(CurrentUserSchema, await http.get('/user'), 'GET /user');
}

/** The instance's version; null when the instance does not say (older ones, or the endpoint off). */
export async function getVersion(http: HttpClient): Promise<string | null> {
  try {
    const v = VersionSchema.safeParse(await http.get('/version'));
    return v.success ? v.data.version : null;
  } catch (e) {
    // Ctrl-C is not "no version".
    if (e instanceof CancelledError) throw e;
    return null;
  }
}

/** GET /version without credentials: resolves when the URL answers as an API v4 instance, else throws (a 401 is an answer too). */
export async function pingVersion(http: HttpClient): Promise<void> {
  await http.request({ path: '/version', authenticate: false });
}

export async function getGroup(http: HttpClient, fullPath: string): Promise<Group> {
  const path = `/groups/${encodePathSegment(fullPath)}`;
  // with_projects=false: older instances embed every project of the group otherwise.
  return parseResponse(GroupSchema, await http.get(path, { with_projects: false }), `GET ${path}`);
}

/** What is at a full path: a group, else a project, else null (404 for both). Other errors are thrown. */
export async function entityAt(http: HttpClient, fullPath: string): Promise<'group' | 'project' | null> {
  for (const kind of ['group', 'project'] as const) {
    try {
      await (kind === 'group' ? getGroup(http, fullPath) : getProject(http, fullPath));
      return kind;
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) throw e;
    }
  }
  return null;
}

interface GroupFilter {
  minAccessLevel?: number;
  allAvailable?: boolean;
}

/** Groups read in path order until `o.maxRead` (every one when unset). */
function groupPages(http: HttpClient, search: string | undefined, f: GroupFilter, maxRead?: number): AsyncGenerator<Group> {
  const query = { search: search || undefined, all_available: f.allAvailable || undefined, min_access_level: f.minAccessLevel, order_by: 'path', sort: 'asc' };
  return listOf(GroupSchema, http, '/groups', query, maxRead ? { limit: maxRead, perPage: 100 } : { all: true, perPage: 100 });
}

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const contains = (fullPath: string, term: string) => fullPath.toLowerCase().includes(term.toLowerCase());

/**
 * Up to `max` groups whose full path contains `term` (any group when empty), optionally only those where the
 * caller has the role. The service's search matches a name or path, not a full path, so the last segment
 * is searched and the full path filtered here, reading on past page one (up to 1,000 groups) until
 * `max` match. For non-administrators the service lists only their own groups unless `allAvailable`.
 */
export async function searchGroups(http: HttpClient, term: string, o: GroupFilter & { max?: number } = {}): Promise<Group[]> {
  const max = o.max ?? 20;
  const out: Group[] = [];
  for await (const g of groupPages(http, lastSegment(term), o, 1000)) {
    if (contains(g.full_path, term)) out.push(g);
    if (out.length >= max) break;
  }
  return out;
}

/** Every group an administrator can see, in path order. */
export function listAllGroups(http: HttpClient): AsyncGenerator<Group> {
  return groupPages(http, undefined, { allAvailable: true });
}

/**
 * Whether the caller has at least `minAccessLevel` in the group at `fullPath`, reading every page of
 * the search: someone with Maintainer in many groups named alike must not be refused because of page one.
 */
export async function hasGroupRole(http: HttpClient, fullPath: string, minAccessLevel: number): Promise<boolean> {
  for await (const g of groupPages(http, lastSegment(fullPath), { minAccessLevel })) {
    if (g.full_path.toLowerCase() === fullPath.toLowerCase()) return true;
  }
  return false;
}

/** Up to `max` projects whose path with namespace contains `term`, read past page one like searchGroups. */
export async function searchProjects(http: HttpClient, term: string, o: { max?: number } = {}): Promise<Project[]> {
  const max = o.max ?? 20;
  const search = lastSegment(term) || undefined;
  // Not simple: simple answers leave out the visibility the wizard shows.
  const query = { search, search_namespaces: search ? true : undefined, order_by: 'path', sort: 'asc' };
  const out: Project[] = [];
  for await (const p of listOf(ProjectSchema, http, '/projects', query, { limit: 1000, perPage: 100 })) {
    if (contains(p.path_with_namespace ?? '', term)) out.push(p);
    if (out.length >= max) break;
  }
  return out;
}

/** The number of projects of a group and its subgroups, from X-Total; null when the instance leaves it out. */
export async function countGroupProjects(http: HttpClient, fullPath: string): Promise<number | null> {
  const res = await http.request({ method: 'GET', path: `/groups/${encodePathSegment(fullPath)}/projects`, query: { include_subgroups: true, per_page: 1, simple: true } });
  const total = Number(res.headers['x-total']);
  return Number.isFinite(total) && res.headers['x-total'] !== undefined && res.headers['x-total'] !== '' ? total : null;
}
