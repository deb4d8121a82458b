// Starred metrics dashboards per user and project.

import type { SandboxState } from '../state.js';

export interface StarredDashboard {
  id: number;
  userId: number;
  projectId: number;
  dashboardPath: string;
}

export interface DashboardsStore {
  stars: StarredDashboard[];
  nextStarId: number;
}

const stores = new WeakMap<SandboxState, DashboardsStore>();

export function dashboardsStore(state: SandboxState): DashboardsStore {
  let s = stores.get(state);
  if (!s) stores.set(state, (s = { stars: [], nextStarId: 1 }));
  return s;
}
