// The `broadcast_messages:` section, identified by the message text (unique in the file).

import { broadcastPath, listBroadcasts, type Broadcast } from '../../api/broadcast.js';
import type { HttpClient } from '../../core/http.js';
import { collect } from '../../core/paginate.js';
import type { BroadcastEntry } from './model.js';
import { fieldChanges, sameValue, type Plan } from './plan.js';

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

export function planBroadcasts(wanted: BroadcastEntry[], current: Broadcast[], prune: boolean, plan: Plan): void {
  const byMessage = new Map<string, Broadcast[]>();
  for (const b of current) byMessage.set(b.message, [...(byMessage.get(b.message) ?? []), b]);
  for (const entry of wanted) {
    const have = byMessage.get(entry.message)?.shift();
    const { message: _m, ...fields } = entry;
    if (!have) {
      plan.items.push({
        resource: 'broadcast_messages',
        identity: entry.message,
        action: 'create',
        changes: fieldChanges(fields, {}),
        observed: null,
        writes: [{ action: 'create', method: 'POST', path: '/broadcast_messages', body: { ...entry } }],
      });
      continue;
    }
    const changes = fieldChanges(fields, have, same);
    if (!changes.length) continue;
    const sent = Object.fromEntries(changes.map((c) => [c.key, c.after]));
    plan.items.push({
      resource: 'broadcast_messages',
      identity: entry.message,
      action: 'update',
      changes,
      observed: have,
      writes: [{ action: 'update', method: 'PUT', path: broadcastPath(have.id), body: sent }],
    });
  }
  for (const rest of [...byMessage.values()].flat()) {
    const identity = rest.message;
    if (!prune) plan.unmanaged.push({ resource: 'broadcast_messages', identity });
    else plan.items.push({ resource: 'broadcast_messages', identity, action: 'delete', changes: [], observed: rest, writes: [{ action: 'delete', method: 'DELETE', path: broadcastPath(rest.id) }] });
  }
}

const EXPORTED = ['message', 'starts_at', 'ends_at', 'font', 'theme', 'target_access_levels', 'target_path', 'broadcast_type', 'dismissable'] as const;

export function exportBroadcasts(current: Broadcast[]): Record<string, unknown>[] {
  return current.map((b) => Object.fromEntries(EXPORTED.filter((k) => b[k] !== undefined && b[k] !== null).map((k) => [k, b[k]])));
}
