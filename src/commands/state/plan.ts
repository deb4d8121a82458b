// What `state plan` computes and `state apply` carries out: one item per resource that changes, as
// a reviewer reads it (identity, action, key-level changes, what was read), and the writes derived
// from that by its section's builder (sections.ts), as data (method, path, body): a plan can be shown,
// saved, checked against the instance again and reported write by write. Bodies hold secret
// references, never secret values.

import { UsageError } from '../../core/errors.js';
import { sameValue } from '../../core/same-value.js';
import type { SentChange } from '../settings/answer.js';
import type { Section, SecretRef } from './model.js';
import type { ASKED } from './replace.js';

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
 * What a saved plan reads again before it runs, derived from the item (never read from a file):
 * `path` the GET (under /api/v4, with its query). A list read (`find`) looks for the entry whose
 * `key` is `value`; `same` is a key the object read must hold as `value` (a hook's URL, a broadcast's
 * message: the id still names what the plan shows). `masked`: compared as a URL with its password masked.
 */
export interface Read {
  path: string;
  /** Names the item shows with the id they gave when planned (a protected environment's `user: alice`): each must give it still. */
  names?: NameRead[];
  /** The values the read must answer, where the item shows more than the instance gives (names beside ids); else observed.values. */
  values?: Record<string, unknown>;
  find?: { key: string; value: unknown; masked?: boolean };
  same?: { key: string; value: unknown; masked?: boolean };
}

/** A username or group path, and the id it was resolved to when the plan was made. */
export interface NameRead {
  kind: 'user' | 'group';
  name: string;
  id: number;
}

/** What was read of the instance for an item: key by key (dotted into objects; secrets masked), null where it did not exist. */
export interface Observed {
  values: Record<string, unknown> | null;
}

/** The values of `keys` in `record` (null for absent), as an Observed keeps them. */
export function observedValues(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, k.split('.').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), record) ?? null]));
}

/**
 * A secret in a write: resolved only once the run is confirmed. `ref` is the plan's reference;
 * `setting` the value the instance holds now (a secret companion carried with a switch), read at apply.
 */
export interface SecretSlot {
  $secret: SecretRef | { setting: string };
  /** What it is for, in errors: `system_hooks[0].token`. */
  for: string;
  /** A hook URL: its value, masked, must be this (the identity the plan shows). */
  shows?: string;
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

/** What a reviewer reads of one item, and the only input of its writes (a saved plan holds this alone). */
export interface ShownItem {
  resource: Section;
  identity: string;
  action: Action;
  /** A secret change's `after` is the file's reference ({env}|{command}), never a value. */
  changes: FieldChange[];
  /** The instance's id: always for what changes or deletes a hook or broadcast. */
  instanceId?: number;
  /** Several on the instance share the identity: the id is shown with it. */
  shared?: boolean;
  /** Why an item is replaced when no field differs (`state plan --replace`). */
  replaceReason?: typeof ASKED;
  /** A hook URL the file writes in clear with credentials, sent as written: `apply -f` only (`--out` refuses one, a plan file never holds one). */
  clearUrl?: string;
  /** What was read of the instance for this item (no secret values): compared again before a saved plan runs. */
  observed: Observed;
}

/** An item with what it reads and writes, both derived from what it shows (sections.ts `built`). */
export interface PlanItem extends ShownItem {
  /** Changes told in words, derived from the changes (protected environment entries, carried companions). */
  lines?: string[];
  /** The lines tell the changes whole (entry by entry): the changes are not printed again. */
  toldInLines?: boolean;
  read: Read;
  /** In the order they are sent. */
  writes: WriteOp[];
}

export interface Unmanaged {
  resource: Section;
  identity: string;
  instanceId?: number;
}

export interface Plan<I extends ShownItem = PlanItem> {
  items: I[];
  unmanaged: Unmanaged[];
  notes: string[];
  /** Fields the plan did not compare (secrets: `settings.akismet_api_key`, `system_hooks[0].token`). */
  notCompared: string[];
}

/** The fields of `wanted` the instance holds differently. */
export function fieldChanges(wanted: Record<string, unknown>, current: Record<string, unknown>, same: (k: string, a: unknown, b: unknown) => boolean = (_k, a, b) => sameValue(a, b)): FieldChange[] {
  return Object.entries(wanted)
    .filter(([k, v]) => v !== undefined && !same(k, current[k], v))
    .map(([k, v]) => ({ key: k, before: current[k] ?? null, after: v })); // a create's before is null: nothing was there
}

/** A section's builder (sections.ts `built` runs it). */
export interface ItemBuilder {
  /** The actions the section has. */
  actions: readonly Action[];
  /** The `-f` validators: a UsageError for an item `-f` could not have made. */
  check(item: ShownItem): void;
  /** The only place a WriteOp (and a SecretSlot) is made. */
  writes(item: ShownItem): WriteOp[];
  /** What recheck reads, from the identity and id. */
  read(item: ShownItem): Read;
  /** Changes told in words (entries of a protected environment, carried companions). */
  lines?(item: ShownItem): string[];
  /** The lines tell every change (a list as the entries it adds and removes). */
  linesTellChanges?: boolean;
}

/** The afters of the non-secret changes, keyed. */
export function afters(item: ShownItem): Record<string, unknown> {
  return Object.fromEntries(item.changes.filter((c) => !c.secret).map((c) => [c.key, c.after]));
}

/** The item's id, which its update or delete needs. */
export function idOf(item: ShownItem): number {
  if (!Number.isSafeInteger(item.instanceId) || item.instanceId! < 1) throw new UsageError(`an ${item.action} of ${item.resource} needs the instance's id`);
  return item.instanceId!;
}
