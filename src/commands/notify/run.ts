import type { Context } from '../../context.js';
import { getNotificationSettings, setNotificationSettings, type NotificationSetting, type NotificationSource } from '../../api/notification-settings.js';
import { UsageError } from '../../core/errors.js';
import { none, object, type Column, type CommandResult } from '../../core/output.js';
import { parseList } from '../../core/parse.js';
import { parseGroupId, parseProjectId } from '../../core/refs.js';
import { exclusive } from '../shared.js';

import { NOTIFICATION_EVENTS } from './values.js';

export { NOTIFICATION_EVENTS, NOTIFICATION_LEVELS } from './values.js';

export interface NotifyOptions {
  group?: string;
  project?: string;
  level?: string;
  email?: string;
  on?: string;
  off?: string;
}

function sourceOf(o: NotifyOptions): NotificationSource {
  exclusive(o as Record<string, unknown>, { group: '--group', project: '--project' });
  if (o.group !== undefined) return { kind: 'group', group: parseGroupId(o.group, '--group') };
  if (o.project !== undefined) return { kind: 'project', project: parseProjectId(o.project, '--project') };
  return { kind: 'global' };
}

function events(flag: string, raw: string): string[] {
  const names = parseList(raw);
  if (!names.length) throw new UsageError(`${flag} needs at least one event name`);
  const unknown = names.filter((n) => !(NOTIFICATION_EVENTS as readonly string[]).includes(n));
  if (unknown.length) throw new UsageError(`unknown notification event ${unknown.join(', ')}`, `events: ${NOTIFICATION_EVENTS.join(', ')}`);
  return names;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The PUT body: level only when given, the event switches as asked (they act at level custom). */
export function buildNotifyBody(o: NotifyOptions, source: NotificationSource): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (o.email !== undefined) {
    if (source.kind !== 'global') throw new UsageError('--email is the global notification email; it cannot be used with --group or --project');
    if (!EMAIL.test(o.email.trim())) throw new UsageError(`--email is not an email address: ${JSON.stringify(o.email)}`);
  }
  const on = o.on === undefined ? [] : events('--on', o.on);
  const off = o.off === undefined ? [] : events('--off', o.off);
  const both = on.filter((e) => off.includes(e));
  if (both.length) throw new UsageError(`event ${both.join(', ')} is both turned on and off`);
  if (o.level !== undefined) body.level = o.level;
  if (o.email !== undefined) body.notification_email = o.email.trim();
  for (const e of on) body[e] = true;
  for (const e of off) body[e] = false;
  if (!Object.keys(body).length) throw new UsageError('nothing to change', 'give --level, --email, --on or --off');
  return body;
}

function hasEvents(body: Record<string, unknown>): boolean {
  return Object.keys(body).some((k) => (NOTIFICATION_EVENTS as readonly string[]).includes(k));
}

function inactiveEventsNote(level: string): string {
  return `The level is ${level}: the event settings are saved but only take effect at level custom (--level custom).`;
}

/** Table view: level, email, then one row per event. */
function columns(s: NotificationSetting): Column<NotificationSetting>[] {
  const cols: Column<NotificationSetting>[] = [{ key: 'level' }];
  if ('notification_email' in s) cols.push({ key: 'notification_email', header: 'email' });
  for (const e of Object.keys(s.events ?? {})) cols.push({ key: `events.${e}`, header: e, value: (x) => (x.events?.[e] ? 'on' : 'off') });
  return cols;
}

function where(source: NotificationSource): string {
  return source.kind === 'global' ? 'global' : `${source.kind} ${source.kind === 'group' ? source.group : source.project}`;
}

export async function getNotifyCommand(ctx: Context, o: NotifyOptions): Promise<CommandResult> {
  const source = sourceOf(o);
  const http = await ctx.http();
  const s = await getNotificationSettings(http, source);
  return object(s, { columns: columns(s) });
}

export async function setNotifyCommand(ctx: Context, o: NotifyOptions): Promise<CommandResult> {
  const source = sourceOf(o);
  const body = buildNotifyBody(o, source);
  const http = await ctx.http();
  const s = await setNotificationSettings(http, source, body);
  if (!s) {
    // Dry run: the level in force is the one asked, else the current one (a read).
    if (hasEvents(body)) {
      const level = o.level ?? (await getNotificationSettings(http, source)).level;
      if (level !== 'custom') ctx.notice(inactiveEventsNote(level));
    }
    return none;
  }
  ctx.notice(`Updated ${where(source)} notification settings.`);
  if (hasEvents(body) && s.level !== 'custom') ctx.notice(inactiveEventsNote(s.level));
  return object(s, { columns: columns(s) });
}
