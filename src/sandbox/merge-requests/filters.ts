// The list parameters of GET /merge_requests and /projects/:id/merge_requests (spec part 2 §4.1),
// read with Grape's validation texts and applied to the store's records.

import { ApiError } from '../http/errors.js';
import { isParamObject, type ParamObject } from '../http/query.js';
import type { ParamReader } from '../http/params.js';
import { isDraft } from './lifecycle.js';
import { mrStore, type MergeRequestRecord } from './store.js';
import type { SandboxState } from '../state.js';
import type { User } from '../types.js';

type Special = 'None' | 'Any';
type IdFilter = number | Special;

export interface MrListQuery {
  state?: 'opened' | 'closed' | 'locked' | 'merged' | 'all';
  scope?: 'created_by_me' | 'assigned_to_me' | 'all';
  orderBy: 'created_at' | 'title' | 'updated_at';
  sort: 'asc' | 'desc';
  labels?: string[] | Special;
  milestone?: string;
  myReactionEmoji?: string;
  authorId?: number;
  authorUsername?: string;
  assigneeId?: IdFilter;
  assigneeUsername?: string;
  reviewerId?: IdFilter;
  reviewerUsername?: string;
  not: Record<string, string>;
  approvedByIds?: number[] | Special;
  approverIds?: number[] | Special;
  approved?: 'yes' | 'no';
  createdAfter?: number;
  createdBefore?: number;
  updatedAfter?: number;
  updatedBefore?: number;
  deployedAfter?: number;
  deployedBefore?: number;
  environment?: string;
  in?: string[];
  iids?: number[];
  search?: string;
  sourceBranch?: string;
  targetBranch?: string;
  view?: 'simple';
  withLabelsDetails?: boolean;
  wip?: 'yes' | 'no';
}

function special(v: string | undefined): Special | undefined {
  if (v === undefined) return undefined;
  const s = v.toLowerCase();
  return s === 'none' ? 'None' : s === 'any' ? 'Any' : undefined;
}

function idFilter(r: ParamReader, name: string, errors: string[]): IdFilter | undefined {
  const s = r.string(name);
  if (s === undefined) return undefined;
  const sp = special(s);
  if (sp) return sp;
  if (/^\d+$/.test(s)) return Number(s);
  errors.push(`${name} is invalid`);
  return undefined;
}

function idArray(input: ParamObject, name: string, errors: string[], max?: number): number[] | Special | undefined {
  const v = input[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string' && special(v)) return special(v);
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v];
  const ids = items.map((x) => String(x).trim());
  if (!ids.every((x) => /^\d+$/.test(x))) {
    errors.push(`${name} is invalid`);
    return undefined;
  }
  if (max !== undefined && ids.length > max) {
    errors.push(`${name} must have at most ${max} items`);
    return undefined;
  }
  return ids.map(Number);
}

const NOT_KEYS = ['labels', 'milestone', 'author_id', 'author_username', 'assignee_id', 'assignee_username', 'reviewer_id', 'reviewer_username', 'my_reaction_emoji'];

