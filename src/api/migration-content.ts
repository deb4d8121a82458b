// What direct transfer moves, counted and listed on either instance (issue 43): subgroups and projects
// of a group, merge requests by state and releases of a project, epics and wiki pages of a group.
// Counts come from a list's X-Total with per_page=1; a list that leaves it out is paged to the end.
// Lists follow the Link headers, whatever the counts say.

import * as z from 'zod';
import { ApiError } from '../core/errors.js';
import type { HttpClient } from '../core/http.js';
import { collect } from '../core/paginate.js';
import { encodePathSegment, type QueryParams } from '../core/query.js';
import { listOf, parseResponse } from './schema.js';

export const MR_STATES = ['opened', 'closed', 'merged', 'locked'] as const;
export type MrState = (typeof MR_STATES)[number];

/** One countable relation of a group or project, and how to list it. */
export interface Relation {
  /** `merge_requests opened`, `releases`, `epics`, `wiki pages`, `subgroups`, `projects`. */
  name: string;
  path: (fullPath: string) => string;
  query: QueryParams;
  /** Lists without paging (group wikis): counted by their length. */
  unpaged?: boolean;
  /** What names an item: iid, tag or slug; and its title. */
  key: (item: Record<string, unknown>) => string;
  title: (item: Record<string, unknown>) => string;
  /** What makes two items the same one, where the key alone does not (an iid and its title); else the key. */
  identity?: (item: Record<string, unknown>) => string;
}

const proj = (p: string) => `/projects/${encodePathSegment(p)}`;
const grp = (p: string) => `/groups/${encodePathSegment(p)}`;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export const PROJECT_RELATIONS: Relation[] = [
  ...MR_STATES.map(
    (state): Relation => ({
      name: `merge_requests ${state}`,
      path: (p) => `${proj(p)}/merge_requests`,
      query: { state, scope: 'all' },
      key: (i) => str(i.iid),
      title: (i) => str(i.title),
      identity: (i) => `${str(i.iid)} ${str(i.title)}`,
    }),
  ),
  { name: 'releases', path: (p) => `${proj(p)}/releases`, query: {}, key: (i) => str(i.tag_name), title: (i) => str(i.name ?? i.tag_name) },
];

export const GROUP_RELATIONS: Relation[] = [
  { name: 'subgroups', path: (p) => `${grp(p)}/subgroups`, query: { all_available: true }, key: (i) => str(i.path), title: (i) => str(i.full_path ?? i.name) },
  { name: 'projects', path: (p) => `${grp(p)}/projects`, query: { simple: true, with_shared: false }, key: (i) => str(i.path), title: (i) => str(i.path_with_namespace ?? i.name) },
  {
    name: 'epics',
    path: (p) => `${grp(p)}/epics`,
    query: { state: 'all', include_descendant_groups: false },
    key: (i) => str(i.iid),
    title: (i) => str(i.title),
    identity: (i) => `${str(i.iid)} ${str(i.title)}`,
  },
  { name: 'wiki pages', path: (p) => `${grp(p)}/wikis`, query: {}, unpaged: true, key: (i) => str(i.slug), title: (i) => str(i.title) },
];

/** Every project of a group's tree, subgroups' included: what a group entity brings with migrate_projects. */
export const TREE_PROJECTS: Relation = {
  name: 'projects',
  path: (p) => `${grp(p)}/projects`,
  query: { simple: true, include_subgroups: true, with_shared: false },
  key: (i) => str(i.path_with_namespace ?? i.path),
  title: (i) => str(i.path_with_namespace ?? i.name),
};

export const relationNamed = (name: string, list: Relation[]): Relation => list.find((r) => r.name === name)!;

const ItemSchema = z.looseObject({});

/** What a count found: a number, `absent` (404: the group or project is not there), `unavailable` (403: a feature off or a tier without it). */
export type Count = number | 'absent' | 'unavailable';

function countFailure(e: unknown): 'absent' | 'unavailable' {
  if (e instanceof ApiError && e.status === 404) return 'absent';
  if (e instanceof ApiError && e.status === 403) return 'unavailable';
  throw e;
}

/** An unpaged list's items; JSON that is no list (a gateway's `{"message":"OK"}`) is an error, not 0 items. */
function unpagedItems(data: unknown, r: Relation, fullPath: string): Record<string, unknown>[] {
  return parseResponse(z.array(ItemSchema), data, `GET ${r.path(fullPath)}`);
}

/** The number of items of a relation: one request where the list tells its total. */
export async function countRelation(http: HttpClient, r: Relation, fullPath: string): Promise<Count> {
  try {
    const res = await http.request({ method: 'GET', path: r.path(fullPath), query: r.unpaged ? r.query : { ...r.query, per_page: 1 } });
    if (r.unpaged) return unpagedItems(res.data, r, fullPath).length;
    const raw = res.headers['x-total'];
    const total = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
    if (Number.isInteger(total) && total >= 0) return total;
    return (await listRelation(http, r, fullPath)).length;
  } catch (e) {
    return countFailure(e);
  }
}

/** Every item of a relation, paged by the Link headers (not by the counts). */
export async function listRelation(http: HttpClient, r: Relation, fullPath: string): Promise<Record<string, unknown>[]> {
  if (r.unpaged) return unpagedItems((await http.request({ method: 'GET', path: r.path(fullPath), query: r.query })).data, r, fullPath);
  return collect(listOf(ItemSchema, http, r.path(fullPath), r.query, { all: true, perPage: 100 }));
}

/** A relation's items, or why it could not be listed (as a count says it). */
export type Listed = Record<string, unknown>[] | 'absent' | 'unavailable';

export async function listOrFailure(http: HttpClient, r: Relation, fullPath: string): Promise<Listed> {
  try {
    return await listRelation(http, r, fullPath);
  } catch (e) {
    return countFailure(e);
  }
}

export const identityOf = (r: Relation, item: Record<string, unknown>): string => (r.identity ?? r.key)(item);
