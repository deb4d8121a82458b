// State of the group activity, group release and starred dashboard endpoints.

import type { SandboxState } from '../state.js';

export interface ActivityRecord {
  kind: 'issue' | 'merge_request' | 'member';
  /** Project of an issue or merge request; group of a new member. */
  projectId: number | null;
  groupId: number | null;
  createdAt: number;
}

export interface Release {
  projectId: number;
  name: string;
  tagName: string;
  description: string;
  authorId: number;
  createdAt: number;
  releasedAt: number;
  sha: string;
  commitTitle: string;
}

export interface StarredDashboard {
  id: number;
  userId: number;
  projectId: number;
  dashboardPath: string;
}

export interface OpsStore {
  activity: ActivityRecord[];
  releases: Release[];
  stars: StarredDashboard[];
  nextStarId: number;
  /** The `group_releases` feature flag of self-managed instances (spec part 3 §4.4). */
  groupReleasesEnabled: boolean;
}

const stores = new WeakMap<SandboxState, OpsStore>();

export function opsStore(state: SandboxState): OpsStore {
  let s = stores.get(state);
  if (!s) stores.set(state, (s = { activity: [], releases: [], stars: [], nextStarId: 1, groupReleasesEnabled: true }));
  return s;
}
