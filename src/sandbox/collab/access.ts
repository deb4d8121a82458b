// Finding the group, issue, snippet or epic a request names, with GitLab's visibility rules:
// whatever the caller may not see answers 404, as if it did not exist.

import { findGroupOrFail } from '../access/groups.js';
import { notFound } from '../http/errors.js';
import { findProjectOrFail } from '../lookup.js';
import type { SandboxRequest } from '../router.js';
import { ACCESS, type Group, type Project } from '../types.js';
import { collab, type Epic, type Issue, type NoteableType, type Snippet } from './store.js';

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

export { findGroupOrFail } from '../access/groups.js';
