// Merge requests of the `demo` seed: every state, drafts, conflicts, pipelines that succeeded,
// failed or are still running (two finish a few minutes after start, for trying
// --when-pipeline-succeeds), labels, milestones, reviewers, approvals, reactions and deployments.
// `addMergeRequest` is also how tests make merge requests of their own.

import { DAY_MS } from '../clock.js';
import { fakeSha, mrStore, type MergeRequestRecord, type Milestone } from './store.js';
import type { SandboxState } from '../state.js';

export interface MergeRequestInit {
  project: string;
  title: string;
  author: string;
  description?: string;
  source?: string;
  target?: string;
  state?: MergeRequestRecord['state'];
  assignees?: string[];
  reviewers?: string[];
  labels?: string[];
  milestone?: string;
  conflicts?: boolean;
  /** Pipeline of the source head: how long ago it started, how long it runs (sandbox ms), its outcome. */
  pipeline?: { startedAgoMs: number; durationMs: number; outcome: 'success' | 'failed' };
  createdDaysAgo?: number;
  mergedBy?: string;
  closedBy?: string;
  approvedBy?: string[];
  approvers?: string[];
  reactions?: Record<string, string>;
  deployments?: Record<string, number>;
  squash?: boolean;
  removeSourceBranch?: boolean;
  /** Kept as given (a copy by direct transfer); default the project's next. */
  iid?: number;
  /** Sandbox ms; default createdDaysAgo before now. */
  createdAt?: number;
}

function userId(state: SandboxState, name: string): number {
  const u = state.findUser(name);
  if (!u) throw new Error(`seed: no user ${name}`);
  return u.id;
}

export function addMilestone(state: SandboxState, projectPath: string, init: Pick<Milestone, 'title' | 'state'> & Partial<Milestone>): Milestone {
  const project = state.findProject(projectPath)?.project;
  if (!project) throw new Error(`seed: no project ${projectPath}`);
  const store = mrStore(state);
  const iid = [...store.milestones.values()].filter((m) => m.projectId === project.id).length + 1;
  const m: Milestone = { description: '', createdAt: state.clock.now() - 60 * DAY_MS, dueDate: null, startDate: null, ...init, id: store.nextId('milestone'), iid, projectId: project.id };
  store.milestones.set(m.id, m);
  return m;
}

