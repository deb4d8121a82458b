// Demo releases of a few projects, one upcoming.

import { createHash } from 'node:crypto';
import { DAY_MS } from '../clock.js';
import type { SandboxState, SeedKind } from '../state.js';
import { releasesStore } from './store.js';

export function seedReleases(state: SandboxState, kind: SeedKind): void {
  if (kind === 'empty') return;
  const s = releasesStore(state);
  const now = state.clock.now();
  const ago = (d: number) => now - d * DAY_MS;
  const project = (p: string) => state.findProject(p)?.project.id ?? null;

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
