// Epics (spec part 2 §2.5, §4.5; deprecated API), after GitLab's ee/lib/api/epics.rb and
// EpicEntity: start and due dates are composite (the fixed date when *_is_fixed, else the date
// inherited from child epics and milestones), references are relative to the requesting group,
// `_links` point at the API. Every call needs a signed-in caller; non-members of a private group
// get 404; writing needs at least the Planner role (authors may edit their own epics).

import { canReadGroup } from '../access/policy.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import type { Handler, HandlerResult, Router, SandboxRequest } from '../http/router.js';
import { userBasic } from '../users/entity.js';
import type { SandboxState } from '../state.js';
import { ACCESS, type Group, type User } from '../types.js';
import { findEpicOrFail, findGroupOrFail } from '../collab/access.js';
import { collab, type Epic } from '../collab/store.js';

export const EPIC_DESCRIPTION_MAX = 1_048_576;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function composite(e: Epic): { start: string | null; due: string | null } {
  return {
    start: e.startDateIsFixed ? e.startDateFixed : e.startDateInherited,
    due: e.dueDateIsFixed ? e.dueDateFixed : e.dueDateInherited,
  };
}

const LABEL_COLORS = ['#d9534f', '#428bca', '#5cb85c', '#f0ad4e', '#8e44ad'];

function labelDetails(name: string): Record<string, unknown> {
  const color = LABEL_COLORS[[...name].reduce((a, c) => a + c.charCodeAt(0), 0) % LABEL_COLORS.length];
  return { name, color, description: null, description_html: '', text_color: '#FFFFFF' };
}

export function epicJson(state: SandboxState, e: Epic, opts: { requestGroup?: Group; user: User | null; labelsDetails?: boolean; single?: boolean }): Record<string, unknown> {
  const group = state.namespace(e.groupId) as Group;
  const path = state.fullPath(group);
  const api = `${state.baseUrl}/api/v4`;
  const parent = e.parentId === null ? undefined : collab(state).epics.find((p) => p.id === e.parentId);
  const author = state.users.get(e.authorId);
  const { start, due } = composite(e);
  const relative = !opts.requestGroup || opts.requestGroup.id === group.id ? `&${e.iid}` : `${path}&${e.iid}`;
  const out: Record<string, unknown> = {
    id: e.id,
    iid: e.iid,
    color: e.color,
    text_color: '#FFFFFF',
    group_id: e.groupId,
    parent_id: e.parentId,
    parent_iid: parent?.iid ?? null,
    title: e.title,
    description: e.description,
    confidential: e.confidential,
    author: author ? userBasic(state, author) : null,
    start_date: start,
    end_date: due,
    due_date: due,
    state: e.state,
    web_url: `${state.baseUrl}/groups/${path}/-/epics/${e.iid}`,
    reference: `&${e.iid}`,
    references: { short: `&${e.iid}`, relative, full: `${path}&${e.iid}` },
    created_at: iso(e.createdAt),
    updated_at: iso(e.updatedAt),
    closed_at: iso(e.closedAt),
    labels: opts.labelsDetails ? e.labels.map(labelDetails) : [...e.labels],
    upvotes: e.upvotes,
    downvotes: e.downvotes,
    imported: false,
    imported_from: 'none',
    _links: {
      self: `${api}/groups/${e.groupId}/epics/${e.iid}`,
      epic_issues: `${api}/groups/${e.groupId}/epics/${e.iid}/issues`,
      group: `${api}/groups/${e.groupId}`,
      parent: parent ? `${api}/groups/${parent.groupId}/epics/${parent.iid}` : null,
    },
  };
  // The date sources are shown to those who may edit the epic.
  if (canEdit(state, opts.user, e)) {
    Object.assign(out, {
      start_date_is_fixed: e.startDateIsFixed,
      start_date_fixed: e.startDateFixed,
      start_date_from_milestones: e.startDateInherited,
      start_date_from_inherited_source: e.startDateInherited,
      due_date_is_fixed: e.dueDateIsFixed,
      due_date_fixed: e.dueDateFixed,
      due_date_from_milestones: e.dueDateInherited,
      due_date_from_inherited_source: e.dueDateInherited,
    });
  }
  if (opts.single) out.subscribed = e.authorId === opts.user?.id;
  return out;
}

