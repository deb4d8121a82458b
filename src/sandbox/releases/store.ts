// Releases the group releases endpoint lists, and its feature flag.

import type { SandboxState } from '../state.js';

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

export interface ReleasesStore {
  releases: Release[];
  /** The `group_releases` feature flag of self-managed instances (spec part 3 §4.4). */
  groupReleasesEnabled: boolean;
}

const stores = new WeakMap<SandboxState, ReleasesStore>();

export function releasesStore(state: SandboxState): ReleasesStore {
  let s = stores.get(state);
  if (!s) stores.set(state, (s = { releases: [], groupReleasesEnabled: true }));
  return s;
}
