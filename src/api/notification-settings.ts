// Notification settings (spec part 2 §2.7, §4.7): global, per group, per project.

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import { encodePathSegment } from '../core/query.js';
import type { ProjectId } from '../core/refs.js';
import { parseResponse, parseWriteAnswer } from './schema.js';

export const NotificationSettingSchema = z.looseObject({
  level: z.string(),
  notification_email: z.string().nullable().optional(),
  events: z.record(z.string(), z.boolean()).optional(),
});
export type NotificationSetting = z.infer<typeof NotificationSettingSchema>;

export type NotificationSource = { kind: 'global' } | { kind: 'group'; group: ProjectId } | { kind: 'project'; project: ProjectId };

export function notificationPath(source: NotificationSource): string {
  if (source.kind === 'group') return `/groups/${encodePathSegment(source.group)}/notification_settings`;
  if (source.kind === 'project') return `/projects/${encodePathSegment(source.project)}/notification_settings`;
  return '/notification_settings';
}

export async function getNotificationSettings(http: HttpClient, source: NotificationSource): Promise<NotificationSetting> {
  const path = notificationPath(source);
  return parseResponse(NotificationSettingSchema, await http.get(path), `GET ${path}`);
}

export async function setNotificationSettings(http: HttpClient, source: NotificationSource, body: Record<string, unknown>): Promise<NotificationSetting | null> {
  const path = notificationPath(source);
  const res = await http.put(path, body);
  return res.dryRun ? null : parseWriteAnswer(NotificationSettingSchema, http, res, `PUT ${path}`, 'the notification settings may have been changed');
}