function canEdit(state: SandboxState, user: User | null, e: Epic): boolean {
  if (!user) return false;
  if (user.id === e.authorId) return true;
  return state.accessLevel(user, state.namespace(e.groupId)) >= ACCESS.planner;
}

const ORDER: Record<string, (e: Epic) => number | string> = {
  created_at: (e) => e.createdAt,
  updated_at: (e) => e.updatedAt,
  title: (e) => e.title.toLowerCase(),
};

function listEpics(req: SandboxRequest): HandlerResult {
  const { state } = req;
  const group = findGroupOrFail(req);
  const r = new ParamReader(req.input());
  const page = readPage(r);
  const q = {
    authorId: r.int('author_id'),
    authorUsername: r.string('author_username'),
    labels: r.list('labels'),
    withLabelsDetails: r.bool('with_labels_details') ?? false,
    orderBy: r.oneOf('order_by', ['created_at', 'updated_at', 'title'] as const) ?? 'created_at',
    sort: r.oneOf('sort', ['asc', 'desc'] as const) ?? 'desc',
    search: r.string('search'),
    state: r.oneOf('state', ['opened', 'closed', 'all'] as const) ?? 'all',
    createdAfter: r.datetime('created_after'),
    createdBefore: r.datetime('created_before'),
    updatedAfter: r.datetime('updated_after'),
    updatedBefore: r.datetime('updated_before'),
    ancestors: r.bool('include_ancestor_groups') ?? false,
    descendants: r.bool('include_descendant_groups') ?? true,
    reaction: r.string('my_reaction_emoji'),
    not: r.hash('not') ?? {},
  };
  r.done();
  const groups = new Set<number>([group.id]);
  if (q.ancestors) for (const a of state.ancestors(group)) groups.add(a.id);
  if (q.descendants) {
    for (const ns of state.namespaces.values()) if (ns.kind === 'group' && state.ancestors(ns).some((a) => a.id === group.id)) groups.add(ns.id);
  }
  const author = q.authorUsername === undefined ? undefined : state.findUser(q.authorUsername);
  const notAuthor = q.not.author_username === undefined ? undefined : state.findUser(q.not.author_username);
  const notLabels = q.not.labels?.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) ?? [];
  const wantLabels = q.labels?.map((l) => l.toLowerCase());
  const needle = q.search?.toLowerCase();
  const items = collab(state).epics.filter((e) => {
    if (!groups.has(e.groupId)) return false;
    const g = state.namespace(e.groupId) as Group;
    if (!canSeeEpicIn(state, req.user, g, e)) return false;
    if (q.state !== 'all' && e.state !== q.state) return false;
    if (q.authorId !== undefined && e.authorId !== q.authorId) return false;
    if (q.authorUsername !== undefined && e.authorId !== author?.id) return false;
    if (q.not.author_id !== undefined && String(e.authorId) === q.not.author_id) return false;
    if (notAuthor && e.authorId === notAuthor.id) return false;
    const labels = e.labels.map((l) => l.toLowerCase());
    if (wantLabels) {
      if (wantLabels.length === 1 && wantLabels[0] === 'none') {
        if (labels.length) return false;
      } else if (wantLabels.length === 1 && wantLabels[0] === 'any') {
        if (!labels.length) return false;
      } else if (!wantLabels.every((l) => labels.includes(l))) return false;
    }
    if (notLabels.length && notLabels.some((l) => labels.includes(l))) return false;
    if (needle && !`${e.title}\n${e.description}`.toLowerCase().includes(needle)) return false;
    if (q.createdAfter !== undefined && e.createdAt < q.createdAfter) return false;
    if (q.createdBefore !== undefined && e.createdAt > q.createdBefore) return false;
    if (q.updatedAfter !== undefined && e.updatedAt < q.updatedAfter) return false;
    if (q.updatedBefore !== undefined && e.updatedAt > q.updatedBefore) return false;
    // The sandbox keeps no award emoji: nobody has reacted to anything.
    if (q.reaction !== undefined && q.reaction.toLowerCase() !== 'none') return false;
    return true;
  });
  const key = ORDER[q.orderBy];
  const dir = q.sort === 'asc' ? 1 : -1;
  items.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : 0) * dir || (a.id - b.id) * dir;
  });
  return offsetPage(req, page, items, (e) => epicJson(state, e, { requestGroup: group, user: req.user, labelsDetails: q.withLabelsDetails }));
}

