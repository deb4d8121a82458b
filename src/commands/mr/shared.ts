// What every `mr` command shares: finding the merge request a command names, and table columns.

import type { Context } from '../../context.js';
import type { MergeRequest } from '../../api/merge-requests.js';
import { UsageError } from '../../core/errors.js';
import { projectFromCheckout } from '../../core/git-remote.js';
import type { Column } from '../../core/output.js';
import { parseItemRef, parseProjectId, type ProjectId } from '../../core/refs.js';

export interface ResolvedRef {
  project: ProjectId;
  iid: number;
  /** `group/project!12` for messages. */
  label: string;
}

/**
 * The project the command is about when the user left it out: the git checkout's remote on the
 * instance's host (as glab does), announced on stderr so a script's log shows what was chosen.
 */
export async function projectFromContext(ctx: Context, what: string): Promise<ProjectId> {
  const { url } = await ctx.connection();
  const found = projectFromCheckout(process.cwd(), url);
  if (!found) {
    throw new UsageError(`${what}: no project given`, `name it (group/project!12 or PROJECT IID), or run inside a git checkout whose remote is on ${new URL(url).host}`);
  }
  ctx.notice(`Using project ${found.path} (git remote ${found.remote}).`);
  return parseProjectId(found.path);
}

/** `REF` or `PROJECT IID` from the command's arguments. */
export async function resolveMergeRequest(ctx: Context, args: readonly string[]): Promise<ResolvedRef> {
  const ref = parseItemRef('merge_request', args);
  const project = ref.project ?? (await projectFromContext(ctx, `!${ref.iid}`));
  return { project, iid: ref.iid, label: `${project}!${ref.iid}` };
}

/** Optional `PROJECT` argument (train list). */
export async function resolveProject(ctx: Context, raw: string | undefined): Promise<ProjectId> {
  return raw === undefined ? projectFromContext(ctx, 'merge train') : parseProjectId(raw);
}

export function mrReference(mr: MergeRequest): string {
  return mr.references?.full ?? `${mr.project_id}!${mr.iid}`;
}

function stateCell(mr: MergeRequest): string {
  const draft = mr.draft ?? mr.work_in_progress;
  return draft && mr.state === 'opened' ? 'draft' : mr.state;
}

export const LIST_COLUMNS: Column<MergeRequest>[] = [
  { key: 'references.full', header: 'reference', value: mrReference },
  { key: 'title' },
  { key: 'author.username', header: 'author' },
  { key: 'state', value: stateCell },
  { key: 'detailed_merge_status', header: 'merge status', value: (mr) => mr.detailed_merge_status ?? mr.merge_status },
  { key: 'target_branch', header: 'target' },
  { key: 'updated_at', header: 'updated' },
];

/** `--view simple` answers carry only iid, URL, title, description and basic state. */
export const SIMPLE_COLUMNS: Column<MergeRequest>[] = [
  { key: 'project_id', header: 'project' },
  { key: 'iid' },
  { key: 'title' },
  { key: 'state' },
  { key: 'updated_at', header: 'updated' },
  { key: 'web_url', header: 'url' },
];

export const DETAIL_COLUMNS: Column<MergeRequest>[] = [
  { key: 'references.full', header: 'reference', value: mrReference },
  { key: 'title' },
  { key: 'state', value: stateCell },
  { key: 'author.username', header: 'author' },
  { key: 'source_branch', header: 'source' },
  { key: 'target_branch', header: 'target' },
  { key: 'detailed_merge_status', header: 'merge status' },
  { key: 'merge_when_pipeline_succeeds', header: 'merge when pipeline succeeds' },
  { key: 'pipeline.status', header: 'pipeline' },
  { key: 'sha' },
  { key: 'merge_commit_sha', header: 'merge commit' },
  { key: 'labels' },
  { key: 'assignees', value: (mr) => ((mr.assignees as { username?: string }[] | undefined) ?? []).map((u) => u.username) },
  { key: 'reviewers', value: (mr) => ((mr.reviewers as { username?: string }[] | undefined) ?? []).map((u) => u.username) },
  { key: 'milestone.title', header: 'milestone' },
  { key: 'updated_at', header: 'updated' },
  { key: 'web_url', header: 'url' },
];
