// The merge-request list parameters of spec part 2 §4.1, turned from flags into query parameters
// and checked against the service's rules before anything is sent.

import { UsageError } from '../../core/errors.js';
import { parseChoice, parseDateTime, parseInteger, parseList } from '../../core/parse.js';
import type { QueryParams, QueryValue } from '../../core/query.js';

export const STATES = ['opened', 'closed', 'locked', 'merged', 'all'] as const;
export const SCOPES = ['created_by_me', 'assigned_to_me', 'all'] as const;
export const ORDER_BY = ['created_at', 'title', 'updated_at'] as const;
export const IN_FIELDS = ['title', 'description', 'title,description', 'description,title'] as const;

/** The special values some filters take: no value set / any value set. */
const NONE_ANY = ['None', 'Any'];

export interface MrListOptions {
  project?: string;
  state?: string;
  scope?: string;
  orderBy?: string;
  sort?: string;
  labels?: string;
  notLabels?: string;
  milestone?: string;
  notMilestone?: string;
  author?: string;
  authorId?: string;
  authorUsername?: string;
  notAuthor?: string;
  assignee?: string;
  assigneeId?: string;
  assigneeUsername?: string;
  notAssignee?: string;
  reviewer?: string;
  reviewerId?: string;
  reviewerUsername?: string;
  notReviewer?: string;
  myReactionEmoji?: string;
  notMyReactionEmoji?: string;
  approvedByIds?: string;
  approverIds?: string;
  approved?: string;
  createdAfter?: string;
  createdBefore?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  deployedAfter?: string;
  deployedBefore?: string;
  environment?: string;
  in?: string;
  iids?: string;
  search?: string;
  sourceBranch?: string;
  targetBranch?: string;
  view?: string;
  withLabelsDetails?: boolean;
  withMergeStatusRecheck?: boolean;
  wip?: string;
  draft?: boolean;
}

/** Case-insensitive `none`/`any` written as the service spells them. */
function noneAny(raw: string): string | undefined {
  return NONE_ANY.find((v) => v.toLowerCase() === raw.trim().toLowerCase());
}

/** An integer id, or None/Any where the parameter allows them. */
function idOrSpecial(flag: string, raw: string, allowSpecial: boolean): number | string {
  const special = noneAny(raw);
  if (special) {
    if (!allowSpecial) throw new UsageError(`${flag} does not take ${special}`);
    return special;
  }
  return parseInteger(flag, raw, { min: 1 });
}

/** A user given as id or username: which parameter it goes to. */
function userParam(flag: string, raw: string, allowSpecial: boolean): { kind: 'id' | 'username'; value: string | number } {
  const v = raw.trim().replace(/^@/, '');
  if (!v) throw new UsageError(`${flag} needs a user id or username`);
  const special = noneAny(v);
  if (special) {
    if (!allowSpecial) throw new UsageError(`${flag} does not take ${special}`);
    return { kind: 'id', value: special };
  }
  if (/^\d+$/.test(v)) return { kind: 'id', value: parseInteger(flag, v, { min: 1 }) };
  return { kind: 'username', value: v };
}

/** At most one of the flags that set the same filter (`--author`, `--author-id`, `--author-username`). */
function oneOf(o: MrListOptions, flags: Record<string, string>): void {
  const given = Object.entries(flags).filter(([k]) => (o as Record<string, unknown>)[k] !== undefined);
  if (given.length > 1) throw new UsageError(`${given.map(([, f]) => f).join(' and ')} cannot be used together`, 'the service takes a user either by id or by username');
}

/** `--x-id` / `--x-username` / `--x` (either) → `{x_id}` or `{x_username}`. */
function userFilter(o: MrListOptions, base: 'author' | 'assignee' | 'reviewer', allowSpecial: boolean, q: Record<string, QueryValue>): void {
  const key = base as 'author' | 'assignee' | 'reviewer';
  const idKey = `${key}Id` as const;
  const nameKey = `${key}Username` as const;
  oneOf(o, { [key]: `--${key}`, [idKey]: `--${key}-id`, [nameKey]: `--${key}-username` });
  if (o[key] !== undefined) {
    const u = userParam(`--${key}`, o[key]!, allowSpecial);
    q[`${base}_${u.kind}`] = u.value;
  }
  if (o[idKey] !== undefined) q[`${base}_id`] = idOrSpecial(`--${key}-id`, o[idKey]!, allowSpecial);
  if (o[nameKey] !== undefined) {
    const v = o[nameKey]!.trim().replace(/^@/, '');
    if (!v) throw new UsageError(`--${key}-username needs a username`);
    // reviewer_username takes None/Any; author_username and assignee_username do not.
    const special = noneAny(v);
    if (special && base !== 'reviewer') throw new UsageError(`--${key}-username does not take ${special}`);
    q[`${base}_username`] = special ?? v;
  }
}

/** Up to `max` user ids, or None/Any. */
function idListOrSpecial(flag: string, raw: string, max?: number): QueryValue {
  const special = noneAny(raw);
  if (special) return special;
  const ids = parseList(raw).map((s) => parseInteger(flag, s, { min: 1 }));
  if (!ids.length) throw new UsageError(`${flag} needs user ids, None or Any`);
  if (max !== undefined && ids.length > max) throw new UsageError(`${flag} takes at most ${max} users, got ${ids.length}`);
  return ids;
}

