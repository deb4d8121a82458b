// Counting and listing what direct transfer moves, on one instance, through its paced queue: many
// groups and projects at once, every request (counts, each page of a list, failure records) waiting
// for one of the instance's slots, never more in flight than it allows (fewer when it throttles).

import { countRelation, listOrFailure, listRelation, type Count, type Listed, type Relation } from '../../api/migration-content.js';
import type { HttpClient } from '../../core/http.js';
import { DEFAULT_CONCURRENCY } from '../../core/paginate.js';
import { PacedQueue, pacedClient } from '../../core/paced-queue.js';

export interface Side {
  /** The instance's client, every request paced. */
  http: HttpClient;
}

export function side(http: HttpClient): Side {
  return { http: pacedClient(http, new PacedQueue(DEFAULT_CONCURRENCY)) };
}

export const count = (s: Side, r: Relation, path: string): Promise<Count> => countRelation(s.http, r, path);
export const items = (s: Side, r: Relation, path: string): Promise<Record<string, unknown>[]> => listRelation(s.http, r, path);
export const listed = (s: Side, r: Relation, path: string): Promise<Listed> => listOrFailure(s.http, r, path);
export const asNumber = (c: Count): number | null => (typeof c === 'number' ? c : null);
