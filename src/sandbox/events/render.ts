// The activity feed's Event entity (spec part 2 §2.4; field order of shared/realdata/events/
// list_project.json) and the mapping between stored action names and the API's `action` filter.

import { userBasic } from '../users/entity.js';
import type { SandboxState } from '../state.js';
import type { EventRecord } from '../types.js';

/**
 * `action` filter value (GitLab's Event.actions keys) for each action_name the sandbox records.
 * action_name is what GitLab shows (`opened` for a created issue, `accepted` for a merge…).
 */
const ACTION_OF_NAME: Record<string, string> = {
  opened: 'created',
  created: 'created',
  imported: 'created',
  updated: 'updated',
  closed: 'closed',
  reopened: 'reopened',
  pushed: 'pushed',
  'pushed to': 'pushed',
  'pushed new': 'pushed',
  deleted: 'pushed',
  'commented on': 'commented',
  accepted: 'merged',
  merged: 'merged',
  joined: 'joined',
  left: 'left',
  destroyed: 'destroyed',
  'removed due to membership expiration from': 'expired',
  approved: 'approved',
};

export const EVENT_ACTIONS = ['created', 'updated', 'closed', 'reopened', 'pushed', 'commented', 'merged', 'joined', 'left', 'destroyed', 'expired', 'approved'] as const;

/** target_type filter value → stored target types (GitLab's Event::TARGET_TYPES). */
export const TARGET_TYPES: Record<string, (t: string | null) => boolean> = {
  issue: (t) => t === 'Issue',
  milestone: (t) => t === 'Milestone',
  merge_request: (t) => t === 'MergeRequest',
  note: (t) => t !== null && /Note$/.test(t),
  project: (t) => t === 'Project',
  snippet: (t) => t !== null && /Snippet$/.test(t),
  user: (t) => t === 'User',
  wiki: (t) => t === 'WikiPage::Meta',
  design: (t) => t === 'DesignManagement::Design',
};

export function actionOf(e: EventRecord): string {
  return ACTION_OF_NAME[e.actionName] ?? e.actionName;
}

/** Extra parts a family stores in `data`: `push_data`, `note`, `wiki_page`, and the group of a group-level event. */
export interface EventData {
  groupId?: number;
  push_data?: Record<string, unknown>;
  note?: Record<string, unknown>;
  wiki_page?: Record<string, unknown>;
}

export function eventJson(state: SandboxState, e: EventRecord): Record<string, unknown> {
  const author = state.users.get(e.authorId);
  const data = (e.data ?? {}) as EventData;
  const out: Record<string, unknown> = {
    id: e.id,
    title: null,
    project_id: e.projectId,
    action_name: e.actionName,
    target_id: e.targetId,
    target_iid: e.targetIid,
    target_type: e.targetType,
    author_id: e.authorId,
    data: null,
    target_title: e.targetTitle,
    created_at: new Date(e.createdAt).toISOString(),
  };
  if (data.note) out.note = data.note;
  if (data.push_data) out.push_data = data.push_data;
  if (data.wiki_page) out.wiki_page = data.wiki_page;
  out.author = author ? userBasic(state, author) : null;
  out.imported = false;
  out.imported_from = 'none';
  out.author_username = author?.username ?? null;
  return out;
}
