// Activity the group activity analytics count (spec part 3 §4.3).

import type { SandboxState } from '../state.js';

export interface ActivityRecord {
  kind: 'issue' | 'merge_request' | 'member';
  /** Project of an issue or merge request; group of a new member. */
  projectId: number | null;
  groupId: number | null;
  createdAt: number;
}

const stores = new WeakMap<SandboxState, ActivityRecord[]>();

export function activityStore(state: SandboxState): ActivityRecord[] {
  let s = stores.get(state);
  if (!s) stores.set(state, (s = []));
  return s;
}
