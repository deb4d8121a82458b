// Group activity analytics (spec part 3 §4.3): issues, merge requests and new members of the last
// 90 days in a group's tree; Reporter access needed.

import { findGroupByRefOrFail, inGroupTree as inTree } from '../access/groups.js';
import { forbidden } from '../http/errors.js';
import { ParamReader } from '../http/params.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { SandboxRequest } from '../http/router.js';
import { ACCESS, type Group } from '../types.js';
import { seedActivity } from './seed.js';
import { activityStore } from './store.js';

/** GitLab's group activity counts cover the last 90 days. */
const RECENT_MS = 90 * 86_400_000;

const findGroup = (req: SandboxRequest, idOrPath: string): Group => findGroupByRefOrFail(req, idOrPath);

function activityCount(req: SandboxRequest, kind: 'issue' | 'merge_request' | 'member'): number {
  const r = new ParamReader(req.input());
  const path = r.required('group_path');
  r.done();
  const group = findGroup(req, path!);
  // Reading activity analytics needs Reporter access.
  if (req.state.accessLevel(req.user, group) < ACCESS.reporter) throw forbidden();
  const since = req.state.clock.now() - RECENT_MS;
  const { state } = req;
  let n = 0;
  for (const a of activityStore(state)) {
    if (a.kind !== kind || a.createdAt < since) continue;
    const ns = a.projectId !== null ? (state.projectById.get(a.projectId)?.namespaceId ?? null) : a.groupId;
    if (inTree(state, group, ns)) n++;
  }
  // Issues and merge requests opened through other modules count too.
  const target = kind === 'issue' ? 'Issue' : kind === 'merge_request' ? 'MergeRequest' : null;
  if (target) {
    for (const e of state.events) {
      if (e.targetType !== target || e.actionName !== 'opened' || e.createdAt < since || e.projectId === null) continue;
      if (inTree(state, group, state.projectById.get(e.projectId)?.namespaceId ?? null)) n++;
    }
  }
  return n;
}

export const analyticsModule: SandboxModule = {
  name: 'analytics',
  register(router) {
    router.get('/analytics/group_activity/issues_count', (req) => ({ body: { issues_count: activityCount(req, 'issue') } }));
    router.get('/analytics/group_activity/merge_requests_count', (req) => ({ body: { merge_requests_count: activityCount(req, 'merge_request') } }));
    router.get('/analytics/group_activity/new_members_count', (req) => ({ body: { new_members_count: activityCount(req, 'member') } }));
  },
  seed: seedActivity,
};
