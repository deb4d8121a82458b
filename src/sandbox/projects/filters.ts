// The project-list parameters of spec part 3 §4.6, read with Grape's rules and applied as
// GitLab's ProjectsFinder and API::Projects apply them.

import { badRequest } from '../http/errors.js';
import { ParamReader } from '../http/params.js';
import type { SandboxState } from '../state.js';
import { ACCESS, VISIBILITIES, type Project, type User, type Visibility } from '../types.js';
import { projectStatistics } from './entity.js';

export const ORDER_BY = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at', 'similarity', 'star_count', 'repository_size', 'storage_size', 'packages_size', 'wiki_size'] as const;
/** Spec part 3 §4.6 lists fewer orders for GET /users/:user_id/projects. */
export const USER_ORDER_BY = ['id', 'name', 'path', 'created_at', 'updated_at', 'last_activity_at'] as const;
/** Orders by repository statistics: administrators only, others silently get the default. */
const STATISTICS_ORDER = new Set(['repository_size', 'storage_size', 'packages_size', 'wiki_size']);
const ACCESS_VALUES = [0, 5, 10, 15, 20, 30, 40, 50];

export interface ProjectQuery {
  archived?: boolean;
  visibility?: Visibility;
  search?: string;
  searchNamespaces?: boolean;
  owned?: boolean;
  starred?: boolean;
  imported?: boolean;
  membership?: boolean;
  withIssuesEnabled?: boolean;
  withMergeRequestsEnabled?: boolean;
  language?: string;
  minAccessLevel?: number;
  idAfter?: number;
  idBefore?: number;
  lastActivityAfter?: number;
  lastActivityBefore?: number;
  updatedAfter?: number;
  updatedBefore?: number;
  repositoryStorage?: string;
  topics?: string[];
  topicId?: number;
  includePendingDelete?: boolean;
  includeHidden?: boolean;
  customAttributes?: Record<string, string>;
  withCustomAttributes?: boolean;
  simple?: boolean;
  statistics?: boolean;
  orderBy: string;
  /** Whether order_by was given (GitLab's updated_at pairing rule looks at the declared value). */
  orderByGiven: boolean;
  sort: 'asc' | 'desc';
}

export function readProjectQuery(r: ParamReader, orders: readonly string[]): ProjectQuery {
  const q: ProjectQuery = {
    archived: r.bool('archived'),
    visibility: r.oneOf('visibility', VISIBILITIES),
    search: r.string('search'),
    searchNamespaces: r.bool('search_namespaces'),
    owned: r.bool('owned'),
    starred: r.bool('starred'),
    imported: r.bool('imported'),
    membership: r.bool('membership'),
    withIssuesEnabled: r.bool('with_issues_enabled'),
    withMergeRequestsEnabled: r.bool('with_merge_requests_enabled'),
    language: r.string('with_programming_language'),
    minAccessLevel: r.intOneOf('min_access_level', ACCESS_VALUES),
    idAfter: r.int('id_after'),
    idBefore: r.int('id_before'),
    lastActivityAfter: r.datetime('last_activity_after'),
    lastActivityBefore: r.datetime('last_activity_before'),
    updatedAfter: r.datetime('updated_after'),
    updatedBefore: r.datetime('updated_before'),
    repositoryStorage: r.string('repository_storage'),
    topics: r.list('topic'),
    topicId: r.int('topic_id'),
    includePendingDelete: r.bool('include_pending_delete'),
    includeHidden: r.bool('include_hidden'),
    customAttributes: r.hash('custom_attributes'),
    withCustomAttributes: r.bool('with_custom_attributes'),
    simple: r.bool('simple'),
    statistics: r.bool('statistics'),
    orderBy: r.oneOf('order_by', orders) ?? 'created_at',
    orderByGiven: r.string('order_by') !== undefined,
    sort: r.oneOf('sort', ['asc', 'desc'] as const) ?? 'desc',
  };
  r.done();
  return q;
}

/** GET /projects only (API::Projects#validate_updated_at_order_and_filter!). */
export function checkUpdatedAtPairing(q: ProjectQuery): void {
  if ((q.updatedAfter !== undefined || q.updatedBefore !== undefined) && q.orderBy !== 'updated_at') {
    throw badRequest('`updated_at` filter and `updated_at` sorting must be paired');
  }
}

function searchMatches(state: SandboxState, p: Project, term: string, namespaces: boolean): boolean {
  const t = term.toLowerCase();
  if (p.name.toLowerCase().includes(t) || p.path.toLowerCase().includes(t) || (p.description ?? '').toLowerCase().includes(t)) return true;
  return namespaces && state.projectPath(p).toLowerCase().includes(t);
}

function similarity(p: Project, term: string): number {
  const t = term.toLowerCase();
  const name = p.name.toLowerCase();
  const path = p.path.toLowerCase();
  if (name === t || path === t) return 3;
  if (name.startsWith(t) || path.startsWith(t)) return 2;
  return name.includes(t) || path.includes(t) ? 1 : 0;
}

