// The `broadcast_messages:` section, identified by the message text (unique in the file).

import { broadcastPath, listBroadcasts, type Broadcast } from '../../api/broadcast.js';
import { CommandFailedError, UsageError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';
import { collect } from '../../core/paginate.js';
import { BroadcastEntrySchema, type BroadcastEntry } from './model.js';
import { sameValue } from '../../core/same-value.js';
import { afters, fieldChanges, idOf, observedValues, type ItemBuilder, type Plan, type ShownItem } from './plan.js';

export function readBroadcasts(http: HttpClient): Promise<Broadcast[]> {
  return collect(listBroadcasts(http, { all: true }));
}

/** Times are compared as instants: the service writes them back in its own format. */
function same(key: string, a: unknown, b: unknown): boolean {
  if (key.endsWith('_at') && typeof a === 'string' && typeof b === 'string') {
    const [ta, tb] = [Date.parse(a), Date.parse(b)];
    if (!Number.isNaN(ta) && !Number.isNaN(tb)) return ta === tb;
  }
  return sameValue(a, b);
}

export function planBroadcasts(wanted: BroadcastEntry[], current: Broadcast[], prune: boolean, plan: Plan<ShownItem>): void {
  const byMessage = new Map<string, Broadcast[]>();
  for (const b of current) byMessage.set(b.message, [...(byMessage.get(b.message) ?? []), b]);
  // Several broadcasts may carry one message: every one is seen, named by its id.
  const shared = new Set([...byMessage].filter(([, list]) => list.length > 1).map(([m]) => m));
  for (const entry of wanted) {
    const { message: _m, ...fields } = entry;
    const candidates = byMessage.get(entry.message) ?? [];
    // The file's entry is the broadcast that already matches it, else the oldest.
    const have = candidates.find((b) => !fieldChanges(fields, b, same).length) ?? candidates[0];
    if (have) candidates.splice(candidates.indexOf(have), 1);
    if (!have) {
      plan.items.push({ resource: 'broadcast_messages', identity: entry.message, action: 'create', changes: fieldChanges(fields, {}), observed: { values: null } });
      continue;
    }
    const changes = fieldChanges(fields, have, same);
    if (!changes.length) continue;
    plan.items.push({ resource: 'broadcast_messages', identity: entry.message, instanceId: have.id, ...(shared.has(entry.message) ? { shared: true } : {}), action: 'update', changes, observed: { values: observedValues(have, EXPORTED) } });
  }
  for (const rest of [...byMessage.values()].flat()) {
    const identity = rest.message;
    const isShared = shared.has(identity);
    if (!prune) plan.unmanaged.push({ resource: 'broadcast_messages', identity, ...(isShared ? { instanceId: rest.id } : {}) });
    else plan.items.push({ resource: 'broadcast_messages', identity, instanceId: rest.id, ...(isShared ? { shared: true } : {}), action: 'delete', changes: [], observed: { values: observedValues(rest, EXPORTED) } });
  }
}

export const broadcastBuilder: ItemBuilder = {
  actions: ['create', 'update', 'delete'],
  check(item) {
    // What the file could say of a broadcast, and nothing else: no reference, no secret.
    const fields = afters(item);
    if (item.changes.some((c) => c.secret)) throw new UsageError('a broadcast has no secret');
    // The message names the item: a change of it would send a message other than the one shown.
    if (item.changes.some((c) => c.key === 'message')) throw new UsageError('message is the identity of a broadcast, not a change');
    const parsed = BroadcastEntrySchema.safeParse({ ...fields, message: item.identity });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new UsageError(`${issue.path.join('.') || 'the broadcast'}: ${issue.message}`);
    }
    if (item.action !== 'create') idOf(item);
  },
  writes(item) {
    if (item.action === 'create') return [{ action: 'create', method: 'POST', path: '/broadcast_messages', body: { message: item.identity, ...afters(item) } }];
    const path = broadcastPath(idOf(item));
    if (item.action === 'delete') return [{ action: 'delete', method: 'DELETE', path }];
    // The answer is the broadcast written: a key it keeps as it was is a failure.
    return [{ action: 'update', method: 'PUT', path, body: afters(item), confirm: item.changes }];
  },
  read: (item) => (item.action === 'create' ? { path: '/broadcast_messages', find: { key: 'message', value: item.identity } } : { path: broadcastPath(idOf(item)), same: { key: 'message', value: item.identity } }),
};

const EXPORTED = ['message', 'starts_at', 'ends_at', 'font', 'theme', 'target_access_levels', 'target_path', 'broadcast_type', 'dismissable'] as const;

/**
 * What export writes: one entry per message. Broadcasts that share a message and agree on every
 * field are written once (--prune deletes the others); that differ, are refused: a file names one.
 */
/** Broadcasts grouped by message; those that have ended are left out (and counted) unless `includeEnded`. */
export function exportBroadcasts(current: Broadcast[], now: number, includeEnded = false): { entries: Record<string, unknown>[]; comments: string[] } {
  const hasEnded = (b: Broadcast) => typeof b.ends_at === 'string' && Date.parse(b.ends_at) < now;
  const byMessage = new Map<string, Broadcast[]>();
  const leftOut = includeEnded ? [] : current.filter(hasEnded);
  for (const b of current) if (includeEnded || !hasEnded(b)) byMessage.set(b.message, [...(byMessage.get(b.message) ?? []), b]);
  const entries: Record<string, unknown>[] = [];
  const comments: string[] = [];
  for (const [message, list] of byMessage) {
    const fields = list.map((b) => Object.fromEntries(EXPORTED.filter((k) => b[k] !== undefined && b[k] !== null).map((k) => [k, b[k]])));
    const ids = list.map((b) => b.id).join(', ');
    const text = JSON.stringify(message.length > 60 ? `${message.slice(0, 57)}…` : message);
    if (fields.some((f) => JSON.stringify(f) !== JSON.stringify(fields[0]))) {
      throw new CommandFailedError(`broadcast_messages: the broadcasts ${ids} share the message ${text} with different settings; a file can name only one`, 'delete the ones not wanted (forgectl broadcast delete ID) and export again');
    }
    if (list.length > 1) comments.push(`# The broadcasts ${ids} share the message ${text} and its settings: the file names one; \`state apply --prune\` deletes the others.`);
    entries.push(fields[0]!);
  }
  if (leftOut.length) {
    const n = leftOut.length === 1 ? '1 broadcast that has ended is' : `${leftOut.length} broadcasts that have ended are`;
    comments.push(`# ${n} left out (state export --include-ended writes them; state plan lists them as not managed).`);
  }
  // Written on request; said so a reviewer can delete them (from both).
  const ended = [...byMessage.keys()].filter((m) => byMessage.get(m)!.some(hasEnded));
  if (ended.length) comments.push(`# Broadcasts that have ended (still on the instance): ${ended.map((m) => JSON.stringify(m.length > 60 ? `${m.slice(0, 57)}…` : m)).join(', ')}`);
  return { entries, comments };
}
