// Group releases (spec part 3 §2.5, §4.4).

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import type { PageOptions } from '../core/paginate.js';
import { encodePathSegment } from '../core/query.js';
import { listOf } from './schema.js';

export const ReleaseSchema = z.looseObject({
  name: z.string().nullable().optional(),
  tag_name: z.string(),
  description: z.string().nullable().optional(),
  created_at: z.string().optional(),
  released_at: z.string().nullable().optional(),
  upcoming_release: z.boolean().optional(),
  author: z.looseObject({ username: z.string().optional() }).nullable().optional(),
  commit: z.looseObject({ short_id: z.string().nullable().optional() }).nullable().optional(),
  tag_path: z.string().optional(),
});
export type Release = z.infer<typeof ReleaseSchema>;

export function listGroupReleases(http: HttpClient, group: string, filters: { sort?: 'asc' | 'desc'; simple?: boolean }, page: PageOptions): AsyncGenerator<Release> {
  const path = `/groups/${encodePathSegment(group)}/releases`;
  return listOf(ReleaseSchema, http, path, { ...filters }, page);
}
