// Merge requests (spec part 2 §2.1, §4.1). Schemas name only what the CLI reads; every other field
// is kept as received.

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import type { PageOptions } from '../core/paginate.js';
import { encodePathSegment, type QueryParams } from '../core/query.js';
import type { ProjectId } from '../core/refs.js';
import { listOf, parseResponse, parseWriteAnswer } from './schema.js';

export const UserSummarySchema = z.looseObject({
  id: z.number(),
  username: z.string().optional(),
  name: z.string().optional(),
});

export const MergeRequestSchema = z.looseObject({
  id: z.number(),
  iid: z.number(),
  project_id: z.number(),
  title: z.string(),
  description: z.string().nullable().optional(),
  state: z.string(),
  draft: z.boolean().optional(),
  work_in_progress: z.boolean().optional(),
  author: UserSummarySchema.nullable().optional(),
  source_branch: z.string().optional(),
  target_branch: z.string().optional(),
  merge_status: z.string().optional(),
  detailed_merge_status: z.string().optional(),
  merge_when_pipeline_succeeds: z.boolean().optional(),
  sha: z.string().nullable().optional(),
  merge_commit_sha: z.string().nullable().optional(),
  merge_error: z.string().nullable().optional(),
  web_url: z.string().optional(),
  updated_at: z.string().optional(),
  references: z.looseObject({ short: z.string().optional(), full: z.string().optional() }).optional(),
  pipeline: z.looseObject({ status: z.string().optional() }).nullable().optional(),
});
export type MergeRequest = z.infer<typeof MergeRequestSchema>;

export function mergeRequestPath(project: ProjectId, iid?: number): string {
  const base = `/projects/${encodePathSegment(project)}/merge_requests`;
  return iid === undefined ? base : `${base}/${iid}`;
}

/** Global (`/merge_requests`) when no project is given. */
export function listMergeRequests(http: HttpClient, project: ProjectId | undefined, query: QueryParams, page: PageOptions): AsyncGenerator<MergeRequest> {
  const path = project === undefined ? '/merge_requests' : mergeRequestPath(project);
  return listOf(MergeRequestSchema, http, path, query, page);
}

export async function getMergeRequest(http: HttpClient, project: ProjectId, iid: number): Promise<MergeRequest> {
  const path = mergeRequestPath(project, iid);
  return parseResponse(MergeRequestSchema, await http.get(path), `GET ${path}`);
}

/** Returns null under --dry-run. */
export async function updateMergeRequest(http: HttpClient, project: ProjectId, iid: number, body: Record<string, unknown>): Promise<MergeRequest | null> {
  const path = mergeRequestPath(project, iid);
  const res = await http.put(path, body);
  return res.dryRun ? null : parseWriteAnswer(MergeRequestSchema, http, res, `PUT ${path}`, `merge request !${iid} may have been changed`);
}

/** A merge is an action: repeated only where the server certainly did not act (CLI.md --retries). */
export async function mergeMergeRequest(http: HttpClient, project: ProjectId, iid: number, body: Record<string, unknown>): Promise<MergeRequest | null> {
  const path = `${mergeRequestPath(project, iid)}/merge`;
  const res = await http.put(path, body, { action: true });
  return res.dryRun ? null : parseWriteAnswer(MergeRequestSchema, http, res, `PUT ${path}`, `merge request !${iid} may have been merged (or set to merge)`);
}

export async function deleteMergeRequest(http: HttpClient, project: ProjectId, iid: number): Promise<void> {
  await http.delete(mergeRequestPath(project, iid));
}
