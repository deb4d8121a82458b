// The one way an item becomes requests: each section's builder turns what a reviewer reads (identity,
// action, changes, what was read) into the writes and the read again, at plan time and at apply time
// alike, so a saved plan runs exactly what it shows (issue 40). A file is never trusted for a method,
// a path or a body.

import { apiPath } from '../../core/api-path.js';
import { UsageError } from '../../core/errors.js';
import { broadcastBuilder } from './broadcasts-section.js';
import { envBuilder, isEnvIdentity } from '../envs/builder.js';
import { hookBuilder } from './hooks-section.js';
import { notificationBuilder } from './notifications-section.js';
import { planLimitsBuilder } from './plan-limits-section.js';
import { settingsBuilder } from './settings-section.js';
import { isSecretRef } from './references.js';
import type { ItemBuilder, PlanItem, ShownItem } from './plan.js';

export function builderOf(item: Pick<ShownItem, 'resource' | 'identity'>): ItemBuilder {
  switch (item.resource) {
    case 'settings':
      return settingsBuilder;
    case 'plan_limits':
      return planLimitsBuilder;
    case 'system_hooks':
      return hookBuilder;
    case 'broadcast_messages':
      return broadcastBuilder;
    case 'notification_settings':
      return notificationBuilder;
    case 'groups':
      return isEnvIdentity(item.identity) ? envBuilder : notificationBuilder;
  }
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';
const json = (v: unknown) => JSON.stringify(v ?? null);

/** What holds for every item: the action fits, a shown before is what was read, a secret shows only its reference. */
function checkCommon(item: ShownItem, b: ItemBuilder): void {
  if (!b.actions.includes(item.action)) throw new UsageError(`${item.resource} has no ${item.action}`);
  const values = item.observed.values;
  if ((item.action === 'create') !== (values === null)) throw new UsageError(item.action === 'create' ? 'a create reads nothing before it (observed.values must be null)' : `an ${item.action} needs what was read (observed.values)`);
  if (item.action === 'delete' && item.changes.length) throw new UsageError('a delete has no changes');
  if (item.replaceReason && item.action !== 'replace') throw new UsageError(`an ${item.action} has no replace_reason`);
  // Shown as they stand: one line each (a broadcast's message is shown quoted).
  if (item.resource !== 'broadcast_messages' && /[\u0000-\u001f\u007f]/.test(item.identity)) throw new UsageError('the identity holds a control character');
  const keys = new Set<string>();
  item.changes.forEach((c, n) => {
    const at = `changes.${n} (${c.key})`;
    if (!/^[A-Za-z0-9_.]+$/.test(c.key)) throw new UsageError(`changes.${n}: ${JSON.stringify(c.key)} is not a key`);
    if (keys.has(c.key)) throw new UsageError(`${at}: given twice`);
    keys.add(c.key);
    if (c.secret) {
      if (!isSecretRef(c.after) && !isEmpty(c.after)) throw new UsageError(`${at}: a secret change shows its reference ({env: NAME} or {command: "…"}), never a value`);
    } else if (isSecretRef(c.after)) throw new UsageError(`${at}: a reference stands only as a secret change`);
    // The before shown is the value the recheck confirms (a secret's is masked in both).
    const read = values === null || !(c.key in values) ? null : values[c.key];
    if (json(c.before) !== json(read)) throw new UsageError(`${at}: before ${json(c.before)} is not what was read (${json(read)})`);
  });
}

// Builders make canonical paths: any rewrite by the URL parser means an identity `check` should have refused.
const CANONICAL_ROOT = 'http://forgectl.invalid/api/v4';

/** The item with its read and writes: the check of its section, then the writes it makes. */
export function built(item: ShownItem): PlanItem {
  const b = builderOf(item);
  checkCommon(item, b);
  b.check(item);
  const writes = b.writes(item);
  const read = b.read(item);
  for (const path of [read.path, ...writes.map((w) => w.path)]) apiPath(CANONICAL_ROOT, path, { exact: true });
  const lines = b.lines?.(item);
  const { resource, identity, action, changes, instanceId, shared, replaceReason, observed } = item;
  return {
    resource,
    identity,
    action,
    changes: changes.map((c) => ({ ...c, before: c.before ?? null })),
    ...(instanceId === undefined ? {} : { instanceId }),
    ...(shared ? { shared } : {}),
    ...(replaceReason ? { replaceReason } : {}),
    observed,
    ...(lines?.length ? { lines } : {}),
    ...(b.linesTellChanges ? { toldInLines: true } : {}),
    read,
    writes,
  };
}