export function readMrListQuery(r: ParamReader, input: ParamObject, scope: 'global' | 'project'): MrListQuery {
  const errors: string[] = [];
  const exclusive = (a: string, b: string) => {
    if (r.has(a) && r.has(b) && input[a] !== '' && input[b] !== '') errors.push(`${a}, ${b} are mutually exclusive`);
  };
  exclusive('author_id', 'author_username');
  exclusive('reviewer_id', 'reviewer_username');
  exclusive('assignee_id', 'assignee_username');

  const labelsRaw = r.string('labels');
  const labels = labelsRaw === undefined ? undefined : (special(labelsRaw) ?? labelsRaw.split(',').map((s) => s.trim()).filter(Boolean));
  const authorIdRaw = r.int('author_id');
  const not: Record<string, string> = {};
  if (input.not !== undefined) {
    if (!isParamObject(input.not)) errors.push('not is invalid');
    else
      for (const [k, v] of Object.entries(input.not)) {
        if (!NOT_KEYS.includes(k)) continue;
        not[k] = Array.isArray(v) ? v.join(',') : String(v);
      }
  }
  const q: MrListQuery = {
    state: r.oneOf('state', ['opened', 'closed', 'locked', 'merged', 'all'] as const),
    scope: r.oneOf('scope', ['created_by_me', 'assigned_to_me', 'all', 'created-by-me', 'assigned-to-me'] as const)?.replace(/-/g, '_') as MrListQuery['scope'],
    orderBy: r.oneOf('order_by', ['created_at', 'title', 'updated_at'] as const) ?? 'created_at',
    sort: r.oneOf('sort', ['asc', 'desc'] as const) ?? 'desc',
    labels,
    milestone: r.string('milestone'),
    myReactionEmoji: r.string('my_reaction_emoji'),
    authorId: authorIdRaw,
    authorUsername: r.string('author_username'),
    assigneeId: idFilter(r, 'assignee_id', errors),
    assigneeUsername: r.string('assignee_username'),
    reviewerId: idFilter(r, 'reviewer_id', errors),
    reviewerUsername: r.string('reviewer_username'),
    not,
    approvedByIds: idArray(input, 'approved_by_ids', errors, 5),
    approverIds: idArray(input, 'approver_ids', errors),
    approved: r.oneOf('approved', ['yes', 'no'] as const),
    createdAfter: r.datetime('created_after'),
    createdBefore: r.datetime('created_before'),
    updatedAfter: r.datetime('updated_after'),
    updatedBefore: r.datetime('updated_before'),
    deployedAfter: scope === 'global' ? r.datetime('deployed_after') : undefined,
    deployedBefore: scope === 'global' ? r.datetime('deployed_before') : undefined,
    environment: r.string('environment'),
    in: scope === 'global' ? r.string('in')?.split(',').map((s) => s.trim()) : undefined,
    iids: scope === 'project' ? (idArray(input, 'iids', errors) as number[] | undefined) : undefined,
    search: r.string('search'),
    sourceBranch: r.string('source_branch'),
    targetBranch: r.string('target_branch'),
    view: r.oneOf('view', ['simple'] as const),
    withLabelsDetails: r.bool('with_labels_details'),
    wip: r.oneOf('wip', ['yes', 'no'] as const),
  };
  r.bool('with_merge_status_recheck');
  if (q.in && !q.in.every((f) => f === 'title' || f === 'description')) errors.push('in does not have a valid value');
  if (q.iids !== undefined && !Array.isArray(q.iids)) errors.push('iids is invalid');
  r.errors.push(...errors);
  r.done();
  return q;
}

function userMatches(state: SandboxState, id: number, username: string): boolean {
  return state.users.get(id)?.username.toLowerCase() === username.toLowerCase();
}

function idListMatch(ids: readonly number[], f: IdFilter): boolean {
  if (f === 'None') return ids.length === 0;
  if (f === 'Any') return ids.length > 0;
  return ids.includes(f);
}

function labelsMatch(have: readonly string[], want: string[] | Special): boolean {
  if (want === 'None') return have.length === 0;
  if (want === 'Any') return have.length > 0;
  const lower = have.map((l) => l.toLowerCase());
  return want.every((w) => lower.includes(w.toLowerCase()));
}

function milestoneTitle(state: SandboxState, mr: MergeRequestRecord): string | undefined {
  return mr.milestoneId === null ? undefined : mrStore(state).milestones.get(mr.milestoneId)?.title;
}

function milestoneMatch(state: SandboxState, mr: MergeRequestRecord, want: string): boolean {
  const title = milestoneTitle(state, mr);
  const sp = special(want);
  if (sp === 'None') return title === undefined;
  if (sp === 'Any') return title !== undefined;
  return title === want;
}

function reactionMatch(mr: MergeRequestRecord, user: User | null, want: string): boolean {
  const mine = user ? mr.reactions.get(user.id) : undefined;
  const sp = special(want);
  if (sp === 'None') return mine === undefined;
  if (sp === 'Any') return mine !== undefined;
  return mine === want;
}

function approvalsMatch(ids: readonly number[], want: number[] | Special): boolean {
  if (want === 'None') return ids.length === 0;
  if (want === 'Any') return ids.length > 0;
  return want.every((id) => ids.includes(id));
}