export function addMergeRequest(state: SandboxState, init: MergeRequestInit): MergeRequestRecord {
  const store = mrStore(state);
  const project = state.findProject(init.project)?.project;
  if (!project) throw new Error(`seed: no project ${init.project}`);
  const now = state.clock.now();
  const createdAt = init.createdAt ?? now - (init.createdDaysAgo ?? 1) * DAY_MS;
  const target = init.target ?? project.defaultBranch ?? 'main';
  const id = store.nextId('mr');
  const iid = init.iid === undefined ? store.nextIid(project.id) : store.takeIid(project.id, init.iid);
  const source = init.source ?? `feature/${iid}-${init.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 30)}`;
  const base = store.branchHead(project.id, target) ?? fakeSha(`head:${project.id}:${target}`);
  store.setBranch(project.id, target, base);
  const head = fakeSha(`head:${project.id}:${source}:${id}`);
  const state_ = init.state ?? 'opened';
  if (state_ !== 'merged' || !init.removeSourceBranch) store.setBranch(project.id, source, head);

  let pipelineId: number | null = null;
  if (init.pipeline) {
    pipelineId = store.addPipeline({
      projectId: project.id,
      sha: head,
      ref: source,
      source: 'push',
      createdAt: now - init.pipeline.startedAgoMs,
      durationMs: init.pipeline.durationMs,
      outcome: init.pipeline.outcome,
    }).id;
  }
  const milestone = init.milestone === undefined ? undefined : [...store.milestones.values()].find((m) => m.projectId === project.id && m.title === init.milestone);
  const finishedAt = createdAt + DAY_MS / 2;
  const mr: MergeRequestRecord = {
    id,
    iid,
    projectId: project.id,
    title: init.title,
    description: init.description ?? '',
    state: state_,
    authorId: userId(state, init.author),
    assigneeIds: (init.assignees ?? []).map((n) => userId(state, n)),
    reviewerIds: (init.reviewers ?? []).map((n) => userId(state, n)),
    labels: init.labels ?? [],
    milestoneId: milestone?.id ?? null,
    sourceBranch: source,
    targetBranch: target,
    createdAt,
    updatedAt: state_ === 'opened' ? createdAt + DAY_MS / 4 : finishedAt,
    mergedAt: state_ === 'merged' ? finishedAt : null,
    mergedById: state_ === 'merged' ? userId(state, init.mergedBy ?? init.author) : null,
    closedAt: state_ === 'closed' ? finishedAt : null,
    closedById: state_ === 'closed' ? userId(state, init.closedBy ?? init.author) : null,
    squash: init.squash ?? false,
    forceRemoveSourceBranch: init.removeSourceBranch ?? false,
    shouldRemoveSourceBranch: state_ === 'merged' ? (init.removeSourceBranch ?? false) : null,
    discussionLocked: null,
    allowCollaboration: false,
    hasConflicts: init.conflicts ?? false,
    headSha: head,
    baseSha: base,
    mergeCommitSha: state_ === 'merged' ? fakeSha(`merge:${id}:${head}:`) : null,
    squashCommitSha: state_ === 'merged' && init.squash ? fakeSha(`squash:${id}:${head}`) : null,
    autoMerge: null,
    mergeError: null,
    pipelineId,
    upvotes: Object.values(init.reactions ?? {}).filter((e) => e === 'thumbsup').length,
    downvotes: Object.values(init.reactions ?? {}).filter((e) => e === 'thumbsdown').length,
    userNotesCount: (iid * 3) % 7,
    reactions: new Map(Object.entries(init.reactions ?? {}).map(([n, e]) => [userId(state, n), e])),
    approvedBy: (init.approvedBy ?? []).map((n) => userId(state, n)),
    approverIds: (init.approvers ?? []).map((n) => userId(state, n)),
    deployments: new Map(Object.entries(init.deployments ?? {}).map(([env, daysAgo]) => [env, now - daysAgo * DAY_MS])),
    changesCount: 1 + ((iid * 7) % 23),
    tasks: { count: 0, completed: 0 },
  };
  store.mrs.push(mr);
  return mr;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const done = (outcome: 'success' | 'failed' = 'success') => ({ startedAgoMs: 3 * HOUR, durationMs: 12 * MIN, outcome });

export function seedMergeRequests(state: SandboxState): void {
  const store = mrStore(state);
  for (const [name, color] of Object.entries({ bug: '#d9534f', backend: '#428bca', feature: '#5cb85c', frontend: '#f0ad4e', docs: '#8e44ad', security: '#c0392b' })) {
    store.labelColors.set(name, color);
  }
  const api = 'acme/platform/api';
  const apiProject = state.findProject(api)!.project;
  // The API project only merges green pipelines.
  apiProject.settings = { ...apiProject.settings, only_allow_merge_if_pipeline_succeeds: true };
  addMilestone(state, api, { title: 'v1.0', state: 'active', dueDate: state.clock.daysFromToday(30) });
  addMilestone(state, api, { title: 'v0.9', state: 'closed' });

  const add = (init: MergeRequestInit) => addMergeRequest(state, init);
  add({ project: api, title: 'Fix login redirect loop', author: 'bob', assignees: ['bob'], reviewers: ['grace'], labels: ['bug', 'backend'], milestone: 'v1.0', pipeline: done(), createdDaysAgo: 6, approvedBy: ['grace'], approvers: ['grace', 'alice'], reactions: { alice: 'thumbsup' }, description: 'Users were sent back to /login after signing in.\n\n- [x] reproduce\n- [ ] test' });
  add({ project: api, title: 'Draft: New rate limiter', author: 'bob', labels: ['feature', 'backend'], milestone: 'v1.0', pipeline: { startedAgoMs: MIN, durationMs: 30 * MIN, outcome: 'success' }, createdDaysAgo: 3 });
  add({ project: api, title: 'Add OpenAPI schema', author: 'grace', reviewers: ['bob'], labels: ['docs'], conflicts: true, pipeline: done(), createdDaysAgo: 9 });
  add({ project: api, title: 'Upgrade Go to 1.22', author: 'alice', state: 'merged', mergedBy: 'grace', labels: ['backend'], milestone: 'v0.9', pipeline: done(), createdDaysAgo: 20, squash: true, removeSourceBranch: true, deployments: { production: 18, staging: 19 } });
  add({ project: api, title: 'Remove legacy endpoints', author: 'dave', state: 'closed', closedBy: 'grace', labels: ['backend'], createdDaysAgo: 15 });
  add({ project: api, title: 'Improve pagination docs', author: 'grace', labels: ['docs'], pipeline: done('failed'), createdDaysAgo: 4, reactions: { bob: 'thumbsdown' } });
  add({ project: api, title: 'Cache project lookups', author: 'bob', reviewers: ['grace', 'alice'], labels: ['backend'], milestone: 'v1.0', pipeline: { startedAgoMs: MIN, durationMs: 3 * MIN, outcome: 'success' }, createdDaysAgo: 2 });
  add({ project: api, title: 'Refactor auth middleware', author: 'bob', target: 'release/1.x', labels: ['security', 'backend'], pipeline: done(), createdDaysAgo: 5, assignees: ['grace'] });
  add({ project: api, title: 'Flaky integration test', author: 'grace', labels: ['bug'], pipeline: { startedAgoMs: MIN, durationMs: 4 * MIN, outcome: 'failed' }, createdDaysAgo: 1 });
  for (let i = 1; i <= 14; i++) {
    add({
      project: api,
      title: `Bump dependency ${String(i).padStart(2, '0')}`,
      author: i % 3 ? 'bob' : 'grace',
      state: i % 4 === 0 ? 'closed' : i % 2 ? 'merged' : 'opened',
      mergedBy: 'grace',
      labels: i % 5 === 0 ? ['security'] : [],
      pipeline: done(),
      createdDaysAgo: 30 + i,
      deployments: i % 2 ? { production: 28 + i } : undefined,
    });
  }

  const forgectl = 'opensource/forgectl';
  add({ project: forgectl, title: 'Add mr commands', author: 'alice', reviewers: ['bob'], labels: ['feature'], pipeline: done(), createdDaysAgo: 2, reactions: { bob: 'rocket' } });
  add({ project: forgectl, title: 'Fix typo in README', author: 'bob', state: 'merged', mergedBy: 'alice', labels: ['docs'], pipeline: done(), createdDaysAgo: 10 });
  add({ project: forgectl, title: 'Support --fields in yaml output', author: 'bob', assignees: ['alice'], labels: ['feature'], pipeline: done(), createdDaysAgo: 1 });

  const storefront = 'acme/web/storefront';
  add({ project: storefront, title: 'Checkout button colour', author: 'carol', labels: ['frontend'], pipeline: done(), createdDaysAgo: 3, assignees: ['carol'] });
  add({ project: storefront, title: 'Cart total rounding', author: 'alice', labels: ['bug', 'frontend'], pipeline: { startedAgoMs: MIN, durationMs: 5 * MIN, outcome: 'success' }, createdDaysAgo: 2 });

  const terraform = 'acme/platform/infra/terraform';
  add({ project: terraform, title: 'Add staging cluster', author: 'frank', reviewers: ['carol'], labels: ['feature'], pipeline: done(), createdDaysAgo: 7, deployments: { staging: 6 } });

  add({ project: 'carol/private-research', title: 'Draft: Chapter 3', author: 'carol', createdDaysAgo: 12 });
}
