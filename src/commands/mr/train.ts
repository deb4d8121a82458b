// `mr train list|status|add` (spec part 2 §4.2). Trains are a Premium feature: 403 means they are
// not available for the project, 404 on a private project means you are not a member.

import type { Context } from '../../context.js';
import { addToMergeTrain, getMergeTrainEntry, listMergeTrain, type MergeTrainEntry } from '../../api/merge-trains.js';
import { UsageError, type ApiError } from '../../core/errors.js';
import { none, object, type Column, type CommandResult, list } from '../../core/output.js';
import { parseChoice } from '../../core/parse.js';
import type { ProjectId } from '../../core/refs.js';
import { pageOptions } from '../shared.js';
import { buildMergeBody, exactHeadSha } from './merge.js';
import type { ResolvedRef } from './shared.js';

const COLUMNS: Column<MergeTrainEntry>[] = [
  { key: 'id' },
  { key: 'merge_request.iid', header: 'iid', value: (e) => (e.merge_request ? `!${e.merge_request.iid}` : undefined) },
  { key: 'merge_request.title', header: 'title' },
  { key: 'target_branch', header: 'target' },
  { key: 'status' },
  { key: 'pipeline.status', header: 'pipeline' },
  { key: 'user.username', header: 'added by' },
  { key: 'created_at', header: 'added' },
  { key: 'merged_at', header: 'merged' },
];

/** 403 and 404 of the train endpoints, each with what it means here (the `explain` of every train command). */
export function trainHint(err: ApiError, project: ProjectId): string | undefined {
  if (err.status === 403) return `merge trains are not available for ${project}: they need the Premium tier, merge trains enabled in the project's merge request settings, and at least the Developer role`;
  if (err.status === 404) return `${project} or the merge request does not exist, or the project is private and you are not a member`;
  return undefined;
}

export interface TrainListOptions {
  branch?: string;
  scope?: string;
  sort?: string;
}

export async function listTrainCommand(ctx: Context, o: TrainListOptions, project: ProjectId): Promise<CommandResult> {
  const query = {
    scope: o.scope === undefined ? undefined : parseChoice('--scope', o.scope, ['active', 'complete'] as const),
    sort: o.sort === undefined ? undefined : parseChoice('--sort', o.sort, ['asc', 'desc'] as const),
  };
  if (o.branch !== undefined && !o.branch.trim()) throw new UsageError('--branch cannot be empty');
  const http = await ctx.http();
  const items = listMergeTrain(http, project, o.branch, query, pageOptions(ctx));
  return list(items, COLUMNS, { empty: 'The merge train is empty.' });
}

export async function trainStatusCommand(ctx: Context, ref: ResolvedRef): Promise<CommandResult> {
  const http = await ctx.http();
  return object(await getMergeTrainEntry(http, ref.project, ref.iid), { columns: COLUMNS });
}

export interface TrainAddOptions {
  sha?: string;
  squash?: boolean;
  whenPipelineSucceeds?: boolean;
}

export async function trainAddCommand(ctx: Context, o: TrainAddOptions, ref: ResolvedRef): Promise<CommandResult> {
  const body: Record<string, unknown> = {};
  const { sha } = buildMergeBody({ sha: o.sha });
  if (o.squash !== undefined) body.squash = o.squash;
  if (o.whenPipelineSucceeds) body.when_pipeline_succeeds = true;
  const http = await ctx.http();
  if (typeof sha === 'string') body.sha = await exactHeadSha(http, ref, sha);
  const added = await addToMergeTrain(http, ref.project, ref.iid, body);
  if (!added) return none;
  if (added.status === 202 || o.whenPipelineSucceeds) ctx.notice(`${ref.label} joins the merge train once its pipeline succeeds.`);
  else ctx.notice(`Added ${ref.label} to the merge train${added.entry?.target_branch ? ` of ${added.entry.target_branch}` : ''}.`);
  return added.entry ? object(added.entry, { columns: COLUMNS }) : none;
}
