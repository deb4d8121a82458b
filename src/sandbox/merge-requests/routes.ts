// Merge requests (spec part 2 §3, §4.1, §5 rules 4 and 7, §7), following GitLab's
// lib/api/merge_requests.rb: list (global and per project), read one, update (with state_event),
// merge (401/405/422/409 in GitLab's order), delete (administrators and owners).

import { ApiError, badRequest, forbidden, notAllowed, unauthorized } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import type { ParamObject } from '../http/query.js';
import { mergeRequestJson, mrSimple } from './entity.js';
import { clocked, findMr, mrProject } from './handlers.js';
import {
  canDelete,
  canMerge,
  canReadMergeRequests,
  canUpdate,
  closeMergeRequest,
  currentPipelineStatus,
  deleteMergeRequest,
  detailedMergeStatus,
  mergeNow,
  reopenMergeRequest,
} from './lifecycle.js';
import { mrStore, type MergeRequestRecord } from './store.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { HandlerResult, Router, SandboxRequest } from '../http/router.js';
import { seedMergeRequests } from './seed.js';
import type { Project } from '../types.js';
import { applyMrListQuery, readMrListQuery, type MrListQuery } from './filters.js';

export const MAX_DESCRIPTION = 1_048_576;

function listPage(req: SandboxRequest, r: ParamReader, q: MrListQuery, items: MergeRequestRecord[], relativeTo?: Project): HandlerResult {
  const page = readPage(r);
  const render = q.view === 'simple' ? (mr: MergeRequestRecord) => mrSimple(req.state, mr) : (mr: MergeRequestRecord) => mergeRequestJson(req.state, mr, { labelsDetails: q.withLabelsDetails, relativeTo });
  return offsetPage(req, page, items, render);
}

function listGlobal(req: SandboxRequest): HandlerResult {
  const input = req.input();
  const r = new ParamReader(input);
  const q = readMrListQuery(r, input, 'global');
  const { state, user } = req;
  const candidates = mrStore(state).mrs.filter((mr) => {
    const project = state.projectById.get(mr.projectId);
    return project && !project.pendingDelete && !project.hidden && canReadMergeRequests(state, user, project);
  });
  return listPage(req, r, q, applyMrListQuery(state, user, candidates, q, 'created_by_me'));
}

function listProject(req: SandboxRequest): HandlerResult {
  const input = req.input();
  const r = new ParamReader(input);
  const q = readMrListQuery(r, input, 'project');
  const project = mrProject(req);
  const candidates = mrStore(req.state).mrs.filter((mr) => mr.projectId === project.id);
  return listPage(req, r, q, applyMrListQuery(req.state, req.user, candidates, q, 'all'), project);
}

function getOne(req: SandboxRequest): HandlerResult {
  const project = mrProject(req);
  return { body: mergeRequestJson(req.state, findMr(req, project), { single: true }) };
}

const UPDATE_KEYS = [
  'add_labels',
  'allow_collaboration',
  'allow_maintainer_to_push',
  'assignee_id',
  'assignee_ids',
  'description',
  'discussion_locked',
  'labels',
  'milestone_id',
  'remove_labels',
  'remove_source_branch',
  'reviewer_ids',
  'squash',
  'state_event',
  'target_branch',
  'title',
];

/** An id list where 0, "" or [] clears; unknown users are left out, as GitLab filters them. */
function userIds(req: SandboxRequest, input: ParamObject, name: string, errors: string[]): number[] | undefined {
  if (!(name in input)) return undefined;
  const v = input[name];
  const items = v === null || v === '' ? [] : Array.isArray(v) ? v : String(v).split(',');
  const ids: number[] = [];
  for (const item of items) {
    const s = String(item).trim();
    if (s === '') continue;
    if (!/^\d+$/.test(s)) {
      errors.push(`${name} is invalid`);
      return undefined;
    }
    if (s !== '0' && req.state.users.has(Number(s))) ids.push(Number(s));
  }
  return [...new Set(ids)];
}

