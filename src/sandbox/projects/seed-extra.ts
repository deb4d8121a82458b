// Generated projects for benchmarks (`extraProjects`: 5,000 or 50,000). Kept compact: no topics,
// members or settings of their own; shared defaults fill the full shape when one is rendered.

import { DAY_MS } from '../clock.js';
import type { SandboxState } from '../state.js';
import type { Visibility } from '../types.js';
import { newProject } from './seed.js';

const LANGUAGES = ['Go', 'TypeScript', 'Python', 'Ruby', 'Rust', 'Java', 'Shell'];
const VISIBILITY: Visibility[] = ['public', 'internal', 'private'];

export function seedExtraProjects(state: SandboxState, count: number): void {
  const root = state.findUser('root')!;
  const group = state.addGroup({ name: 'Generated', path: 'generated', visibility: 'public', description: 'Generated projects' }, { [root.id]: 50 });
  const now = state.clock.now();
  const start = now - 400 * DAY_MS;
  const step = (400 * DAY_MS) / Math.max(count, 1);
  const width = String(count).length;
  for (let i = 1; i <= count; i++) {
    // Creation times grow with the id, so the default order (created_at) is the id order reversed.
    const createdAt = Math.floor(start + i * step);
    const n = String(i).padStart(width, '0');
    state.addProject(
      newProject(state, {
        name: `Project ${n}`,
        path: `project-${n}`,
        namespaceId: group.id,
        visibility: VISIBILITY[i % 3],
        creatorId: root.id,
        createdAt,
        updatedAt: createdAt,
        lastActivityAt: createdAt + ((i * 7919) % 30) * DAY_MS,
        language: LANGUAGES[i % LANGUAGES.length],
      }),
    );
  }
}
