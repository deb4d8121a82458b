// Epics (spec part 2 §2.5, §4.5; the epics API is deprecated in favour of work items).

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import type { PageOptions } from '../core/paginate.js';
import { encodePathSegment as seg, type QueryParams } from '../core/query.js';
import { listOf, parseResponse, parseWriteAnswer } from './schema.js';

export const EpicSchema = z.looseObject({
  id: z.number(),
  iid: z.number(),
  group_id: z.number().optional(),
  title: z.string(),
  state: z.string().optional(),
  // Doc examples write confidential as the string "false"; the API sends a boolean.
  confidential: z.union([z.boolean(), z.string()]).optional(),
  labels: z.array(z.unknown()).optional(),
  start_date: z.string().nullable().optional(),
  due_date: z.string().nullable().optional(),
});
export type Epic = z.infer<typeof EpicSchema>;

export function listEpics(http: HttpClient, group: string, query: QueryParams, page: PageOptions): AsyncGenerator<Epic> {
  const path = `/groups/${seg(group)}/epics`;
  return listOf(EpicSchema, http, path, query, page);
}

export async function getEpic(http: HttpClient, group: string, iid: number): Promise<Epic> {
  const path = `/groups/${seg(group)}/epics/${iid}`;
  return parseResponse(EpicSchema, await http.get(path), `GET ${path}`);
}

/** Returns null under --dry-run. */
export async function createEpic(http: HttpClient, group: string, body: Record<string, unknown>): Promise<Epic | null> {
  const path = `/groups/${seg(group)}/epics`;
  const res = await http.post(path, body);
  return res.dryRun ? null : parseWriteAnswer(EpicSchema, http, res, `POST ${path}`, 'the epic may have been created');
}

export async function updateEpic(http: HttpClient, group: string, iid: number, body: Record<string, unknown>): Promise<Epic | null> {
  const path = `/groups/${seg(group)}/epics/${iid}`;
  const res = await http.put(path, body);
  return res.dryRun ? null : parseWriteAnswer(EpicSchema, http, res, `PUT ${path}`, `epic &${iid} may have been changed`);
}
