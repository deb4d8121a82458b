// The merge request and merge train shapes, field for field in the order of the real examples
// (shared/realdata/merge_requests/list_project.json, merge.json; merge_trains/get_mr_status.json).

import { userBasic } from '../users/entity.js';
import type { SandboxState } from '../state.js';
import type { Project } from '../types.js';
import { detailedMergeStatus, isDraft, mergeStatus } from './lifecycle.js';
import { mrStore, pipelineStatus, type MergeRequestRecord, type Milestone, type Pipeline, type TrainCar } from './store.js';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

function user(state: SandboxState, id: number | null): Record<string, unknown> | null {
  const u = id === null ? undefined : state.users.get(id);
  return u ? userBasic(state, u) : null;
}

function users(state: SandboxState, ids: readonly number[]): Record<string, unknown>[] {
  return ids.map((id) => user(state, id)).filter((u): u is Record<string, unknown> => u !== null);
}

export function mrWebUrl(state: SandboxState, project: Project, iid: number): string {
  return `${state.baseUrl}/${state.projectPath(project)}/-/merge_requests/${iid}`;
}

export function milestoneJson(state: SandboxState, m: Milestone): Record<string, unknown> {
  const project = state.projectById.get(m.projectId)!;
  return {
    id: m.id,
    iid: m.iid,
    project_id: m.projectId,
    title: m.title,
    description: m.description,
    state: m.state,
    created_at: iso(m.createdAt),
    updated_at: iso(m.createdAt),
    due_date: m.dueDate,
    start_date: m.startDate,
    web_url: `${state.baseUrl}/${state.projectPath(project)}/-/milestones/${m.iid}`,
  };
}

function labelsJson(state: SandboxState, mr: MergeRequestRecord, details: boolean): unknown[] {
  if (!details) return [...mr.labels];
  const colors = mrStore(state).labelColors;
  return mr.labels.map((name) => ({
    name,
    color: colors.get(name.toLowerCase()) ?? '#6699cc',
    description: null,
    description_html: '',
    text_color: '#FFFFFF',
  }));
}

export function pipelineJson(state: SandboxState, p: Pipeline, withIid = false): Record<string, unknown> {
  const project = state.projectById.get(p.projectId)!;
  const status = pipelineStatus(p, state.clock.now());
  const web = `${state.baseUrl}/${state.projectPath(project)}/-/pipelines/${p.id}`;
  if (!withIid) return { id: p.id, sha: p.sha, ref: p.ref, status, web_url: web };
  return {
    id: p.id,
    iid: p.iid,
    project_id: p.projectId,
    sha: p.sha,
    ref: p.ref,
    status,
    source: p.source,
    created_at: iso(p.createdAt),
    updated_at: iso(status === 'running' ? p.createdAt : p.createdAt + p.durationMs),
    web_url: web,
  };
}

export interface MrRenderOptions {
  /** Single-item answers carry more fields (spec part 2 §2.1). */
  single?: boolean;
  labelsDetails?: boolean;
  /** The project a project list was asked for: `references.relative` is relative to it. */
  relativeTo?: Project;
}

