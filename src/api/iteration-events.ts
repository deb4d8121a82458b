// Resource iteration events of an issue (spec part 2 §2.6, §4.6).

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import type { PageOptions } from '../core/paginate.js';
import { encodePathSegment as seg } from '../core/query.js';
import { listOf, parseResponse } from './schema.js';

export const IterationEventSchema = z.looseObject({
  id: z.number(),
  action: z.string().optional(),
  created_at: z.string().optional(),
  iteration: z.looseObject({ id: z.number().optional(), title: z.string().optional() }).nullable().optional(),
});
export type IterationEvent = z.infer<typeof IterationEventSchema>;

function base(project: string, iid: number): string {
  return `/projects/${seg(project)}/issues/${iid}/resource_iteration_events`;
}

export function listIterationEvents(http: HttpClient, project: string, iid: number, page: PageOptions): AsyncGenerator<IterationEvent> {
  const path = base(project, iid);
  return listOf(IterationEventSchema, http, path, {}, page);
}

export async function getIterationEvent(http: HttpClient, project: string, iid: number, id: number): Promise<IterationEvent> {
  const path = `${base(project, iid)}/${id}`;
  return parseResponse(IterationEventSchema, await http.get(path), `GET ${path}`);
}