/** Index of the first of `sorted` (in id order) whose id is greater than `id`. */
function firstIdAbove(sorted: readonly Project[], id: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid].id > id) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Filters and orders `candidates` (in id order) for `user`; returns a new array. */
export function applyProjectQuery(state: SandboxState, user: User | null, candidates: readonly Project[], q: ProjectQuery): Project[] {
  const admin = !!user?.admin;
  // Similarity ordering needs a search and a signed-in caller, and is limited to member projects.
  const bySimilarity = q.orderBy === 'similarity' && !!q.search && !!user;
  const membership = q.membership || bySimilarity;
  const personal = (q.owned || q.starred || q.imported || membership || q.minAccessLevel !== undefined) && !user;
  if (personal) return [];
  const topicIdName = q.topicId === undefined ? undefined : [...state.topics].find(([, id]) => id === q.topicId)?.[0];
  if (q.topicId !== undefined && topicIdName === undefined) return [];
  const topics = q.topics?.map((t) => t.toLowerCase());
  const needsMembership = membership || !!q.owned || q.minAccessLevel !== undefined;

  // Candidates are in id order (ids only grow): id_after/id_before narrow them by bisection, as the
  // database's primary key index does, so a bounded id range costs what it holds, not the instance.
  const from = q.idAfter === undefined ? 0 : firstIdAbove(candidates, q.idAfter);
  const to = q.idBefore === undefined ? candidates.length : firstIdAbove(candidates, q.idBefore - 1);
  const out: Project[] = [];
  for (let i = from; i < to; i++) {
    const p = candidates[i];
    if (p.pendingDelete && !(admin && q.includePendingDelete)) continue;
    if (p.hidden && !(admin && q.includeHidden)) continue;
    if (!state.canSee(user, p)) continue;
    if (q.archived !== undefined && p.archived !== q.archived) continue;
    if (q.visibility && p.visibility !== q.visibility) continue;
    if (q.idAfter !== undefined && !(p.id > q.idAfter)) continue;
    if (q.idBefore !== undefined && !(p.id < q.idBefore)) continue;
    if (q.lastActivityAfter !== undefined && !(p.lastActivityAt > q.lastActivityAfter)) continue;
    if (q.lastActivityBefore !== undefined && !(p.lastActivityAt < q.lastActivityBefore)) continue;
    if (q.updatedAfter !== undefined && !(p.updatedAt > q.updatedAfter)) continue;
    if (q.updatedBefore !== undefined && !(p.updatedAt < q.updatedBefore)) continue;
    if (q.withIssuesEnabled && !p.issuesEnabled) continue;
    if (q.withMergeRequestsEnabled && !p.mergeRequestsEnabled) continue;
    if (q.language && (p.language ?? '').toLowerCase() !== q.language.toLowerCase()) continue;
    if (topics && !topics.every((t) => p.topics.some((pt) => pt.toLowerCase() === t))) continue;
    if (topicIdName && !p.topics.some((pt) => pt.toLowerCase() === topicIdName)) continue;
    if (q.search && !searchMatches(state, p, q.search, !!q.searchNamespaces)) continue;
    if (user && needsMembership) {
      const member = state.memberAccess(user, p);
      if (membership && member < ACCESS.guest) continue;
      if (q.owned && member < ACCESS.owner) continue;
      if (q.minAccessLevel !== undefined && member < q.minAccessLevel) continue;
    }
    if (user && q.starred && !user.starred.has(p.id)) continue;
    if (user && q.imported && !(p.creatorId === user.id && p.importType !== null)) continue;
    // Administrator-only filters; ignored for others, as GitLab drops them.
    if (admin && q.repositoryStorage && q.repositoryStorage !== 'default') continue;
    if (admin && q.customAttributes && !Object.entries(q.customAttributes).every(([k, v]) => p.customAttributes?.[k] === v)) continue;
    out.push(p);
  }
  return sortProjects(out, q, admin, bySimilarity);
}

function sortProjects(list: Project[], q: ProjectQuery, admin: boolean, bySimilarity: boolean): Project[] {
  if (bySimilarity) {
    const term = q.search ?? '';
    return list.sort((a, b) => similarity(b, term) - similarity(a, term) || b.id - a.id);
  }
  let orderBy = q.orderBy === 'similarity' ? 'created_at' : q.orderBy;
  if (STATISTICS_ORDER.has(orderBy) && !admin) orderBy = 'created_at';
  const dir = q.sort === 'asc' ? 1 : -1;
  const key = sortKey(orderBy);
  // Projects are stored in id order, so the id order needs no sort at all.
  if (orderBy === 'id') return dir === 1 ? list : list.reverse();
  return list.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c = ka < kb ? -1 : ka > kb ? 1 : 0;
    return (c || a.id - b.id) * dir;
  });
}

function sortKey(orderBy: string): (p: Project) => number | string {
  switch (orderBy) {
    case 'name':
      return (p) => p.name.toLowerCase();
    case 'path':
      return (p) => p.path.toLowerCase();
    case 'updated_at':
      return (p) => p.updatedAt;
    case 'last_activity_at':
      return (p) => p.lastActivityAt;
    case 'star_count':
      return (p) => p.starCount;
    case 'repository_size':
    case 'storage_size':
    case 'packages_size':
    case 'wiki_size':
      return (p) => projectStatistics(p)[orderBy];
    default:
      return (p) => p.createdAt;
  }
}
