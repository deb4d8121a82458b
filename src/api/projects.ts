// Project listing (spec part 3 §2.7, §4.6).

import * as z from 'zod';
import { ApiError, CommandFailedError, PartialListError } from '../core/errors.js';
import type { HttpClient } from '../core/http.js';
import { paginate, type KeysetOptions, type PageOptions } from '../core/paginate.js';
import { encodePathSegment, type QueryParams } from '../core/query.js';
import { listOf, pageChecker, parseResponse } from './schema.js';

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

/**
 * Whether the list is read in id order so that paging can switch to keyset past the offset limit:
 * when the caller asked for id order, or for --all in the service's order (keyset exists only by id).
 * --limit and --page alone keep the order asked for, the service's default included.
 */
export function readsInIdOrder(query: QueryParams, page: PageOptions): boolean {
  return query.order_by === 'id' || (query.order_by === undefined && !!page.all);
}

export function listProjects(http: HttpClient, query: QueryParams, page: PageOptions): AsyncGenerator<Project> {
  // Newest first unless asked otherwise, as the service sorts by default; the offset pages come in
  // the same order, so a switch to keyset goes on after the last project printed.
  const sort = query.sort ?? 'desc';
  const id = (p: unknown) => (p as { id: number }).id;
  const keyset: KeysetOptions | undefined = readsInIdOrder(query, page)
    ? {
        maxOffsetItems: PROJECTS_OFFSET_LIMIT,
        orderBy: 'id',
        query: { ...query, order_by: undefined, sort },
        after: (last) => (sort === 'desc' ? { id_before: id(last) } : { id_after: id(last) }),
        resume: (last) => (sort === 'desc' ? `--order-by id --id-before ${id(last)}` : `--order-by id --sort asc --id-after ${id(last)}`),
        // id_after and id_before both filter (spec part 3 §4.6): past the counted pages, read by id ranges at once.
        idRange: { id, descending: sort === 'desc' },
      }
    : undefined;
  // Each page is checked once as it arrives: thousands of projects need no check step per item.
  return offsetLimited(paginate<Project>(http, '/projects', query, { ...page, keyset, checkItems: pageChecker(ProjectSchema, 'GET /projects') }));
}

/**
 * In any order but id, the service refuses offset pages past its limit (405): say why the list
 * stopped and how to read further, instead of offering to resume at a page that fails the same way.
 */
async function* offsetLimited<T>(items: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    yield* items;
  } catch (err) {
    const cause = err instanceof PartialListError ? err.cause : err;
    if (!(cause instanceof ApiError) || cause.status !== 405 || !/offset/i.test(cause.message)) throw err;
    const limit = Number(/offset of (\d+)/.exec(cause.message)?.[1] ?? PROJECTS_OFFSET_LIMIT);
    const clear = new CommandFailedError(
      `the service lists at most ${limit.toLocaleString('en-US')} projects by page number (${cause.status})`,
      'past that only id order is read (by keyset): --all without --order-by, or --order-by id with --all or --limit',
    );
    throw err instanceof PartialListError ? new PartialListError(clear, err.page) : clear;
  }
}

export function listUserProjects(http: HttpClient, user: string, query: QueryParams, page: PageOptions): AsyncGenerator<Project> {
  const path = `/users/${encodePathSegment(user)}/projects`;
  return listOf(ProjectSchema, http, path, query, page);
}

export async function getProject(http: HttpClient, idOrPath: string | number): Promise<Project> {
  const path = `/projects/${encodePathSegment(idOrPath)}`;
  return parseResponse(ProjectSchema, await http.get(path), `GET ${path}`);
}