function labelList(v: string | undefined): string[] {
  return (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

function update(req: SandboxRequest): HandlerResult {
  const { state } = req;
  const user = req.user!;
  const input = req.input();
  const r = new ParamReader(input);
  const errors: string[] = [];
  const f = {
    title: r.string('title'),
    description: r.string('description'),
    targetBranch: r.string('target_branch'),
    stateEvent: r.oneOf('state_event', ['close', 'reopen'] as const),
    labels: 'labels' in input ? labelList(r.string('labels')) : undefined,
    addLabels: r.string('add_labels'),
    removeLabels: r.string('remove_labels'),
    assigneeId: 'assignee_id' in input ? (r.int('assignee_id') ?? 0) : undefined,
    assigneeIds: userIds(req, input, 'assignee_ids', errors),
    reviewerIds: userIds(req, input, 'reviewer_ids', errors),
    milestoneId: 'milestone_id' in input ? (r.int('milestone_id') ?? 0) : undefined,
    removeSourceBranch: r.bool('remove_source_branch'),
    squash: r.bool('squash'),
    discussionLocked: r.bool('discussion_locked'),
    allowCollaboration: r.bool('allow_collaboration') ?? r.bool('allow_maintainer_to_push'),
  };
  r.errors.push(...errors);
  if (!UPDATE_KEYS.some((k) => k in input)) {
    r.errors.push(`${UPDATE_KEYS.join(', ')} are missing, at least one parameter must be provided`);
  }
  r.done();
  const project = mrProject(req);
  const mr = findMr(req, project);
  if (!canUpdate(state, user, project, mr)) throw forbidden();
  if (f.description !== undefined && [...f.description].length > MAX_DESCRIPTION) {
    throw badRequest(`description is too long (maximum is ${MAX_DESCRIPTION} characters)`);
  }
  if (f.title !== undefined && !f.title.trim()) throw new ApiError(400, { message: { title: ["can't be blank"] } });
  if (f.targetBranch !== undefined && !mrStore(state).branchHead(project.id, f.targetBranch)) {
    throw new ApiError(400, { message: { target_branch: ['branch does not exist'] } });
  }

  const now = state.clock.now();
  if (f.title !== undefined) mr.title = f.title;
  if (f.description !== undefined) mr.description = f.description;
  if (f.targetBranch !== undefined) mr.targetBranch = f.targetBranch;
  if (f.labels !== undefined) mr.labels = dedupe(f.labels);
  if (f.addLabels !== undefined) mr.labels = dedupe([...mr.labels, ...labelList(f.addLabels)]);
  if (f.removeLabels !== undefined) {
    const remove = labelList(f.removeLabels).map((l) => l.toLowerCase());
    mr.labels = mr.labels.filter((l) => !remove.includes(l.toLowerCase()));
  }
  if (f.assigneeIds !== undefined) mr.assigneeIds = f.assigneeIds;
  else if (f.assigneeId !== undefined) mr.assigneeIds = f.assigneeId && state.users.has(f.assigneeId) ? [f.assigneeId] : [];
  if (f.reviewerIds !== undefined) mr.reviewerIds = f.reviewerIds;
  if (f.milestoneId !== undefined) {
    // A milestone that is not the project's unassigns, as GitLab's UpdateService does.
    const m = mrStore(state).milestones.get(f.milestoneId);
    mr.milestoneId = m && m.projectId === project.id ? m.id : null;
  }
  if (f.removeSourceBranch !== undefined) mr.forceRemoveSourceBranch = f.removeSourceBranch;
  if (f.squash !== undefined) mr.squash = f.squash;
  if (f.discussionLocked !== undefined) mr.discussionLocked = f.discussionLocked;
  if (f.allowCollaboration !== undefined) mr.allowCollaboration = f.allowCollaboration;
  mr.updatedAt = now;
  if (f.stateEvent === 'close') closeMergeRequest(state, mr, user);
  if (f.stateEvent === 'reopen') reopenMergeRequest(state, mr, user);
  return { body: mergeRequestJson(state, mr, { single: true }) };
}

function dedupe(labels: string[]): string[] {
  const seen = new Set<string>();
  return labels.filter((l) => !seen.has(l.toLowerCase()) && seen.add(l.toLowerCase()));
}

function merge(req: SandboxRequest): HandlerResult {
  const { state } = req;
  const user = req.user!;
  const r = new ParamReader(req.input());
  const f = {
    sha: r.string('sha'),
    mwps: r.bool('merge_when_pipeline_succeeds') ?? r.bool('auto_merge') ?? false,
    squash: r.bool('squash'),
    removeSourceBranch: r.bool('should_remove_source_branch'),
    mergeCommitMessage: r.string('merge_commit_message'),
    squashCommitMessage: r.string('squash_commit_message'),
  };
  r.done();
  const project = mrProject(req);
  const mr = findMr(req, project);
  if (!canMerge(state, user, project, mr)) throw unauthorized();

  const pipelineRunning = currentPipelineStatus(state, mr) === 'running';
  const automatically = f.mwps && pipelineRunning;
  // Mergeable state (open, not a draft, pipeline rules) → else 405; a merge that cannot work
  // (conflicts) → 422; then the SHA guard → 409 (GitLab's order).
  const status = detailedMergeStatus(state, project, mr);
  const blockedByCi = status === 'ci_must_pass' || (status === 'ci_still_running' && !automatically);
  if (status === 'not_open' || status === 'draft_status' || blockedByCi) throw notAllowed();
  if (status === 'conflict') throw new ApiError(422, { message: 'Branch cannot be merged' });
  if (f.sha !== undefined && f.sha !== mrStore(state).sha(mr)) throw new ApiError(409, { message: 'SHA does not match HEAD of source branch' });

  const opts = {
    userId: user.id,
    squash: f.squash,
    removeSourceBranch: f.removeSourceBranch,
    mergeCommitMessage: f.mergeCommitMessage,
    squashCommitMessage: f.squashCommitMessage,
  };
  if (automatically) {
    mr.autoMerge = opts;
    if (f.squash !== undefined) mr.squash = f.squash;
    if (f.removeSourceBranch !== undefined) mr.shouldRemoveSourceBranch = f.removeSourceBranch;
    mr.updatedAt = state.clock.now();
  } else mergeNow(state, mr, opts);
  return { body: mergeRequestJson(state, mr, { single: true }) };
}

function remove(req: SandboxRequest): HandlerResult {
  const project = mrProject(req);
  const mr = findMr(req, project);
  if (!canDelete(req.state, req.user!, project)) throw forbidden();
  deleteMergeRequest(req.state, mr);
  return { status: 204 };
}

export const mergeRequestsModule: SandboxModule = {
  name: 'merge_requests',
  register(router: Router) {
    router.get('/merge_requests', clocked(listGlobal), { auth: 'optional' });
    router.get('/projects/:id/merge_requests', clocked(listProject), { auth: 'optional' });
    router.get('/projects/:id/merge_requests/:merge_request_iid', clocked(getOne), { auth: 'optional' });
    router.put('/projects/:id/merge_requests/:merge_request_iid', clocked(update));
    router.put('/projects/:id/merge_requests/:merge_request_iid/merge', clocked(merge));
    router.delete('/projects/:id/merge_requests/:merge_request_iid', clocked(remove));
  },
  seed(state, kind) {
    if (kind === 'demo') seedMergeRequests(state);
  },
};