/** Filters and sorts the candidates; a missing user filter value (unknown username) matches nothing. */
export function applyMrListQuery(state: SandboxState, user: User | null, candidates: readonly MergeRequestRecord[], q: MrListQuery, defaultScope: 'created_by_me' | 'all'): MergeRequestRecord[] {
  const scope = q.scope ?? defaultScope;
  if (scope !== 'all' && !user) throw new ApiError(401, { message: '401 Unauthorized' });
  const search = q.search?.toLowerCase();
  const inFields = q.in ?? ['title', 'description'];
  const out = candidates.filter((mr) => {
    if (q.state && q.state !== 'all' && mr.state !== q.state) return false;
    if (scope === 'created_by_me' && mr.authorId !== user!.id) return false;
    if (scope === 'assigned_to_me' && !mr.assigneeIds.includes(user!.id)) return false;
    if (q.labels !== undefined && !labelsMatch(mr.labels, q.labels)) return false;
    if (q.milestone !== undefined && !milestoneMatch(state, mr, q.milestone)) return false;
    if (q.myReactionEmoji !== undefined && !reactionMatch(mr, user, q.myReactionEmoji)) return false;
    if (q.authorId !== undefined && mr.authorId !== q.authorId) return false;
    if (q.authorUsername !== undefined && !userMatches(state, mr.authorId, q.authorUsername)) return false;
    if (q.assigneeId !== undefined && !idListMatch(mr.assigneeIds, q.assigneeId)) return false;
    if (q.assigneeUsername !== undefined && !mr.assigneeIds.some((id) => userMatches(state, id, q.assigneeUsername!))) return false;
    if (q.reviewerId !== undefined && !idListMatch(mr.reviewerIds, q.reviewerId)) return false;
    if (q.reviewerUsername !== undefined) {
      const sp = special(q.reviewerUsername);
      if (sp ? !idListMatch(mr.reviewerIds, sp) : !mr.reviewerIds.some((id) => userMatches(state, id, q.reviewerUsername!))) return false;
    }
    const n = q.not;
    if (n.labels !== undefined && n.labels.split(',').some((l) => mr.labels.some((have) => have.toLowerCase() === l.trim().toLowerCase()))) return false;
    if (n.milestone !== undefined && milestoneTitle(state, mr) === n.milestone) return false;
    if (n.author_id !== undefined && String(mr.authorId) === n.author_id) return false;
    if (n.author_username !== undefined && userMatches(state, mr.authorId, n.author_username)) return false;
    if (n.assignee_id !== undefined && mr.assigneeIds.map(String).includes(n.assignee_id)) return false;
    if (n.assignee_username !== undefined && mr.assigneeIds.some((id) => userMatches(state, id, n.assignee_username))) return false;
    if (n.reviewer_id !== undefined && mr.reviewerIds.map(String).includes(n.reviewer_id)) return false;
    if (n.reviewer_username !== undefined && mr.reviewerIds.some((id) => userMatches(state, id, n.reviewer_username))) return false;
    if (n.my_reaction_emoji !== undefined && user && mr.reactions.get(user.id) === n.my_reaction_emoji) return false;
    if (q.approvedByIds !== undefined && !approvalsMatch(mr.approvedBy, q.approvedByIds)) return false;
    if (q.approverIds !== undefined && !approvalsMatch(mr.approverIds, q.approverIds)) return false;
    if (q.approved !== undefined && (mr.approvedBy.length > 0) !== (q.approved === 'yes')) return false;
    if (q.createdAfter !== undefined && mr.createdAt < q.createdAfter) return false;
    if (q.createdBefore !== undefined && mr.createdAt > q.createdBefore) return false;
    if (q.updatedAfter !== undefined && mr.updatedAt < q.updatedAfter) return false;
    if (q.updatedBefore !== undefined && mr.updatedAt > q.updatedBefore) return false;
    if (q.environment !== undefined && !mr.deployments.has(q.environment)) return false;
    if (q.deployedAfter !== undefined || q.deployedBefore !== undefined) {
      const times = q.environment !== undefined ? [mr.deployments.get(q.environment)!] : [...mr.deployments.values()];
      if (!times.some((t) => t !== undefined && (q.deployedAfter === undefined || t >= q.deployedAfter) && (q.deployedBefore === undefined || t <= q.deployedBefore))) return false;
    }
    if (q.iids !== undefined && !q.iids.includes(mr.iid)) return false;
    if (search) {
      const hay = [inFields.includes('title') ? mr.title : '', inFields.includes('description') ? mr.description : ''].join('\n').toLowerCase();
      if (!hay.includes(search)) return false;
    }
    if (q.sourceBranch !== undefined && mr.sourceBranch !== q.sourceBranch) return false;
    if (q.targetBranch !== undefined && mr.targetBranch !== q.targetBranch) return false;
    if (q.wip !== undefined && isDraft(mr) !== (q.wip === 'yes')) return false;
    return true;
  });
  const dir = q.sort === 'asc' ? 1 : -1;
  const key: (m: MergeRequestRecord) => number | string = q.orderBy === 'title' ? (m) => m.title.toLowerCase() : q.orderBy === 'updated_at' ? (m) => m.updatedAt : (m) => m.createdAt;
  out.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : 0) * dir || (a.id - b.id) * dir;
  });
  return out;
}
