// How a migration moves on the sandbox clock: an entity waits a moment in `created`, is `started`
// while the destination works (its source check included), then ends `finished`, or `failed` when
// the source check failed. Statuses are worked out from the clock on every read, so a test that
// speeds the clock up (clockSpeed) sees a whole migration in moments.

import type { EntityRecord, ImportRecord, Status } from './store.js';

/** Sandbox milliseconds an entity waits in the queue before it starts. */
export const QUEUE_DELAY_MS = 2_000;
/** Sandbox milliseconds the import of one entity takes once its source was checked. */
export const DURATION_MS = { group_entity: 10_000, project_entity: 15_000 } as const;

export interface Moment {
  status: Status;
  /** When the entity entered that status. */
  since: number;
}

export function finishTime(e: EntityRecord): number | undefined {
  if (e.check.state !== 'ok') return undefined;
  return Math.max(e.startAt, e.check.at) + DURATION_MS[e.sourceType];
}

export function entityMoment(e: EntityRecord, now: number): Moment {
  if (now < e.startAt) return { status: 'created', since: e.createdAt };
  if (e.check.state === 'pending') return { status: 'started', since: e.startAt };
  if (e.check.state === 'failed') {
    const failedAt = Math.max(e.startAt, e.check.at);
    return now < failedAt ? { status: 'started', since: e.startAt } : { status: 'failed', since: failedAt };
  }
  const finishedAt = finishTime(e)!;
  return now < finishedAt ? { status: 'started', since: e.startAt } : { status: 'finished', since: finishedAt };
}

/** created until something starts; finished once every entity ended (failed if all of them failed). */
export function importMoment(imp: ImportRecord, entities: EntityRecord[], now: number): Moment {
  const moments = entities.map((e) => entityMoment(e, now));
  const latest = Math.max(imp.createdAt, ...moments.map((m) => m.since));
  const ended = moments.every((m) => m.status === 'finished' || m.status === 'failed');
  if (ended && imp.discovering === 0 && moments.length) {
    return { status: moments.every((m) => m.status === 'failed') ? 'failed' : 'finished', since: latest };
  }
  if (moments.every((m) => m.status === 'created')) return { status: 'created', since: imp.createdAt };
  const firstStart = Math.min(...moments.filter((m) => m.status !== 'created').map((m) => m.since));
  return { status: 'started', since: Math.max(firstStart, imp.createdAt) };
}