function canSeeEpicIn(state: SandboxState, user: User | null, g: Group, e: Epic): boolean {
  if (user?.admin) return true;
  if (!canReadGroup(state, user, g)) return false;
  return !e.confidential || state.memberAccess(user, g) >= ACCESS.planner;
}

function getEpic(req: SandboxRequest): HandlerResult {
  const { group, epic } = findEpicOrFail(req);
  return { status: 200, body: epicJson(req.state, epic, { requestGroup: group, user: req.user, single: true }) };
}

interface EpicInput {
  title?: string;
  description?: string;
  labels?: string[];
  addLabels?: string[];
  removeLabels?: string[];
  confidential?: boolean;
  color?: string;
  startDateIsFixed?: boolean;
  startDateFixed?: string | null;
  dueDateIsFixed?: boolean;
  dueDateFixed?: string | null;
  parentId?: number | null;
  stateEvent?: 'close' | 'reopen';
  createdAt?: number;
  updatedAt?: number;
}

function readEpicInput(req: SandboxRequest, create: boolean): EpicInput {
  const r = new ParamReader(req.input());
  const src = req.input();
  const i: EpicInput = {
    title: create ? r.required('title') : r.string('title'),
    description: r.string('description'),
    labels: 'labels' in src ? (r.list('labels') ?? []) : undefined,
    addLabels: create ? undefined : r.list('add_labels'),
    removeLabels: create ? undefined : r.list('remove_labels'),
    confidential: r.bool('confidential'),
    color: r.string('color'),
    startDateIsFixed: r.bool('start_date_is_fixed'),
    startDateFixed: 'start_date_fixed' in src ? (r.date('start_date_fixed') ?? null) : undefined,
    dueDateIsFixed: r.bool('due_date_is_fixed'),
    dueDateFixed: 'due_date_fixed' in src ? (r.date('due_date_fixed') ?? null) : undefined,
    parentId: 'parent_id' in src ? (r.int('parent_id') ?? null) : undefined,
    stateEvent: create ? undefined : r.oneOf('state_event', ['close', 'reopen'] as const),
    createdAt: create ? r.datetime('created_at') : undefined,
    updatedAt: create ? undefined : r.datetime('updated_at'),
  };
  r.done();
  if (i.description !== undefined && i.description.length > EPIC_DESCRIPTION_MAX) {
    throw badRequest(`description is too long (maximum is ${EPIC_DESCRIPTION_MAX} characters)`);
  }
  if (i.color !== undefined && !/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(i.color)) throw badRequest('color must be a valid color code');
  return i;
}

function applyParent(req: SandboxRequest, e: Epic, group: Group, parentId: number | null): void {
  if (parentId === null) {
    e.parentId = null;
    return;
  }
  // parent_id is the parent's global id; it must be an epic of this group or an ancestor.
  const parent = collab(req.state).epics.find((p) => p.id === parentId);
  const inHierarchy = parent && req.state.ancestors(group).some((a) => a.id === parent.groupId);
  if (!parent || !inHierarchy) throw notFound('Parent epic');
  if (parent.id === e.id) throw badRequest('Parent epic cannot be the epic itself');
  e.parentId = parent.id;
}

function dates(e: Epic, i: EpicInput): void {
  if (i.startDateIsFixed !== undefined) e.startDateIsFixed = i.startDateIsFixed;
  if (i.startDateFixed !== undefined) e.startDateFixed = i.startDateFixed;
  if (i.dueDateIsFixed !== undefined) e.dueDateIsFixed = i.dueDateIsFixed;
  if (i.dueDateFixed !== undefined) e.dueDateFixed = i.dueDateFixed;
  const { start, due } = composite(e);
  if (start && due && start > due) throw badRequest('start_date should be less than or equal to due_date');
}

function requireWriter(req: SandboxRequest, group: Group, e?: Epic): User {
  const user = req.user!;
  if (e && canEdit(req.state, user, e)) return user;
  if (req.state.accessLevel(user, group) < ACCESS.planner) throw forbidden();
  return user;
}

