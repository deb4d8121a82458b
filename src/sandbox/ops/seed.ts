// Demo data: recent and older activity in the acme tree, releases of a few projects.

import { createHash } from 'node:crypto';
import { DAY_MS } from '../clock.js';
import type { SandboxState, SeedKind } from '../state.js';
import { opsStore } from './store.js';

export function seedOps(state: SandboxState, kind: SeedKind): void {
  if (kind === 'empty') return;
  const s = opsStore(state);
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
    for (const d of issues) s.activity.push({ kind: 'issue', projectId: project(p), groupId: null, createdAt: ago(d) });
    for (const d of mrs) s.activity.push({ kind: 'merge_request', projectId: project(p), groupId: null, createdAt: ago(d) });
  }
  for (const [g, d] of [['acme', 12], ['acme/platform', 30], ['acme/web', 300], ['research', 2]] as const) {
    s.activity.push({ kind: 'member', projectId: null, groupId: group(g), createdAt: ago(d) });
  }

  const alice = state.findUser('alice')!.id;
  const root = state.findUser('root')!.id;
  for (const [p, tag, name, days, author] of [
    ['acme/platform/api', 'v1.0.0', 'API 1.0', 60, alice],
    ['acme/platform/api', 'v1.1.0', 'API 1.1', 10, alice],
    ['acme/platform/gateway', 'v0.9.0', 'Gateway beta', 30, root],
    ['acme/web/storefront', '2024.1', 'Spring sale', 5, root],
    // An upcoming release: released_at in the future.
    ['acme/web/storefront', '2024.2', 'Summer sale', -20, alice],
    ['research/papers', 'paper-1', 'First paper', 90, root],
  ] as const) {
    const id = project(p);
    if (id === null) continue;
    const sha = createHash('sha1').update(`${p}:${tag}`).digest('hex');
    s.releases.push({
      projectId: id,
      name,
      tagName: tag,
      description: `Release notes of ${name}`,
      authorId: author,
      createdAt: ago(Math.max(days, 0) + 1),
      releasedAt: ago(days),
      sha,
      commitTitle: `Prepare ${tag}`,
    });
  }
}
