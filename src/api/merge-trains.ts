// Merge trains (spec part 2 §2.2, §4.2; Premium).

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import type { PageOptions } from '../core/paginate.js';
import { encodePathSegment, type QueryParams } from '../core/query.js';
import type { ProjectId } from '../core/refs.js';
import { UserSummarySchema } from './merge-requests.js';
import { listOf, parseResponse, parseWriteAnswer, unwrapSingle } from './schema.js';

export const MergeTrainEntrySchema = z.looseObject({
  id: z.number(),
  merge_request: z.looseObject({ iid: z.number(), title: z.string().optional(), state: z.string().optional() }).optional(),
  user: UserSummarySchema.nullable().optional(),
  pipeline: z.looseObject({ id: z.number().optional(), status: z.string().optional() }).nullable().optional(),
  target_branch: z.string().optional(),
  status: z.string().optional(),
  created_at: z.string().optional(),
  merged_at: z.string().nullable().optional(),
  duration: z.number().nullable().optional(),
});
export type MergeTrainEntry = z.infer<typeof MergeTrainEntrySchema>;

function trainsPath(project: ProjectId): string {
  return `/projects/${encodePathSegment(project)}/merge_trains`;
}

/** Every train of the project, or the train of one target branch. */
export function listMergeTrain(http: HttpClient, project: ProjectId, branch: string | undefined, query: QueryParams, page: PageOptions): AsyncGenerator<MergeTrainEntry> {
  const path = branch === undefined ? trainsPath(project) : `${trainsPath(project)}/${encodePathSegment(branch)}`;
  return listOf(MergeTrainEntrySchema, http, path, query, page);
}

export async function getMergeTrainEntry(http: HttpClient, project: ProjectId, iid: number): Promise<MergeTrainEntry> {
  const path = `${trainsPath(project)}/merge_requests/${iid}`;
  return parseResponse(MergeTrainEntrySchema, await http.get(path), `GET ${path}`);
}

/**
 * The service answers with an array holding the new entry (201 added, 202 queued until the
 * pipeline succeeds); the entry is returned with that status. Null under --dry-run.
 */
export async function addToMergeTrain(
  http: HttpClient,
  project: ProjectId,
  iid: number,
  body: Record<string, unknown>,
): Promise<{ entry: MergeTrainEntry | undefined; status: number } | null> {
  const path = `${trainsPath(project)}/merge_requests/${iid}`;
  const res = await http.post(path, body);
  if (res.dryRun) return null;
  const data = unwrapSingle(res.data);
  const entry =
    Array.isArray(data) && data.length === 0
      ? undefined
      : parseWriteAnswer(MergeTrainEntrySchema, http, { ...res, data }, `POST ${path}`, `merge request !${iid} may have been added to the train`);
  return { entry, status: res.status };
}
