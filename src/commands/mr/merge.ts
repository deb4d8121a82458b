// `mr merge` and `mr delete`. A merge cannot be undone, so it asks on a terminal; each refusal of
// spec part 2 §7 becomes a message that says what to do next.

import type { Context } from '../../context.js';
import { deleteMergeRequest, getMergeRequest, mergeMergeRequest, type MergeRequest } from '../../api/merge-requests.js';
import type { Explanation } from '../../core/command.js';
import { getToken } from '../../api/tokens.js';
import { ApiError, CancelledError, CommandFailedError, UsageError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';
import { none, object, type CommandResult } from '../../core/output.js';
import { confirmDestructive } from '../shared.js';
import { DETAIL_COLUMNS, type ResolvedRef } from './shared.js';

export interface MrMergeOptions {
  sha?: string;
  squash?: boolean;
  removeSourceBranch?: boolean;
  message?: string;
  squashMessage?: string;
  whenPipelineSucceeds?: boolean;
}

const SHA = /^[0-9a-f]{7,64}$/i;
/** Full SHA-1 or SHA-256 object names. */
const FULL_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

/**
 * The service merges only when `sha` is exactly the source head, so a short SHA always gets 409: it is
 * resolved from the merge request's head, and refused (exit 1, nothing sent) when the head differs.
 */
export async function exactHeadSha(http: HttpClient, ref: ResolvedRef, sha: string): Promise<string> {
  if (FULL_SHA.test(sha)) return sha.toLowerCase();
  const head = (await getMergeRequest(http, ref.project, ref.iid)).sha;
  if (head && head.toLowerCase().startsWith(sha.toLowerCase())) return head;
  throw new CommandFailedError(
    `SHA does not match HEAD of source branch: ${ref.label} is at ${head ?? 'an unknown commit'}, not ${sha}; nothing was sent`,
    head ? `review the new commits (git fetch), then run again with --sha ${head}` : undefined,
  );
}

export function buildMergeBody(o: MrMergeOptions): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (o.sha !== undefined) {
    if (!SHA.test(o.sha.trim())) throw new UsageError(`--sha must be a commit SHA (hexadecimal), got ${JSON.stringify(o.sha)}`);
    body.sha = o.sha.trim();
  }
  if (o.message !== undefined) {
    if (!o.message.trim()) throw new UsageError('--message cannot be empty');
    body.merge_commit_message = o.message;
  }
  if (o.squashMessage !== undefined) {
    if (!o.squashMessage.trim()) throw new UsageError('--squash-message cannot be empty');
    if (o.squash === false) throw new UsageError('--squash-message needs squashing; it cannot be used with --no-squash');
    body.squash_commit_message = o.squashMessage;
  }
  if (o.squash !== undefined) body.squash = o.squash;
  if (o.removeSourceBranch !== undefined) body.should_remove_source_branch = o.removeSourceBranch;
  if (o.whenPipelineSucceeds) body.merge_when_pipeline_succeeds = true;
  return body;
}

/** Why the service refused with 405, from the merge request's own state. */
export function notMergeableReason(mr: MergeRequest): string {
  if (mr.state !== 'opened') return `it is ${mr.state}`;
  if (mr.draft ?? mr.work_in_progress) return 'it is a draft (mark it ready first)';
  const status = mr.detailed_merge_status;
  const reasons: Record<string, string> = {
    conflict: 'it has conflicts with the target branch (rebase or resolve them)',
    ci_must_pass: 'its pipeline must succeed first (it failed; fix it and run it again)',
    ci_still_running: 'its pipeline is still running (wait, or use --when-pipeline-succeeds)',
    discussions_not_resolved: 'it has unresolved discussions',
    not_approved: 'it is not approved yet',
    need_rebase: 'it must be rebased onto the target branch',
    blocked_status: 'it is blocked by another merge request',
    draft_status: 'it is a draft (mark it ready first)',
  };
  return (status && reasons[status]) ?? `the service says: ${status ?? mr.merge_status ?? 'not mergeable'}`;
}

async function current(http: HttpClient, ref: ResolvedRef): Promise<MergeRequest | undefined> {
  return getMergeRequest(http, ref.project, ref.iid).catch(() => undefined);
}

/** Whether the instance still accepts the token (a job token cannot ask, so it is given the benefit of the doubt). */
async function tokenWorks(http: HttpClient, tokenType: string): Promise<boolean> {
  if (tokenType === 'job') return true;
  try {
    await getToken(http, 'self');
    return true;
  } catch (e) {
    return !(e instanceof ApiError && e.status === 401);
  }
}

