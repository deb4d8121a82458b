// What `state plan` computes and `state apply` carries out: one item per resource that changes,
// each with the writes that make it so, as data (method, path, body): a plan can be shown, saved,
// checked against the instance again and reported write by write. Bodies hold secret references,
// never secret values.

import type { SentChange } from '../settings/answer.js';
import type { Section, SecretRef } from './model.js';

export type Action = 'create' | 'update' | 'replace' | 'delete';

/** The token each section needs (spec part 1 §4, §5; README "Instance as code" has the table). */
export const SECTION_NEEDS: Record<Section, string> = {
  settings: 'an administrator’s token (read_api to plan, api to apply; in Admin Mode where it is on)',
  plan_limits: 'an administrator’s token (read_api to plan, api to apply; in Admin Mode where it is on)',
  system_hooks: 'an administrator’s token (read_api to plan, api to apply; in Admin Mode where it is on)',
  broadcast_messages: 'an administrator’s token to apply (reading them needs none)',
  notification_settings: 'a token of the user whose settings they are (read_api to plan, api to apply)',
  groups: 'Maintainer of each group listed (read_api to plan, api to apply)',
};

export interface FieldChange {
  key: string;
  before: unknown;
  after: unknown;
  /** A secret: before and after are masked, the plan says only that it changes. */
  secret?: boolean;
}

/**
 * What was read of the instance for an item, so a saved plan can read it again before it runs:
 * `read` is the GET path (under /api/v4, with its query); `values` what it held key by key (dotted
 * into objects; secrets masked), or null where the item did not exist. A list read (`find`) looks
 * for the entry whose `key` is `value`.
 */
export interface Observed {
  read: string;
  values: Record<string, unknown> | null;
  find?: { key: string; value: unknown };
}

/** The values of `keys` in `record` (null for absent), as an Observed keeps them. */
export function observedValues(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, k.split('.').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), record) ?? null]));
}

/**
 * A secret in a write: resolved only when the write is sent. `ref` is the file's reference; `setting`
 * the value the instance holds now (a secret companion carried with a switch), read again at apply.
 */
export interface SecretSlot {
  $secret: SecretRef | { setting: string };
  /** What it is for, in errors: `system_hooks[0].token`. */
  for: string;
}

/** Resolves a file's reference; `owner` names what it is for in errors. */
export type ResolveRef = (ref: SecretRef, owner: string) => Promise<string>;

export function isSecretSlot(v: unknown): v is SecretSlot {
  return typeof v === 'object' && v !== null && '$secret' in v;
}

export interface WriteOp {
  /** What this write does to the instance (a replace is a create and a delete). */
  action: 'create' | 'update' | 'delete';
  method: 'POST' | 'PUT' | 'DELETE';
  /** Under /api/v4. */
  path: string;
  body?: Record<string, unknown>;
  /** Keys the answer must show taken (the answer is the object written). */
  confirm?: SentChange[];
  /** What is left on the instance when this write fails (the item's earlier writes applied). */
  leaves?: string;
}

export interface PlanItem {
  resource: Section;
  identity: string;
  action: Action;
  /** Shown values: secrets are already masked here. */
  changes: FieldChange[];
  /** Changes told in words where a key/before/after does not fit (protected environment entries). */
  lines?: string[];
  /** The instance's id, where several of its items share the identity (two hooks on one URL). */
  instanceId?: number;
  /** What was read of the instance for this item (no secret values): compared again before a saved plan runs. */
  observed: Observed;
  /** In the order they are sent. */
  writes: WriteOp[];
}

export interface Unmanaged {
  resource: Section;
  identity: string;
  instanceId?: number;
}

export interface Plan {
  items: PlanItem[];
  unmanaged: Unmanaged[];
  notes: string[];
  /** Fields the plan did not compare (secrets: `settings.akismet_api_key`, `system_hooks[0].token`). */
  notCompared: string[];
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
    .map(([k, v]) => ({ key: k, before: current[k] ?? null, after: v })); // a create's before is null: nothing was there
}
