// Activity of the demo seed: each project's creation and latest push, and a little issue traffic
// on acme/platform/api, so `events list` has something to show from the start. One event is older
// than the three years the service keeps, and must never be listed.

import { createHash } from 'node:crypto';
import { DAY_MS } from '../clock.js';
import type { SandboxState, SeedKind } from '../state.js';
import { userBasic } from '../users/entity.js';

/** Seeded projects get events; generated benchmark projects do not. */
const SEEDED_PROJECTS = 40;

const sha = (s: string) => createHash('sha1').update(s).digest('hex');

export function seedEvents(state: SandboxState, kind: SeedKind): void {
  if (kind === 'empty') return;
  for (const p of state.projects.slice(0, SEEDED_PROJECTS)) {
    state.recordEvent({ projectId: p.id, authorId: p.creatorId, actionName: 'created', targetType: null, createdAt: p.createdAt });
    if (p.lastActivityAt > p.createdAt) {
      const branch = p.defaultBranch ?? 'main';
      state.recordEvent({
        projectId: p.id,
        authorId: p.creatorId,
        actionName: 'pushed to',
        createdAt: p.lastActivityAt,
        data: {
          push_data: {
            commit_count: 1,
            action: 'pushed',
            ref_type: 'branch',
            commit_from: sha(`${p.id}:from`),
            commit_to: sha(`${p.id}:to`),
            ref: branch,
            commit_title: 'Update README',
            ref_count: null,
          },
        },
      });
    }
  }

  const api = state.findProject('acme/platform/api')?.project;
  const bob = state.findUser('bob');
  const grace = state.findUser('grace');
  if (!api || !bob || !grace) return;
  const now = state.clock.now();
  const issue = { targetType: 'Issue', targetId: 9001, targetIid: 7, targetTitle: 'Rate limit the search endpoint' };
  state.recordEvent({ projectId: api.id, authorId: bob.id, actionName: 'opened', ...issue, createdAt: now - 20 * DAY_MS });
  const noteAt = now - 19 * DAY_MS;
  state.recordEvent({
    projectId: api.id,
    authorId: grace.id,
    actionName: 'commented on',
    targetType: 'Note',
    targetId: 9101,
    targetIid: null,
    targetTitle: issue.targetTitle,
    createdAt: noteAt,
    data: {
      note: {
        id: 9101,
        body: 'Agreed, 600 requests a minute per user.',
        attachment: null,
        author: userBasic(state, grace),
        created_at: new Date(noteAt).toISOString(),
        system: false,
        noteable_id: issue.targetId,
        noteable_type: 'Issue',
        noteable_iid: issue.targetIid,
      },
    },
  });
  state.recordEvent({ projectId: api.id, authorId: grace.id, actionName: 'closed', ...issue, createdAt: now - 18 * DAY_MS });
  // Older than the three years the service keeps (spec part 2 §8.4).
  state.recordEvent({ projectId: api.id, authorId: bob.id, actionName: 'opened', ...issue, targetId: 9000, targetIid: 1, targetTitle: 'Ancient history', createdAt: now - 4 * 365 * DAY_MS });
}
