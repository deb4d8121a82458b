// Demo activity in the acme tree: some inside the 90-day window, some older (not counted).

import { DAY_MS } from '../clock.js';
import type { SandboxState, SeedKind } from '../state.js';
import { activityStore } from './store.js';

export function seedActivity(state: SandboxState, kind: SeedKind): void {
  if (kind === 'empty') return;
  const activity = activityStore(state);
  const now = state.clock.now();
  const ago = (d: number) => now - d * DAY_MS;
  const project = (p: string) => state.findProject(p)?.project.id ?? null;
  const group = (g: string) => state.findGroup(g)?.id ?? null;

  // Issues and merge requests: some inside the 90-day window, some older (not counted).
  for (const [p, issues, mrs] of [
    ['acme/platform/api', [2, 10, 40, 200], [1, 5, 120]],
    ['acme/platform/gateway', [3, 95], [7]],
    ['acme/web/storefront', [15], [20, 30]],
    ['research/papers', [4], [4]],
  ] as const) {
    for (const d of issues) activity.push({ kind: 'issue', projectId: project(p), groupId: null, createdAt: ago(d) });
    for (const d of mrs) activity.push({ kind: 'merge_request', projectId: project(p), groupId: null, createdAt: ago(d) });
  }
  for (const [g, d] of [['acme', 12], ['acme/platform', 30], ['acme/web', 300], ['research', 2]] as const) {
    activity.push({ kind: 'member', projectId: null, groupId: group(g), createdAt: ago(d) });
  }
}
