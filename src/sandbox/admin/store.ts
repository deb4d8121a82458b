// State of the instance-administration families (settings, plan limits, broadcast messages,
// system hooks), kept beside the shared SandboxState rather than in it.

import type { SandboxState, SeedKind } from '../state.js';
import { defaultPlanLimits } from '../settings/plan-limits.js';
import { defaultSettings } from '../settings/defaults.js';

export interface BroadcastMessage {
  id: number;
  message: string;
  startsAt: number;
  endsAt: number;
  font: string;
  targetAccessLevels: number[];
  targetPath: string;
  broadcastType: string;
  dismissable: boolean;
  theme: string;
}

export interface SystemHook {
  id: number;
  url: string;
  name: string;
  description: string;
  createdAt: number;
  pushEvents: boolean;
  tagPushEvents: boolean;
  mergeRequestsEvents: boolean;
  repositoryUpdateEvents: boolean;
  enableSslVerification: boolean;
  /** Write-only: kept to validate deliveries, never rendered. */
  token: string | null;
}

export class AdminStore {
  settings: Record<string, unknown>;
  /** Plan name → limits. The community edition has only `default`. */
  readonly planLimits = new Map<string, Record<string, number>>([['default', defaultPlanLimits()]]);
  readonly broadcasts = new Map<number, BroadcastMessage>();
  readonly hooks = new Map<number, SystemHook>();
  private seq = { broadcast: 0, hook: 0 };

  constructor(now: number) {
    this.settings = defaultSettings(now);
  }

  nextId(kind: 'broadcast' | 'hook'): number {
    return ++this.seq[kind];
  }
}

const stores = new WeakMap<SandboxState, AdminStore>();

export function adminStore(state: SandboxState): AdminStore {
  let s = stores.get(state);
  if (!s) {
    s = new AdminStore(state.clock.now());
    stores.set(state, s);
  }
  return s;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** `duplicates`: a second hook on the demo hook's URL and a second broadcast with the first's message, as two concurrent applies leave them. */
export function seedAdmin(state: SandboxState, kind: SeedKind, duplicates = false): void {
  const store = adminStore(state);
  if (kind === 'empty') return;
  // The demo instance receives migrations (README's two-sandbox walk-through); a fresh one does not.
  store.settings.bulk_import_enabled = true;
  const now = state.clock.now();
  const messages: Omit<BroadcastMessage, 'id'>[] = [
    { message: 'Scheduled maintenance on Saturday 02:00 UTC', startsAt: now - HOUR, endsAt: now + 2 * DAY, font: '#FFFFFF', targetAccessLevels: [], targetPath: '', broadcastType: 'banner', dismissable: true, theme: 'indigo' },
    { message: 'Welcome, developers: read the contribution guide', startsAt: now - 10 * DAY, endsAt: now - 3 * DAY, font: '#FFFFFF', targetAccessLevels: [30, 40], targetPath: '*/welcome', broadcastType: 'notification', dismissable: false, theme: 'light-indigo' },
  ];
  for (const m of messages) {
    const id = store.nextId('broadcast');
    store.broadcasts.set(id, { ...m, id });
  }
  const id = store.nextId('hook');
  store.hooks.set(id, {
    id,
    url: 'https://hooks.example.com/system',
    name: 'Audit log',
    description: 'Sends instance events to the audit collector',
    createdAt: now - 30 * DAY,
    pushEvents: true,
    tagPushEvents: false,
    mergeRequestsEvents: true,
    repositoryUpdateEvents: true,
    enableSslVerification: true,
    token: 'audit-hook-secret-0001',
  });
  if (!duplicates) return;
  const twin = store.nextId('hook');
  store.hooks.set(twin, { ...store.hooks.get(id)!, id: twin, createdAt: now - DAY, token: 'audit-hook-secret-0002' });
  const copy = store.nextId('broadcast');
  store.broadcasts.set(copy, { ...messages[0]!, id: copy });
}
