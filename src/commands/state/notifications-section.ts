// The `notification_settings:` section: the global level, email and events of the token's user.

import { getNotificationSettings, notificationPath, type NotificationSetting, type NotificationSource } from '../../api/notification-settings.js';
import type { HttpClient } from '../../core/http.js';
import { UsageError } from '../../core/errors.js';
import { checkGroupPath } from '../envs/builder.js';
import { NotificationEntrySchema, type NotificationEntry } from './model.js';
import { afters, fieldChanges, type FieldChange, type ItemBuilder, type Plan, type ShownItem } from './plan.js';

const GLOBAL = { kind: 'global' } as const;

export function readNotifications(http: HttpClient, source: NotificationSource = GLOBAL): Promise<NotificationSetting> {
  return getNotificationSettings(http, source);
}

/** `group` set: the notification settings of that group (in the `groups:` section). */
export function planNotifications(wanted: NotificationEntry, current: NotificationSetting, plan: Plan<ShownItem>, group?: string): void {
  const { events, ...top } = wanted;
  const changes: FieldChange[] = fieldChanges(top, current);
  // The service shows the events only at level custom; elsewhere they cannot be compared.
  if (events && current.events) {
    changes.push(...fieldChanges(events, current.events).map((c) => ({ ...c, key: `events.${c.key}` })));
  } else if (events && Object.keys(events).length) {
    plan.notes.push('notification_settings.events are compared only once the level is custom (the service shows them only then)');
    // Sent with the other changes, shown as what they are: values the service does not show yet.
    if (changes.length) changes.push(...Object.entries(events).filter(([, v]) => v !== undefined).map(([k, v]) => ({ key: `events.${k}`, before: null, after: v })));
  }
  if (!changes.length) return;
  plan.items.push({
    resource: group ? 'groups' : 'notification_settings',
    identity: group ? `${group}${GROUP_SUFFIX}` : 'global',
    action: 'update',
    changes,
    observed: { values: Object.fromEntries(changes.map((c) => [c.key, c.before ?? null])) },
  });
}

const GROUP_SUFFIX = ' notification_settings';

function sourceOf(item: ShownItem): NotificationSource {
  if (item.resource === 'notification_settings') {
    if (item.identity !== 'global') throw new UsageError('the notification settings of the token’s user are named "global"');
    return GLOBAL;
  }
  if (!item.identity.endsWith(GROUP_SUFFIX)) throw new UsageError(`${JSON.stringify(item.identity)} names no group's notification settings`);
  const group = item.identity.slice(0, -GROUP_SUFFIX.length);
  checkGroupPath(group, 'the item');
  return { kind: 'group', group };
}

/** The changes as the API takes them: `events.new_note` is `new_note`. */
const bodyOf = (item: ShownItem) => Object.fromEntries(Object.entries(afters(item)).map(([k, v]) => [k.replace(/^events\./, ''), v]));

const EntryCheck = NotificationEntrySchema.partial();

export const notificationBuilder: ItemBuilder = {
  actions: ['update'],
  check(item) {
    sourceOf(item);
    if (item.changes.some((c) => c.secret)) throw new UsageError('notification settings have no secret');
    const events: Record<string, unknown> = {};
    const top: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(afters(item))) {
      if (k.startsWith('events.')) events[k.slice('events.'.length)] = v;
      else top[k] = v;
    }
    const parsed = EntryCheck.safeParse({ ...top, ...(Object.keys(events).length ? { events } : {}) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new UsageError(`${issue.path.join('.') || 'notification_settings'}: ${issue.message}`);
    }
  },
  // Events are in the answer only at level custom: elsewhere they are not confirmed.
  writes: (item) => [{ action: 'update', method: 'PUT', path: notificationPath(sourceOf(item)), body: bodyOf(item), confirm: item.changes }],
  read: (item) => ({ path: notificationPath(sourceOf(item)) }),
};

export function exportNotifications(current: NotificationSetting): Record<string, unknown> {
  const out: Record<string, unknown> = { level: current.level };
  if (current.notification_email) out.notification_email = current.notification_email;
  if (current.events) out.events = current.events;
  return out;
}
