// Sandbox state of merge requests, their pipelines, branches, milestones and merge trains, kept
// beside the shared state (one store per SandboxState). Time-driven changes (a pipeline finishing,
// a merge when the pipeline succeeds, a train car merging) are applied lazily by `advance()` from
// the clock, so they happen at the right sandbox time without timers.

import { createHash } from 'node:crypto';
import type { SandboxState } from '../state.js';

export type MrState = 'opened' | 'closed' | 'locked' | 'merged';

export interface Pipeline {
  id: number;
  iid: number;
  projectId: number;
  sha: string;
  ref: string;
  source: string;
  createdAt: number;
  /** Sandbox milliseconds from creation to the end. */
  durationMs: number;
  outcome: 'success' | 'failed';
}

export interface Milestone {
  id: number;
  iid: number;
  projectId: number;
  title: string;
  description: string;
  state: 'active' | 'closed';
  createdAt: number;
  dueDate: string | null;
  startDate: string | null;
}

/** What a merge was asked to do; kept while it waits for the pipeline. */
export interface MergeOptions {
  userId: number;
  squash?: boolean;
  removeSourceBranch?: boolean;
  mergeCommitMessage?: string;
  squashCommitMessage?: string;
}

export interface MergeRequestRecord {
  id: number;
  iid: number;
  projectId: number;
  title: string;
  description: string;
  state: MrState;
  authorId: number;
  assigneeIds: number[];
  reviewerIds: number[];
  labels: string[];
  milestoneId: number | null;
  sourceBranch: string;
  targetBranch: string;
  createdAt: number;
  updatedAt: number;
  mergedAt: number | null;
  mergedById: number | null;
  closedAt: number | null;
  closedById: number | null;
  squash: boolean;
  /** remove_source_branch of the merge request itself (force_remove_source_branch). */
  forceRemoveSourceBranch: boolean;
  /** should_remove_source_branch given to the merge. */
  shouldRemoveSourceBranch: boolean | null;
  discussionLocked: boolean | null;
  allowCollaboration: boolean;
  hasConflicts: boolean;
  /** Source-branch head when the branch is gone (after removal on merge). */
  headSha: string;
  baseSha: string;
  mergeCommitSha: string | null;
  squashCommitSha: string | null;
  /** Waiting to be merged when the pipeline succeeds (merge_when_pipeline_succeeds). */
  autoMerge: MergeOptions | null;
  mergeError: string | null;
  pipelineId: number | null;
  upvotes: number;
  downvotes: number;
  userNotesCount: number;
  /** User id → emoji the user reacted with. */
  reactions: Map<number, string>;
  approvedBy: number[];
  approverIds: number[];
  /** Environment name → deployment time. */
  deployments: Map<string, number>;
  changesCount: number;
  tasks: { count: number; completed: number };
}

export type CarStatus = 'idle' | 'merged';

export interface TrainCar {
  id: number;
  mrId: number;
  projectId: number;
  targetBranch: string;
  userId: number;
  pipelineId: number;
  createdAt: number;
  updatedAt: number;
  status: CarStatus;
  mergedAt: number | null;
  squash: boolean;
}

export class MergeRequestStore {
  readonly mrs: MergeRequestRecord[] = [];
  readonly pipelines = new Map<number, Pipeline>();
  readonly milestones = new Map<number, Milestone>();
  /** Project id → branch → head sha. */
  readonly branches = new Map<number, Map<string, string>>();
  readonly labelColors = new Map<string, string>();
  readonly cars: TrainCar[] = [];
  /** Merge request id → who asked to add it to the train once its pipeline succeeds. */
  readonly pendingCars = new Map<number, { userId: number; squash: boolean; at: number }>();
  /** How long a new pipeline (a train car's) runs, in sandbox milliseconds. */
  pipelineDurationMs = 90_000;
  /** Outcome of the next train pipelines; tests set 'failed' to see a car dropped. */
  trainPipelineOutcome: 'success' | 'failed' = 'success';
  private readonly seq = { mr: 0, pipeline: 0, milestone: 0, car: 0 };
  private readonly pipelineIids = new Map<number, number>();
  private readonly mrIids = new Map<number, number>();

  nextId(kind: keyof MergeRequestStore['seq']): number {
    return ++this.seq[kind];
  }

  nextIid(projectId: number): number {
    const n = (this.mrIids.get(projectId) ?? 0) + 1;
    this.mrIids.set(projectId, n);
    return n;
  }

  /** A given iid (an imported merge request keeps its own); later ones follow the highest. */
  takeIid(projectId: number, iid: number): number {
    this.mrIids.set(projectId, Math.max(iid, this.mrIids.get(projectId) ?? 0));
    return iid;
  }

  find(projectId: number, iid: number): MergeRequestRecord | undefined {
    return this.mrs.find((m) => m.projectId === projectId && m.iid === iid);
  }

  byId(id: number): MergeRequestRecord | undefined {
    return this.mrs.find((m) => m.id === id);
  }

  remove(mr: MergeRequestRecord): void {
    this.mrs.splice(this.mrs.indexOf(mr), 1);
    this.pendingCars.delete(mr.id);
    for (let i = this.cars.length - 1; i >= 0; i--) if (this.cars[i].mrId === mr.id) this.cars.splice(i, 1);
  }

  branchHead(projectId: number, branch: string): string | undefined {
    return this.branches.get(projectId)?.get(branch);
  }

  setBranch(projectId: number, branch: string, sha: string): void {
    let map = this.branches.get(projectId);
    if (!map) this.branches.set(projectId, (map = new Map()));
    map.set(branch, sha);
  }

  /** The merge request's source head: the branch's, or the last one known once the branch is gone. */
  sha(mr: MergeRequestRecord): string {
    return this.branchHead(mr.projectId, mr.sourceBranch) ?? mr.headSha;
  }

  addPipeline(p: Omit<Pipeline, 'id' | 'iid'>): Pipeline {
    const iid = (this.pipelineIids.get(p.projectId) ?? 0) + 1;
    this.pipelineIids.set(p.projectId, iid);
    const pipeline: Pipeline = { ...p, id: this.nextId('pipeline'), iid };
    this.pipelines.set(pipeline.id, pipeline);
    return pipeline;
  }
}

const stores = new WeakMap<SandboxState, MergeRequestStore>();

export function mrStore(state: SandboxState): MergeRequestStore {
  let s = stores.get(state);
  if (!s) stores.set(state, (s = new MergeRequestStore()));
  return s;
}

/** A commit SHA derived from a name, so seeds give the same SHAs on every run. */
export function fakeSha(seed: string): string {
  return createHash('sha1').update(`forgectl-sandbox:${seed}`).digest('hex');
}

export function pipelineFinishedAt(p: Pipeline): number {
  return p.createdAt + p.durationMs;
}

/** running until its duration has passed, then its outcome. */
export function pipelineStatus(p: Pipeline, now: number): 'running' | 'success' | 'failed' {
  return now < pipelineFinishedAt(p) ? 'running' : p.outcome;
}
