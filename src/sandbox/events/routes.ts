// The activity feed (spec part 2 §4.4), after GitLab's lib/api/events.rb and EventsFinder:
// the caller's own events (or, with scope=all, every event of their projects), one user's events,
// or one project's; the filters action, target_type, before/after (dates, both exclusive:
// before the day starts, after it ends) and sort; only events the caller may see.

import { DAY_MS } from '../clock.js';
import { actionOf, EVENT_ACTIONS, eventJson, TARGET_TYPES, type EventData } from './render.js';
import { seedEvents } from './seed.js';
import { canReadGroup } from '../access/policy.js';
import { notFound } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import { findProjectOrFail } from '../access/projects.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { HandlerResult, Router, SandboxRequest } from '../http/router.js';
import type { SandboxState } from '../state.js';
import { ACCESS, type EventRecord, type Project, type User } from '../types.js';

/** Events older than three years are removed (spec part 2 §2.4, §8.4). */
const RETENTION_MS = 3 * 365 * DAY_MS;

function visible(state: SandboxState, user: User | null, e: EventRecord): boolean {
  if (e.projectId !== null) {
    const p = state.projectById.get(e.projectId);
    return !!p && !p.pendingDelete && state.canSee(user, p);
  }
  const groupId = (e.data as EventData | undefined)?.groupId;
  if (groupId === undefined) return user?.admin === true || user?.id === e.authorId;
  const g = state.namespaces.get(groupId);
  return !!g && g.kind === 'group' && canReadGroup(state, user, g);
}

function respond(req: SandboxRequest, candidates: (e: EventRecord) => boolean): HandlerResult {
  const { state } = req;
  const r = new ParamReader(req.input());
  const page = readPage(r);
  const f = {
    action: r.oneOf('action', EVENT_ACTIONS),
    targetType: r.oneOf('target_type', Object.keys(TARGET_TYPES)),
    before: r.date('before'),
    after: r.date('after'),
    sort: r.oneOf('sort', ['asc', 'desc'] as const) ?? 'desc',
    scope: r.string('scope'),
  };
  r.done();
  const cutoff = state.clock.now() - RETENTION_MS;
  const before = f.before === undefined ? undefined : Date.parse(`${f.before}T00:00:00Z`);
  const after = f.after === undefined ? undefined : Date.parse(`${f.after}T00:00:00Z`) + DAY_MS;
  const items = state.events.filter((e) => {
    if (e.createdAt < cutoff || !candidates(e)) return false;
    if (f.action && actionOf(e) !== f.action) return false;
    if (f.targetType && !TARGET_TYPES[f.targetType](e.targetType)) return false;
    if (before !== undefined && !(e.createdAt < before)) return false;
    if (after !== undefined && !(e.createdAt >= after)) return false;
    return visible(state, req.user, e);
  });
  const dir = f.sort === 'asc' ? 1 : -1;
  items.sort((a, b) => dir * (a.createdAt - b.createdAt || a.id - b.id));
  return offsetPage(req, page, items, (e) => eventJson(state, e));
}

/** Projects the user is a member of (directly or through a group): `scope=all`. */
function memberProject(state: SandboxState, user: User, p: Project | undefined): boolean {
  return !!p && state.memberAccess(user, p) >= ACCESS.guest;
}

export const eventsModule: SandboxModule = {
  name: 'events',
  register(router: Router) {
    // /events and user events need read_user or api (spec part 2 §5.5): read_api is not enough.
    router.get(
      '/events',
      (req) => {
        const user = req.user!;
        const all = req.input().scope === 'all';
        return respond(req, (e) => (all ? memberProject(req.state, user, e.projectId === null ? undefined : req.state.projectById.get(e.projectId)) : e.authorId === user.id));
      },
      { scopes: ['read_user'], readApi: false },
    );
    router.get(
      '/users/:id/events',
      (req) => {
        const target = req.state.findUser(req.params.id);
        if (!target) throw notFound('User');
        const caller = req.user;
        // A private profile's activity is only shown to its owner and administrators (EventsFinder).
        if (target.privateProfile && !(caller?.admin || caller?.id === target.id)) return respond(req, () => false);
        return respond(req, (e) => e.authorId === target.id);
      },
      { scopes: ['read_user'], readApi: false },
    );
    router.get(
      '/projects/:project_id/events',
      (req) => {
        const project = findProjectOrFail(req, 'project_id');
        return respond(req, (e) => e.projectId === project.id);
      },
      { auth: 'optional' },
    );
  },
  seed(state, kind) {
    seedEvents(state, kind);
  },
};
