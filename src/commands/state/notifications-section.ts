// The `notification_settings:` section: the global level, email and events of the token's user.

import { getNotificationSettings, notificationPath, type NotificationSetting, type NotificationSource } from '../../api/notification-settings.js';
import type { HttpClient } from '../../core/http.js';
import type { NotificationEntry } from './model.js';
import { fieldChanges, type FieldChange, type Plan } from './plan.js';

const GLOBAL = { kind: 'global' } as const;

export function readNotifications(http: HttpClient, source: NotificationSource = GLOBAL): Promise<NotificationSetting> {
  return getNotificationSettings(http, source);
}

/** `group` set: the notification settings of that group (in the `groups:` section). */
export function planNotifications(wanted: NotificationEntry, current: NotificationSetting, plan: Plan, group?: string): void {
  const { events, ...top } = wanted;
  const changes: FieldChange[] = fieldChanges(top, current);
  // The service shows the events only at level custom; elsewhere they cannot be compared.
  if (events && current.events) {
    changes.push(...fieldChanges(events, current.events).map((c) => ({ ...c, key: `events.${c.key}` })));
  } else if (events && Object.keys(events).length) {
    plan.notes.push('notification_settings.events are compared only once the level is custom (the service shows them only then)');
  }
  if (!changes.length) return;
  const body: Record<string, unknown> = { ...top, ...events };
  const source: NotificationSource = group ? { kind: 'group', group } : GLOBAL;
  plan.items.push({
    resource: group ? 'groups' : 'notification_settings',
    identity: group ? `${group} notification_settings` : 'global',
    action: 'update',
    changes,
    observed: { read: notificationPath(source), values: Object.fromEntries(changes.map((c) => [c.key, c.before ?? null])) },
    // Events are in the answer only at level custom: elsewhere they are not confirmed.
    writes: [{ action: 'update', method: 'PUT', path: notificationPath(source), body, confirm: changes }],
  });
}

export function exportNotifications(current: NotificationSetting): Record<string, unknown> {
  const out: Record<string, unknown> = { level: current.level };
  if (current.notification_email) out.notification_email = current.notification_email;
  if (current.events) out.events = current.events;
  return out;
}
