// Groups: GET /groups of the REST API v4 (the sandbox has it; the spec documents use it only by id).
// all_available lists every group an administrator can see.

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import { paginate, type PageOptions } from '../core/paginate.js';
import { parseEach } from './schema.js';

export const GroupSchema = z.looseObject({ id: z.number(), full_path: z.string() });
export type Group = z.infer<typeof GroupSchema>;

export function listGroups(http: HttpClient, page: PageOptions): AsyncGenerator<Group> {
  return parseEach(GroupSchema, paginate(http, '/groups', { all_available: true }, page), 'GET /groups');
}