function createEpic(req: SandboxRequest): HandlerResult {
  const { state } = req;
  const group = findGroupOrFail(req);
  const user = requireWriter(req, group);
  const i = readEpicInput(req, true);
  const store = collab(state);
  const now = state.clock.now();
  // created_at needs administrator or group owner rights; others get the current time.
  const createdAt = i.createdAt !== undefined && state.accessLevel(user, group) >= ACCESS.owner ? i.createdAt : now;
  const e = store.newEpic({
    iid: Math.max(0, ...store.epics.filter((x) => x.groupId === group.id).map((x) => x.iid)) + 1,
    groupId: group.id,
    title: i.title!,
    description: i.description ?? '',
    confidential: i.confidential ?? false,
    authorId: user.id,
    labels: i.labels ?? [],
    color: i.color ?? '#1068bf',
    createdAt,
  });
  dates(e, i);
  if (i.parentId !== undefined) applyParent(req, e, group, i.parentId);
  store.epics.push(e);
  recordEpicEvent(state, e, user, 'opened');
  return { status: 201, body: epicJson(state, e, { requestGroup: group, user, single: true }) };
}

function updateEpic(req: SandboxRequest): HandlerResult {
  const { state } = req;
  const { group, epic } = findEpicOrFail(req);
  const user = requireWriter(req, group, epic);
  const i = readEpicInput(req, false);
  const copy = { ...epic, labels: [...epic.labels] };
  if (i.title !== undefined) copy.title = i.title;
  if (i.description !== undefined) copy.description = i.description;
  if (i.confidential !== undefined) copy.confidential = i.confidential;
  if (i.color !== undefined) copy.color = i.color;
  if (i.labels !== undefined) copy.labels = i.labels;
  for (const l of i.addLabels ?? []) if (!copy.labels.some((x) => x.toLowerCase() === l.toLowerCase())) copy.labels.push(l);
  if (i.removeLabels) copy.labels = copy.labels.filter((x) => !i.removeLabels!.some((l) => l.toLowerCase() === x.toLowerCase()));
  dates(copy, i);
  if (i.parentId !== undefined) applyParent(req, copy, group, i.parentId);
  const now = state.clock.now();
  let action: string | undefined;
  if (i.stateEvent === 'close' && copy.state === 'opened') {
    copy.state = 'closed';
    copy.closedAt = now;
    action = 'closed';
  } else if (i.stateEvent === 'reopen' && copy.state === 'closed') {
    copy.state = 'opened';
    copy.closedAt = null;
    action = 'reopened';
  }
  copy.updatedAt = i.updatedAt !== undefined && state.accessLevel(user, group) >= ACCESS.owner ? i.updatedAt : now;
  Object.assign(epic, copy);
  recordEpicEvent(state, epic, user, action ?? 'updated');
  return { status: 200, body: epicJson(state, epic, { requestGroup: group, user, single: true }) };
}

/** Recorded like every other change; the events API leaves epic events out (spec part 2 §2.4). */
function recordEpicEvent(state: SandboxState, e: Epic, user: User, action: string): void {
  state.recordEvent({ projectId: null, authorId: user.id, actionName: action, targetType: 'Epic', targetId: e.id, targetIid: e.iid, targetTitle: e.title, data: { groupId: e.groupId } });
}

/**
 * Epics are a Premium feature: on the free tier a visible group answers 403 (GitLab's
 * `authorize_epics_feature!`); a group the caller cannot see is still a 404 first.
 */
export function requireEpicsFeature(handler: Handler): Handler {
  return (req) => {
    findGroupOrFail(req);
    if (req.state.instance.tier === 'free') throw forbidden();
    return handler(req);
  };
}

export function registerEpics(router: Router): void {
  router.get('/groups/:id/epics', requireEpicsFeature(listEpics));
  router.get('/groups/:id/epics/:epic_iid', requireEpicsFeature(getEpic));
  router.post('/groups/:id/epics', requireEpicsFeature(createEpic));
  router.put('/groups/:id/epics/:epic_iid', requireEpicsFeature(updateEpic));
}
