// Resource iteration events of an issue (spec part 2 §2.6, §4.6): who added or removed which
// iteration, and when. Readable by whoever can see the issue.

import { notFound } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import type { HandlerResult, Router, SandboxRequest } from '../http/router.js';
import { userBasic } from '../users/entity.js';
import type { SandboxState } from '../state.js';
import { findIssueOrFail } from '../collab/access.js';
import { collab, type IterationEvent } from '../collab/store.js';

const iso = (ms: number) => new Date(ms).toISOString();

export function iterationEventJson(state: SandboxState, e: IterationEvent): Record<string, unknown> {
  const user = state.users.get(e.userId);
  const it = collab(state).iterations.find((i) => i.id === e.iterationId);
  return {
    id: e.id,
    user: user ? userBasic(state, user) : null,
    created_at: iso(e.createdAt),
    resource_type: 'Issue',
    resource_id: e.issueId,
    iteration: it
      ? { id: it.id, iid: it.iid, group_id: it.groupId, title: it.title, description: it.description, state: it.state, created_at: iso(it.createdAt), updated_at: iso(it.createdAt), due_date: it.dueDate, start_date: it.startDate }
      : null,
    action: e.action,
  };
}

function list(req: SandboxRequest): HandlerResult {
  const { issue } = findIssueOrFail(req);
  const r = new ParamReader(req.input());
  const page = readPage(r);
  r.done();
  const items = collab(req.state).iterationEvents.filter((e) => e.issueId === issue.id);
  return offsetPage(req, page, items, (e) => iterationEventJson(req.state, e));
}

function get(req: SandboxRequest): HandlerResult {
  const { issue } = findIssueOrFail(req);
  const raw = req.params.event_id ?? '';
  const e = /^\d+$/.test(raw) ? collab(req.state).iterationEvents.find((x) => x.issueId === issue.id && x.id === Number(raw)) : undefined;
  if (!e) throw notFound('Resource iteration event');
  return { status: 200, body: iterationEventJson(req.state, e) };
}

export function registerIterationEvents(router: Router): void {
  router.get('/projects/:id/issues/:issue_iid/resource_iteration_events', list, { auth: 'optional' });
  router.get('/projects/:id/issues/:issue_iid/resource_iteration_events/:event_id', get, { auth: 'optional' });
}