export function mergeRequestJson(state: SandboxState, mr: MergeRequestRecord, opts: MrRenderOptions = {}): Record<string, unknown> {
  const store = mrStore(state);
  const project = state.projectById.get(mr.projectId)!;
  const path = state.projectPath(project);
  const milestone = mr.milestoneId === null ? undefined : store.milestones.get(mr.milestoneId);
  const draft = isDraft(mr);
  const sha = store.sha(mr);
  const mergedBy = mr.state === 'merged' ? user(state, mr.mergedById) : null;
  const full = `${path}!${mr.iid}`;
  const common = {
    target_branch: mr.targetBranch,
    source_branch: mr.sourceBranch,
    upvotes: mr.upvotes,
    downvotes: mr.downvotes,
    author: user(state, mr.authorId),
    assignee: mr.assigneeIds.length ? user(state, mr.assigneeIds[0]) : null,
    assignees: users(state, mr.assigneeIds),
    reviewers: users(state, mr.reviewerIds),
    source_project_id: mr.projectId,
    target_project_id: mr.projectId,
    labels: labelsJson(state, mr, !!opts.labelsDetails),
    draft,
    work_in_progress: draft,
    milestone: milestone ? milestoneJson(state, milestone) : null,
    merge_when_pipeline_succeeds: mr.autoMerge !== null,
    merge_status: mergeStatus(mr),
    detailed_merge_status: detailedMergeStatus(state, project, mr),
  };
  const rest = {
    sha,
    merge_commit_sha: mr.mergeCommitSha,
    squash_commit_sha: mr.squashCommitSha,
    user_notes_count: mr.userNotesCount,
    discussion_locked: mr.discussionLocked,
    should_remove_source_branch: mr.shouldRemoveSourceBranch,
    force_remove_source_branch: mr.forceRemoveSourceBranch,
    allow_collaboration: mr.allowCollaboration,
    allow_maintainer_to_push: mr.allowCollaboration,
    web_url: mrWebUrl(state, project, mr.iid),
    references: {
      short: `!${mr.iid}`,
      relative: opts.relativeTo?.id === project.id || opts.single ? `!${mr.iid}` : full,
      full,
    },
    time_stats: { time_estimate: 0, total_time_spent: 0, human_time_estimate: null, human_total_time_spent: null },
    squash: mr.squash,
  };
  const tasks = { count: mr.tasks.count, completed_count: mr.tasks.completed };
  const head = {
    id: mr.id,
    iid: mr.iid,
    project_id: mr.projectId,
    title: mr.title,
    description: mr.description,
    state: mr.state,
    imported: false,
    imported_from: 'none',
  };

  if (!opts.single) {
    return {
      ...head,
      merged_by: mergedBy,
      merge_user: mergedBy,
      merged_at: isoOrNull(mr.mergedAt),
      merge_after: null,
      prepared_at: iso(mr.createdAt),
      closed_by: mr.state === 'closed' ? user(state, mr.closedById) : null,
      closed_at: isoOrNull(mr.closedAt),
      created_at: iso(mr.createdAt),
      updated_at: iso(mr.updatedAt),
      ...common,
      ...rest,
      task_completion_status: tasks,
      has_conflicts: mr.hasConflicts,
      blocking_discussions_resolved: true,
    };
  }

  const pipeline = mr.pipelineId === null ? undefined : store.pipelines.get(mr.pipelineId);
  const finished = pipeline && pipelineStatus(pipeline, state.clock.now()) !== 'running';
  const deployedToProduction = mr.deployments.get('production');
  return {
    ...head,
    created_at: iso(mr.createdAt),
    updated_at: iso(mr.updatedAt),
    ...common,
    merge_error: mr.mergeError,
    ...rest,
    subscribed: false,
    changes_count: String(mr.changesCount),
    merged_by: mergedBy,
    merge_user: mergedBy,
    merged_at: isoOrNull(mr.mergedAt),
    merge_after: null,
    prepared_at: iso(mr.createdAt),
    closed_by: mr.state === 'closed' ? user(state, mr.closedById) : null,
    closed_at: isoOrNull(mr.closedAt),
    latest_build_started_at: pipeline ? iso(pipeline.createdAt) : null,
    latest_build_finished_at: pipeline && finished ? iso(pipeline.createdAt + pipeline.durationMs) : null,
    first_deployed_to_production_at: deployedToProduction === undefined ? null : iso(deployedToProduction),
    pipeline: pipeline ? pipelineJson(state, pipeline) : null,
    diff_refs: { base_sha: mr.baseSha, head_sha: sha, start_sha: mr.baseSha },
    diverged_commits_count: 0,
    task_completion_status: tasks,
    has_conflicts: mr.hasConflicts,
    blocking_discussions_resolved: true,
  };
}

/** MergeRequestSimple: `view=simple` lists and train entries. */
export function mrSimple(state: SandboxState, mr: MergeRequestRecord): Record<string, unknown> {
  const project = state.projectById.get(mr.projectId)!;
  return {
    id: mr.id,
    iid: mr.iid,
    project_id: mr.projectId,
    title: mr.title,
    description: mr.description,
    state: mr.state,
    created_at: iso(mr.createdAt),
    updated_at: iso(mr.updatedAt),
    web_url: mrWebUrl(state, project, mr.iid),
  };
}

export function trainCarJson(state: SandboxState, car: TrainCar): Record<string, unknown> {
  const store = mrStore(state);
  const mr = store.byId(car.mrId);
  const pipeline = store.pipelines.get(car.pipelineId);
  return {
    id: car.id,
    merge_request: mr ? mrSimple(state, mr) : null,
    user: user(state, car.userId),
    pipeline: pipeline ? pipelineJson(state, pipeline, true) : null,
    created_at: iso(car.createdAt),
    updated_at: iso(car.updatedAt),
    target_branch: car.targetBranch,
    status: car.status,
    merged_at: isoOrNull(car.mergedAt),
    duration: car.mergedAt === null ? null : Math.round((car.mergedAt - car.createdAt) / 1000),
  };
}
