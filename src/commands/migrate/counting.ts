// Counting and listing what direct transfer moves, on one instance, through its paced queue: many
// groups and projects at once, never more requests in flight than the instance allows.

import { countRelation, listRelation, type Count, type Relation } from '../../api/migration-content.js';
import type { HttpClient } from '../../core/http.js';
import { DEFAULT_CONCURRENCY } from '../../core/paginate.js';
import { PacedQueue } from '../../core/paced-queue.js';

export interface Side {
  http: HttpClient;
  queue: PacedQueue;
}

export function side(http: HttpClient): Side {
  return { http, queue: new PacedQueue(DEFAULT_CONCURRENCY) };
}

export const count = (s: Side, r: Relation, path: string): Promise<Count> => s.queue.run((hooks) => countRelation(s.http, r, path, hooks));
export const items = (s: Side, r: Relation, path: string): Promise<Record<string, unknown>[]> => s.queue.run(() => listRelation(s.http, r, path));
export const asNumber = (c: Count): number | null => (typeof c === 'number' ? c : null);
