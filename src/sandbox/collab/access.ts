// Finding the group, issue, snippet or epic a request names, with GitLab's visibility rules:
// whatever the caller may not see answers 404, as if it did not exist.

import { notFound } from '../http/errors.js';
import { findProjectOrFail } from '../lookup.js';
import type { SandboxRequest } from '../router.js';
import type { SandboxState } from '../state.js';
import { ACCESS, type Group, type Project, type User } from '../types.js';
import { collab, type Epic, type Issue, type NoteableType, type Snippet } from './store.js';

/** Public groups for everyone, internal ones for signed-in regular users, private ones for members. */
export function canSeeGroup(state: SandboxState, user: User | null, g: Group): boolean {
  if (user?.admin) return true;
  if (g.visibility === 'public') return true;
  if (!user || user.state !== 'active') return false;
  if (g.visibility === 'internal' && !user.external) return true;
  if (state.memberAccess(user, g) >= ACCESS.guest) return true;
  // Members of a descendant group see the private ancestors on the way down.
  for (const ns of state.namespaces.values()) {
    if (ns.kind === 'group' && ns.members.has(user.id) && state.ancestors(ns).some((a) => a.id === g.id)) return true;
  }
  return false;
}

export function findGroupOrFail(req: SandboxRequest, param = 'id'): Group {
  const g = req.state.findGroup(req.params[param] ?? '');
  if (!g || !canSeeGroup(req.state, req.user, g)) throw notFound('Group');
  return g;
}

export function iidParam(req: SandboxRequest, name: string, what: string): number {
  const raw = req.params[name] ?? '';
  if (!/^\d+$/.test(raw)) throw notFound(what);
  return Number(raw);
}

export function findIssueOrFail(req: SandboxRequest): { project: Project; issue: Issue } {
  const project = findProjectOrFail(req);
  const issue = collab(req.state).issue(project.id, iidParam(req, 'issue_iid', 'Issue'));
  if (!issue || !project.issuesEnabled) throw notFound('Issue');
  return { project, issue };
}

export function findSnippetOrFail(req: SandboxRequest): { project: Project; snippet: Snippet } {
  const project = findProjectOrFail(req);
  const snippet = collab(req.state).snippet(project.id, iidParam(req, 'snippet_id', 'Snippet'));
  if (!snippet) throw notFound('Snippet');
  return { project, snippet };
}

export function findEpicOrFail(req: SandboxRequest, param = 'epic_iid'): { group: Group; epic: Epic } {
  const group = findGroupOrFail(req);
  const epic = collab(req.state).epicByIid(group.id, iidParam(req, param, 'Epic'));
  if (!epic) throw notFound('Epic');
  if (epic.confidential && req.state.accessLevel(req.user, group) < ACCESS.planner) throw notFound('Epic');
  return { group, epic };
}

/** An epic by its id within the group, as the notes and discussions API addresses epics. */
export function findEpicByIdOrFail(req: SandboxRequest, param = 'epic_id'): { group: Group; epic: Epic } {
  const group = findGroupOrFail(req);
  const id = iidParam(req, param, 'Epic');
  const epic = collab(req.state).epics.find((e) => e.id === id && e.groupId === group.id);
  if (!epic) throw notFound('Epic');
  if (epic.confidential && req.state.accessLevel(req.user, group) < ACCESS.planner) throw notFound('Epic');
  return { group, epic };
}

export interface NoteableRef {
  type: NoteableType;
  id: number;
  iid: number | null;
  projectId: number | null;
  /** The project or group whose access decides on moderation. */
  parentAccess: number;
  title: string;
}