/** Query of GET /merge_requests or /projects/:id/merge_requests. */
export function mrListQuery(o: MrListOptions, scope: 'global' | 'project'): QueryParams {
  const q: Record<string, QueryValue> = {};
  if (o.state) q.state = parseChoice('--state', o.state, STATES);
  if (o.scope) q.scope = parseChoice('--scope', o.scope, SCOPES);
  if (o.orderBy) q.order_by = parseChoice('--order-by', o.orderBy, ORDER_BY);
  if (o.sort) q.sort = parseChoice('--sort', o.sort, ['asc', 'desc'] as const);
  if (o.labels !== undefined) q.labels = noneAny(o.labels) ?? parseList(o.labels).join(',');
  if (o.milestone !== undefined) q.milestone = noneAny(o.milestone) ?? o.milestone;
  if (o.myReactionEmoji !== undefined) q.my_reaction_emoji = noneAny(o.myReactionEmoji) ?? o.myReactionEmoji;

  userFilter(o, 'author', false, q);
  userFilter(o, 'assignee', true, q);
  userFilter(o, 'reviewer', true, q);

  // not[...]: the negated filters.
  const not: Record<string, QueryValue> = {};
  if (o.notLabels !== undefined) not.labels = parseList(o.notLabels).join(',');
  if (o.notMilestone !== undefined) not.milestone = o.notMilestone;
  if (o.notMyReactionEmoji !== undefined) not.my_reaction_emoji = o.notMyReactionEmoji;
  for (const [flag, base, raw] of [
    ['--not-author', 'author', o.notAuthor],
    ['--not-assignee', 'assignee', o.notAssignee],
    ['--not-reviewer', 'reviewer', o.notReviewer],
  ] as const) {
    if (raw === undefined) continue;
    const u = userParam(flag, raw, false);
    not[`${base}_${u.kind}`] = u.value;
  }
  if (Object.keys(not).length) q.not = not;

  if (o.approvedByIds !== undefined) q.approved_by_ids = idListOrSpecial('--approved-by-ids', o.approvedByIds, 5);
  if (o.approverIds !== undefined) q.approver_ids = idListOrSpecial('--approver-ids', o.approverIds);
  if (o.approved !== undefined) q.approved = parseChoice('--approved', o.approved, ['yes', 'no'] as const);

  for (const [flag, param, raw] of [
    ['--created-after', 'created_after', o.createdAfter],
    ['--created-before', 'created_before', o.createdBefore],
    ['--updated-after', 'updated_after', o.updatedAfter],
    ['--updated-before', 'updated_before', o.updatedBefore],
    ['--deployed-after', 'deployed_after', o.deployedAfter],
    ['--deployed-before', 'deployed_before', o.deployedBefore],
  ] as const) {
    if (raw !== undefined) q[param] = parseDateTime(flag, raw);
  }
  for (const [a, b, name] of [
    ['created_after', 'created_before', 'created'],
    ['updated_after', 'updated_before', 'updated'],
    ['deployed_after', 'deployed_before', 'deployed'],
  ] as const) {
    if (q[a] && q[b] && Date.parse(String(q[a])) > Date.parse(String(q[b]))) throw new UsageError(`--${name}-after is later than --${name}-before`);
  }

  if (o.environment !== undefined) q.environment = o.environment;
  if (o.in !== undefined) q.in = parseChoice('--in', o.in.replace(/\s+/g, ''), IN_FIELDS);
  if (o.iids !== undefined) {
    const iids = parseList(o.iids).map((s) => parseInteger('--iids', s.replace(/^!/, ''), { min: 1 }));
    if (!iids.length) throw new UsageError('--iids needs merge request IIDs, e.g. 1,2,3');
    q.iids = iids;
  }
  if (o.search !== undefined) q.search = o.search;
  if (o.sourceBranch !== undefined) q.source_branch = o.sourceBranch;
  if (o.targetBranch !== undefined) q.target_branch = o.targetBranch;
  if (o.view !== undefined) q.view = parseChoice('--view', o.view, ['simple'] as const);
  if (o.withLabelsDetails) q.with_labels_details = true;
  if (o.withMergeStatusRecheck) q.with_merge_status_recheck = true;
  if (o.wip !== undefined && o.draft !== undefined) throw new UsageError('--wip and --draft/--no-draft cannot be used together', '--wip is the older name of --draft');
  if (o.wip !== undefined) q.wip = parseChoice('--wip', o.wip, ['yes', 'no'] as const);
  if (o.draft !== undefined) q.wip = o.draft ? 'yes' : 'no';

  // Where each parameter may be used (spec: G = global list only, P = project list only).
  const globalOnly = ['deployed_after', 'deployed_before', 'in', 'with_merge_status_recheck'];
  const projectOnly = ['iids'];
  const wrong = scope === 'project' ? globalOnly.filter((k) => k in q) : projectOnly.filter((k) => k in q);
  if (wrong.length) {
    const flags = wrong.map((k) => `--${k.replace(/_/g, '-')}`).join(', ');
    throw new UsageError(
      scope === 'project' ? `${flags} only work in the list across projects (without --project)` : `${flags} need --project`,
    );
  }

  if (scope === 'global' && (q.author_id !== undefined || q.author_username !== undefined)) {
    // Globally the default scope is created_by_me, which an author filter would contradict.
    if (q.scope === 'created_by_me') throw new UsageError('--author cannot be combined with --scope created_by_me', 'use --scope all or assigned_to_me');
    q.scope ??= 'all';
  }
  return q;
}