/**
 * What a refusal of the merge (spec part 2 §7) means for this merge request, with what to do next
 * (the `explain` of `mr merge`). Only the merge's own PUT: the GET before a confirmation is not it.
 */
export async function explainMergeFailure(ctx: Context, ref: ResolvedRef, err: ApiError, o: MrMergeOptions): Promise<Explanation> {
  if (err.method !== 'PUT') return undefined;
  const http = await ctx.http();
  switch (err.status) {
    case 401:
      // The service answers 401 both for a refused token and for a user who may not merge: ask
      // who we are to tell them apart.
      // A refused token is the shared error path's to explain: it knows where the token came from.
      if (!(await tokenWorks(http, (await ctx.connection()).tokenType))) return undefined;
      return { message: `you may not merge ${ref.label}`, hint: 'merging needs push rights on the target branch (Developer, or Maintainer for a protected branch); ask a maintainer' };
    case 405: {
      const mr = await current(http, ref);
      return { message: `${ref.label} cannot be merged${mr ? `: ${notMergeableReason(mr)}` : ''}`, hint: `see its state with: forgectl mr list --project ${ref.project} --iids ${ref.iid}` };
    }
    case 409: {
      const mr = await current(http, ref);
      const head = mr?.sha ? `its head is now ${mr.sha}` : 'it has new commits';
      return {
        message: `SHA does not match HEAD of source branch: ${ref.label} changed since ${String(o.sha?.trim())}`,
        hint: `${head}; review the new commits (git fetch), then run again with --sha ${mr?.sha ?? '<new head>'}`,
      };
    }
    case 422:
      return { message: `Branch cannot be merged: the merge of ${ref.label} failed`, hint: 'the source branch probably conflicts with the target now; rebase it (git pull --rebase on the target), push, and merge again' };
    default:
      return undefined;
  }
}

/** The `explain` of `mr delete`: a 403 of the DELETE means the role, not the token. */
export function explainDeleteFailure(ref: ResolvedRef, err: ApiError): Explanation {
  if (err.method !== 'DELETE' || err.status !== 403) return undefined;
  return { message: `you may not delete ${ref.label}`, hint: 'only administrators and owners of the project can delete merge requests; close it instead (forgectl mr close)' };
}

export async function mergeMrCommand(ctx: Context, o: MrMergeOptions, ref: ResolvedRef): Promise<CommandResult> {
  const body = buildMergeBody(o);
  const http = await ctx.http();
  if (typeof body.sha === 'string') body.sha = await exactHeadSha(http, ref, body.sha);
  // Asked only on a terminal (a merge is not a deletion): a script merges without --yes.
  if (ctx.interactive && !ctx.globals.yes && !ctx.dryRun) {
    const mr = await getMergeRequest(http, ref.project, ref.iid);
    const how = o.whenPipelineSucceeds ? ' when its pipeline succeeds' : '';
    const ok = await ctx.prompt.confirm(`Merge ${ref.label} "${mr.title}" (${mr.source_branch} → ${mr.target_branch})${how}?`, false);
    if (!ok) throw new CancelledError('nothing was merged');
  }
  const merged = await mergeMergeRequest(http, ref.project, ref.iid, body);
  if (!merged) return none;
  if (merged.state === 'merged') ctx.notice(`Merged ${ref.label}${merged.merge_commit_sha ? ` as ${merged.merge_commit_sha.slice(0, 12)}` : ''}.`);
  else if (merged.merge_when_pipeline_succeeds) ctx.notice(`${ref.label} will be merged when its pipeline succeeds.`);
  return object(merged, { columns: DETAIL_COLUMNS });
}

export async function deleteMrCommand(ctx: Context, ref: ResolvedRef): Promise<CommandResult> {
  const http = await ctx.http();
  let title = '';
  if (!ctx.dryRun && ctx.interactive && !ctx.globals.yes) title = ` "${(await getMergeRequest(http, ref.project, ref.iid)).title}"`;
  await confirmDestructive(ctx, `Delete merge request ${ref.label}${title} for good?`);
  await deleteMergeRequest(http, ref.project, ref.iid);
  if (ctx.dryRun) return none;
  ctx.notice(`Deleted ${ref.label}.`);
  return none;
}
