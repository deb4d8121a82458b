// Pagination of every list (spec part 1 §9), as GitLab does it:
// - offset: `page`/`per_page` (default 20, at most 100), headers X-Page, X-Per-Page, X-Next-Page,
//   X-Prev-Page (empty when none), X-Total, X-Total-Pages and `Link` (prev/next/first/last).
//   Above 10,000 records (state.instance.countLimit) the totals and rel="last" are left out (Kaminari's count limit,
//   lib/gitlab/pagination/offset_pagination.rb). Link query strings are rebuilt sorted by key, as
//   Rails' `to_query` does.
// - an offset ceiling for types that support keyset (projects: page × per_page above 50,000 is
//   refused with 405, lib/api/helpers/pagination_strategies.rb);
// - keyset (`pagination=keyset`) where the endpoint supports it; else 405.

import type { HandlerResult, SandboxRequest } from './router.js';
import { ApiError } from './errors.js';
import { ParamReader } from './params.js';
import { buildQuery, queryPairs } from './query.js';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

export interface PageParams {
  page: number;
  perPage: number;
}

export function readPage(r: ParamReader): PageParams {
  const page = r.int('page') ?? 1;
  const perPage = r.int('per_page') ?? DEFAULT_PER_PAGE;
  return {
    page: page < 1 ? 1 : page,
    // Kaminari: negative means the default, more than the maximum means the maximum.
    perPage: perPage < 1 ? DEFAULT_PER_PAGE : Math.min(perPage, MAX_PER_PAGE),
  };
}

export function keysetRequested(req: SandboxRequest): boolean {
  return req.input().pagination === 'keyset';
}

export const keysetUnavailable = () => new ApiError(405, { message: 'Keyset pagination is not yet available for this type of request' });

function absolute(req: SandboxRequest, query: string): string {
  return `${req.state.baseUrl}${req.fullPath}${query ? `?${query}` : ''}`;
}

/** The request's query with `page`/`per_page` replaced, keys sorted as Rails' to_query sorts them. */
function pageUrl(req: SandboxRequest, page: number, perPage: number): string {
  const pairs = queryPairs(req.rawQuery).filter(([k]) => k !== 'page' && k !== 'per_page');
  pairs.push(['page', String(page)], ['per_page', String(perPage)]);
  pairs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return absolute(req, buildQuery(pairs));
}

export interface OffsetOptions {
  /** Refuse page × per_page above this (types with keyset support); the type name is quoted in the message. */
  offsetLimit?: { limit: number; type: string };
}

/** One page of `items` (already filtered and sorted) with GitLab's headers. */
export function offsetPage<T>(req: SandboxRequest, page: PageParams, items: readonly T[], render: (item: T) => unknown, opts: OffsetOptions = {}): HandlerResult {
  const lim = opts.offsetLimit;
  if (lim && lim.limit > 0 && page.page * page.perPage > lim.limit) {
    throw new ApiError(405, {
      message:
        `Offset pagination has a maximum allowed offset of ${lim.limit} for requests that return objects of type ${lim.type}. ` +
        'Remaining records can be retrieved using keyset pagination.',
    });
  }
  const total = items.length;
  const withoutCount = total > req.state.instance.countLimit;
  const totalPages = Math.max(1, Math.ceil(total / page.perPage));
  const start = (page.page - 1) * page.perPage;
  const slice = items.slice(start, start + page.perPage);
  const outOfRange = start >= total && page.page > 1;
  const next = start + page.perPage < total ? page.page + 1 : null;
  const prev = page.page > 1 && !outOfRange ? page.page - 1 : null;

  const links: string[] = [];
  if (prev) links.push(`<${pageUrl(req, prev, page.perPage)}>; rel="prev"`);
  if (next) links.push(`<${pageUrl(req, next, page.perPage)}>; rel="next"`);
  links.push(`<${pageUrl(req, 1, page.perPage)}>; rel="first"`);
  if (!withoutCount) links.push(`<${pageUrl(req, totalPages, page.perPage)}>; rel="last"`);

  const headers: Record<string, string> = {
    'X-Per-Page': String(page.perPage),
    'X-Page': String(page.page),
    'X-Next-Page': next ? String(next) : '',
    'X-Prev-Page': prev ? String(prev) : '',
    Link: links.join(', '),
  };
  if (!withoutCount) {
    headers['X-Total'] = String(total);
    headers['X-Total-Pages'] = String(totalPages);
  }
  return { status: 200, body: slice.map(render), headers };
}

/**
 * One keyset page: `items` are already filtered by the cursor and sorted; `rel="next"` repeats the
 * request's query with the cursor parameter set to the last item's key, in the original order. As
 * GitLab's Keyset::Pager, every page that is not empty names a next one: the list ends with an empty page.
 */
export function keysetPage<T>(req: SandboxRequest, perPage: number, items: readonly T[], render: (item: T) => unknown, cursor: { param: string; key: (item: T) => number }): HandlerResult {
  const slice = items.slice(0, perPage);
  const headers: Record<string, string> = {};
  if (slice.length) {
    const pairs = queryPairs(req.rawQuery);
    const value = String(cursor.key(slice[slice.length - 1]));
    const at = pairs.findIndex(([k]) => k === cursor.param);
    if (at === -1) pairs.push([cursor.param, value]);
    else pairs[at] = [cursor.param, value];
    headers.Link = `<${absolute(req, buildQuery(pairs))}>; rel="next"`;
  }
  return { status: 200, body: slice.map(render), headers };
}
