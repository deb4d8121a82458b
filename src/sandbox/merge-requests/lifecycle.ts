// The transitions of spec part 2 §3 and the rules around them: who may do what, whether a merge
// request can be merged, the merge itself (squash, source-branch removal), and the clock-driven
// effects (merge when the pipeline succeeds, merge-train cars merging in order).

import type { SandboxState } from '../state.js';
import { ACCESS, type Project, type User } from '../types.js';
import { fakeSha, mrStore, pipelineFinishedAt, pipelineStatus, type MergeOptions, type MergeRequestRecord, type TrainCar } from './store.js';

/** GitLab derives draft from the title prefix (MergeRequest::DRAFT_REGEX). */
const DRAFT_PREFIX = /^\s*(\[draft\]|\(draft\)|draft:|draft\s-\s|draft\s)/i;

export function isDraft(mr: MergeRequestRecord): boolean {
  return DRAFT_PREFIX.test(mr.title);
}

// ---- permissions

/** Merge requests of a private project are for Reporters and above; public/internal ones for whoever sees the project. */
export function canReadMergeRequests(state: SandboxState, user: User | null, project: Project): boolean {
  if (!state.canSee(user, project) || !project.mergeRequestsEnabled) return false;
  if (project.visibility !== 'private') return true;
  return state.accessLevel(user, project) >= ACCESS.reporter;
}

export function canUpdate(state: SandboxState, user: User, project: Project, mr: MergeRequestRecord): boolean {
  return state.accessLevel(user, project) >= ACCESS.developer || mr.authorId === user.id;
}

/** Pushing to the target branch: the default branch is protected (Maintainers), others need Developer. */
export function canMerge(state: SandboxState, user: User, project: Project, mr: MergeRequestRecord): boolean {
  const needed = mr.targetBranch === project.defaultBranch ? ACCESS.maintainer : ACCESS.developer;
  return state.accessLevel(user, project) >= needed;
}

export function canDelete(state: SandboxState, user: User, project: Project): boolean {
  return state.accessLevel(user, project) >= ACCESS.owner;
}

// ---- merge status

function pipelineMustSucceed(project: Project): boolean {
  return project.settings?.only_allow_merge_if_pipeline_succeeds === true;
}

export function currentPipelineStatus(state: SandboxState, mr: MergeRequestRecord): 'running' | 'success' | 'failed' | null {
  const p = mr.pipelineId === null ? undefined : mrStore(state).pipelines.get(mr.pipelineId);
  return p ? pipelineStatus(p, state.clock.now()) : null;
}

/** detailed_merge_status: the first reason the merge request cannot be merged now, or mergeable. */
export function detailedMergeStatus(state: SandboxState, project: Project, mr: MergeRequestRecord): string {
  if (mr.state !== 'opened') return 'not_open';
  if (isDraft(mr)) return 'draft_status';
  if (mr.hasConflicts) return 'conflict';
  if (pipelineMustSucceed(project)) {
    const status = currentPipelineStatus(state, mr);
    if (status === 'running') return 'ci_still_running';
    if (status === 'failed' || status === null) return 'ci_must_pass';
  }
  return 'mergeable';
}

export function mergeStatus(mr: MergeRequestRecord): string {
  return mr.hasConflicts ? 'cannot_be_merged' : 'can_be_merged';
}

// ---- transitions

function touch(mr: MergeRequestRecord, at: number): void {
  mr.updatedAt = Math.max(mr.updatedAt, at);
}

function record(state: SandboxState, mr: MergeRequestRecord, userId: number, actionName: string, at: number): void {
  state.recordEvent({
    projectId: mr.projectId,
    authorId: userId,
    actionName,
    targetType: 'MergeRequest',
    targetId: mr.id,
    targetIid: mr.iid,
    targetTitle: mr.title,
    createdAt: at,
  });
}

/** Leaves every train and cancels the automatic merge: what closing or deleting implies. */
function dropQueued(state: SandboxState, mr: MergeRequestRecord): void {
  const store = mrStore(state);
  mr.autoMerge = null;
  store.pendingCars.delete(mr.id);
  for (let i = store.cars.length - 1; i >= 0; i--) if (store.cars[i].mrId === mr.id && store.cars[i].status !== 'merged') store.cars.splice(i, 1);
}

export function closeMergeRequest(state: SandboxState, mr: MergeRequestRecord, user: User): void {
  if (mr.state !== 'opened' && mr.state !== 'locked') return;
  const now = state.clock.now();
  mr.state = 'closed';
  mr.closedAt = now;
  mr.closedById = user.id;
  dropQueued(state, mr);
  touch(mr, now);
  record(state, mr, user.id, 'closed', now);
}

export function reopenMergeRequest(state: SandboxState, mr: MergeRequestRecord, user: User): void {
  if (mr.state !== 'closed') return;
  const now = state.clock.now();
  mr.state = 'opened';
  mr.closedAt = null;
  mr.closedById = null;
  touch(mr, now);
  // GitLab's events API names a reopening "opened" (Event#action_name).
  record(state, mr, user.id, 'opened', now);
}

