// Project listing (spec part 3 §2.7, §4.6).

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import { paginate, type KeysetOptions, type PageOptions } from '../core/paginate.js';
import { encodePathSegment, type QueryParams } from '../core/query.js';
import { parseEach, parseResponse } from './schema.js';

export const ProjectSchema = z.looseObject({
  id: z.number(),
  name: z.string().optional(),
  path: z.string().optional(),
  path_with_namespace: z.string().optional(),
  visibility: z.string().optional(),
  archived: z.boolean().optional(),
  default_branch: z.string().nullable().optional(),
  last_activity_at: z.string().nullable().optional(),
  web_url: z.string().optional(),
});
export type Project = z.infer<typeof ProjectSchema>;

/** Offset paging of projects stops at 50,000 records (spec part 3 §8); beyond it only keyset works. */
export const PROJECTS_OFFSET_LIMIT = 50_000;

export function listProjects(http: HttpClient, query: QueryParams, page: PageOptions): AsyncGenerator<Project> {
  const orderBy = query.order_by;
  // Keyset paging of projects exists only with order_by=id; switch to it only when the caller did
  // not ask for another order.
  // not ask for another order. Then the offset pages come in id order too, so the switch goes on
  // after the last project printed (`id_after`, or `id_before` descending).
  const sort = query.sort ?? 'asc';
  const id = (p: unknown) => (p as { id: number }).id;
  const keyset: KeysetOptions | undefined =
    orderBy === undefined || orderBy === 'id'
      ? {
          maxOffsetItems: PROJECTS_OFFSET_LIMIT,
          orderBy: 'id',
          query: { ...query, order_by: undefined, sort },
          after: (last) => (sort === 'desc' ? { id_before: id(last) } : { id_after: id(last) }),
          resume: (last) => (sort === 'desc' ? `--order-by id --sort desc --id-before ${id(last)}` : `--order-by id --id-after ${id(last)}`),
        }
      : undefined;
  return parseEach(ProjectSchema, paginate(http, '/projects', query, { ...page, keyset }), 'GET /projects');
}

export function listUserProjects(http: HttpClient, user: string, query: QueryParams, page: PageOptions): AsyncGenerator<Project> {
  const path = `/users/${encodePathSegment(user)}/projects`;
  return parseEach(ProjectSchema, paginate(http, path, query, page), `GET ${path}`);
}

export async function getProject(http: HttpClient, idOrPath: string | number): Promise<Project> {
  const path = `/projects/${encodePathSegment(idOrPath)}`;
  return parseResponse(ProjectSchema, await http.get(path), `GET ${path}`);
}
