// `mr train list|status|add` (spec part 2 §4.2). Trains are a Premium feature: 403 means they are
// not available for the project, 404 on a private project means you are not a member.

import type { Context } from '../../context.js';
import { addToMergeTrain, getMergeTrainEntry, listMergeTrain, type MergeTrainEntry } from '../../api/merge-trains.js';
import { ApiError, UsageError, errorForStatus } from '../../core/errors.js';
import { none, object, type Column, type CommandResult, list } from '../../core/output.js';
import { parseChoice } from '../../core/parse.js';
import type { ProjectId } from '../../core/refs.js';
import { pageOptions } from '../shared.js';
import { buildMergeBody } from './merge.js';
import { resolveMergeRequest, resolveProject } from './shared.js';

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

/** 403 and 404 of the train endpoints, each with what it means here. */
function explainTrainError(err: unknown, project: ProjectId): unknown {
  if (!(err instanceof ApiError) || (err.status !== 403 && err.status !== 404)) return err;
  const hint =
    err.status === 403
      ? `merge trains are not available for ${project}: they need the Premium tier, merge trains enabled in the project's merge request settings, and at least the Developer role`
      : `${project} or the merge request does not exist, or the project is private and you are not a member`;
  return errorForStatus({ status: err.status, method: err.method, url: err.url, body: err.body, hint });
}

export interface TrainListOptions {
  branch?: string;
  scope?: string;
  sort?: string;
}

export async function listTrainCommand(ctx: Context, o: TrainListOptions, args: string[]): Promise<CommandResult> {
  const project = await resolveProject(ctx, args[0]);
  const query = {
    scope: o.scope === undefined ? undefined : parseChoice('--scope', o.scope, ['active', 'complete'] as const),
    sort: o.sort === undefined ? undefined : parseChoice('--sort', o.sort, ['asc', 'desc'] as const),
  };
  if (o.branch !== undefined && !o.branch.trim()) throw new UsageError('--branch cannot be empty');
  const http = await ctx.http();
  const items = listMergeTrain(http, project, o.branch, query, pageOptions(ctx));
  return list(rethrowing(items, project), COLUMNS, { empty: 'The merge train is empty.' });
}

/** Errors surface while the list is printed; they still get their explanation. */
async function* rethrowing<T>(items: AsyncIterable<T>, project: ProjectId): AsyncGenerator<T> {
  try {
    yield* items;
  } catch (err) {
    throw explainTrainError(err, project);
  }
}

export async function trainStatusCommand(ctx: Context, args: string[]): Promise<CommandResult> {
  const ref = await resolveMergeRequest(ctx, args);
  const http = await ctx.http();
  try {
    return object(await getMergeTrainEntry(http, ref.project, ref.iid), { columns: COLUMNS });
  } catch (err) {
    throw explainTrainError(err, ref.project);
  }
}

export interface TrainAddOptions {
  sha?: string;
  squash?: boolean;
  whenPipelineSucceeds?: boolean;
}

export async function trainAddCommand(ctx: Context, o: TrainAddOptions, args: string[]): Promise<CommandResult> {
  const ref = await resolveMergeRequest(ctx, args);
  const body: Record<string, unknown> = {};
  const { sha } = buildMergeBody({ sha: o.sha });
  if (sha !== undefined) body.sha = sha;
  if (o.squash !== undefined) body.squash = o.squash;
  if (o.whenPipelineSucceeds) body.when_pipeline_succeeds = true;
  const http = await ctx.http();
  let added: Awaited<ReturnType<typeof addToMergeTrain>>;
  try {
    added = await addToMergeTrain(http, ref.project, ref.iid, body);
  } catch (err) {
    throw explainTrainError(err, ref.project);
  }
  if (!added) return none;
  if (added.status === 202 || o.whenPipelineSucceeds) ctx.notice(`${ref.label} joins the merge train once its pipeline succeeds.`);
  else ctx.notice(`Added ${ref.label} to the merge train${added.entry?.target_branch ? ` of ${added.entry.target_branch}` : ''}.`);
  return added.entry ? object(added.entry, { columns: COLUMNS }) : none;
}