export function deleteMergeRequest(state: SandboxState, mr: MergeRequestRecord): void {
  dropQueued(state, mr);
  mrStore(state).remove(mr);
}

/** The merge: merge (and squash) commits on the target branch, source branch removed if asked. */
export function mergeNow(state: SandboxState, mr: MergeRequestRecord, opts: MergeOptions, at = state.clock.now()): void {
  const store = mrStore(state);
  const squash = opts.squash ?? mr.squash;
  const removeSource = opts.removeSourceBranch ?? mr.forceRemoveSourceBranch;
  mr.headSha = store.sha(mr);
  mr.squash = squash;
  mr.squashCommitSha = squash ? fakeSha(`squash:${mr.id}:${mr.headSha}`) : null;
  mr.mergeCommitSha = fakeSha(`merge:${mr.id}:${mr.headSha}:${opts.mergeCommitMessage ?? ''}`);
  store.setBranch(mr.projectId, mr.targetBranch, mr.mergeCommitSha);
  if (removeSource) store.branches.get(mr.projectId)?.delete(mr.sourceBranch);
  if (opts.removeSourceBranch !== undefined) mr.shouldRemoveSourceBranch = opts.removeSourceBranch;
  mr.state = 'merged';
  mr.mergedAt = at;
  mr.mergedById = opts.userId;
  mr.autoMerge = null;
  mr.mergeError = null;
  store.pendingCars.delete(mr.id);
  touch(mr, at);
  // Other open merge requests from the same (now removed) branch keep their last head.
  record(state, mr, opts.userId, 'accepted', at);
}

function newTrainCar(state: SandboxState, mr: MergeRequestRecord, userId: number, squash: boolean, at: number): TrainCar {
  const store = mrStore(state);
  const pipeline = store.addPipeline({
    projectId: mr.projectId,
    sha: fakeSha(`train:${mr.id}:${at}`),
    ref: `refs/merge-requests/${mr.iid}/train`,
    source: 'merge_request_event',
    createdAt: at,
    durationMs: store.pipelineDurationMs,
    outcome: store.trainPipelineOutcome,
  });
  const car: TrainCar = {
    id: store.nextId('car'),
    mrId: mr.id,
    projectId: mr.projectId,
    targetBranch: mr.targetBranch,
    userId,
    pipelineId: pipeline.id,
    createdAt: at,
    updatedAt: at,
    status: 'idle',
    mergedAt: null,
    squash,
  };
  store.cars.push(car);
  return car;
}

export function addTrainCar(state: SandboxState, mr: MergeRequestRecord, userId: number, squash: boolean): TrainCar {
  return newTrainCar(state, mr, userId, squash, state.clock.now());
}

/** Applies everything the clock has made due since the last call. Called before each request. */
export function advance(state: SandboxState): void {
  const store = mrStore(state);
  const now = state.clock.now();
  for (const mr of store.mrs) {
    if (mr.state !== 'opened' || mr.pipelineId === null) continue;
    const p = store.pipelines.get(mr.pipelineId);
    if (!p) continue;
    const status = pipelineStatus(p, now);
    if (status === 'running') continue;
    const done = pipelineFinishedAt(p);
    if (mr.autoMerge) {
      // A failed pipeline aborts the automatic merge, as GitLab does.
      if (status === 'success' && !mr.hasConflicts && !isDraft(mr)) mergeNow(state, mr, mr.autoMerge, done);
      else {
        mr.autoMerge = null;
        mr.mergeError = status === 'failed' ? 'Pipeline failed' : 'Merge request is not mergeable';
      }
      continue;
    }
    const pending = store.pendingCars.get(mr.id);
    if (pending) {
      store.pendingCars.delete(mr.id);
      if (status === 'success') newTrainCar(state, mr, pending.userId, pending.squash, done);
    }
  }

  // Each train merges its cars in order; a car whose pipeline failed leaves the train.
  const trains = new Map<string, TrainCar[]>();
  for (const car of store.cars) {
    if (car.status !== 'idle') continue;
    const key = `${car.projectId}:${car.targetBranch}`;
    trains.set(key, [...(trains.get(key) ?? []), car]);
  }
  for (const cars of trains.values()) {
    let previous = 0;
    for (const car of cars.sort((a, b) => a.id - b.id)) {
      const p = store.pipelines.get(car.pipelineId)!;
      const status = pipelineStatus(p, now);
      if (status === 'running') break;
      if (status === 'failed') {
        store.cars.splice(store.cars.indexOf(car), 1);
        continue;
      }
      const at = Math.max(pipelineFinishedAt(p), previous);
      const mr = store.byId(car.mrId);
      if (!mr || mr.state !== 'opened') {
        store.cars.splice(store.cars.indexOf(car), 1);
        continue;
      }
      mergeNow(state, mr, { userId: car.userId, squash: car.squash }, at);
      car.status = 'merged';
      car.mergedAt = at;
      car.updatedAt = at;
      previous = at;
    }
  }
}
