// What `state plan` computes and `state apply` carries out: one item per resource that changes,
// each with the write that makes it so.

import type { HttpClient } from '../../core/http.js';
import type { Section } from './model.js';

export type Action = 'create' | 'update' | 'replace' | 'delete';

export interface FieldChange {
  key: string;
  before: unknown;
  after: unknown;
}

export interface PlanItem {
  resource: Section;
  identity: string;
  action: Action;
  /** Shown values: secrets are already masked here. */
  changes: FieldChange[];
  /** Changes told in words where a key/before/after does not fit (protected environment entries). */
  lines?: string[];
  write: (http: HttpClient) => Promise<void>;
}

export interface Unmanaged {
  resource: Section;
  identity: string;
}

export interface Plan {
  items: PlanItem[];
  unmanaged: Unmanaged[];
  notes: string[];
}

/** Equal as the instance holds it: null, empty string and absent alike; lists as sets. */
export function sameValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (empty(a) && empty(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    const key = (x: unknown) => JSON.stringify(x);
    return a.length === b.length && a.map(key).sort().join() === b.map(key).sort().join();
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields of `wanted` the instance holds differently. */
export function fieldChanges(wanted: Record<string, unknown>, current: Record<string, unknown>, same: (k: string, a: unknown, b: unknown) => boolean = (_k, a, b) => sameValue(a, b)): FieldChange[] {
  return Object.entries(wanted)
    .filter(([k, v]) => v !== undefined && !same(k, current[k], v))
    .map(([k, v]) => ({ key: k, before: current[k], after: v }));
}
