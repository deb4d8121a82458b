// Notification settings per user: the global one and one per group or project (spec part 2 §2.7).
// A source without a setting of its own answers level `global`.

import type { SandboxState } from '../state.js';

export const LEVELS = ['disabled', 'participating', 'watch', 'global', 'mention', 'custom'] as const;
export type Level = (typeof LEVELS)[number];

/** Email events of spec part 2 §2.7, in GitLab's order; new_epic only on Ultimate. */
export const EMAIL_EVENTS = [
  'new_note',
  'new_issue',
  'reopen_issue',
  'close_issue',
  'reassign_issue',
  'issue_due',
  'new_merge_request',
  'push_to_merge_request',
  'reopen_merge_request',
  'close_merge_request',
  'reassign_merge_request',
  'merge_merge_request',
  'failed_pipeline',
  'fixed_pipeline',
  'success_pipeline',
  'moved_project',
  'merge_when_pipeline_succeeds',
] as const;
export const ULTIMATE_EVENTS = ['new_epic'] as const;

export interface NotificationSetting {
  level: Level;
  events: Record<string, boolean>;
}

interface Store {
  /** Keys: `global:<user>`, `group:<user>:<id>`, `project:<user>:<id>`. */
  settings: Map<string, NotificationSetting>;
  /** notification_email per user (the global setting's address); the primary email when unset. */
  emails: Map<number, string>;
}

const stores = new WeakMap<SandboxState, Store>();

export function notificationStore(state: SandboxState): Store {
  let s = stores.get(state);
  if (!s) {
    s = { settings: new Map(), emails: new Map() };
    stores.set(state, s);
  }
  return s;
}

export function eventNames(state: SandboxState): string[] {
  return state.instance.tier === 'ultimate' ? [...EMAIL_EVENTS, ...ULTIMATE_EVENTS] : [...EMAIL_EVENTS];
}

/** The stored setting, or a fresh one (GitLab creates it on first read): global at source level, participating globally. */
export function settingFor(state: SandboxState, key: string): NotificationSetting {
  const store = notificationStore(state);
  let s = store.settings.get(key);
  if (!s) {
    s = { level: key.startsWith('global:') ? 'participating' : 'global', events: Object.fromEntries([...EMAIL_EVENTS, ...ULTIMATE_EVENTS].map((e) => [e, false])) };
    store.settings.set(key, s);
  }
  return s;
}
