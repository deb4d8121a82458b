// Notification settings (spec part 2 §4.7), after GitLab's lib/api/notification_settings.rb:
// an unknown level is the enum's ArgumentError rendered as 400; the per-event booleans are kept
// whatever the level and shown only at level custom; notification_email is global only and must
// be one of the user's (verified) addresses.

import { ApiError, badRequest } from '../http/errors.js';
import { ParamReader } from '../http/params.js';
import { findGroupOrFail } from '../access/groups.js';
import { findProjectOrFail } from '../access/projects.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { HandlerResult, Router, SandboxRequest } from '../http/router.js';
import { eventNames, LEVELS, notificationStore, settingFor, type Level, type NotificationSetting } from './store.js';

function settingJson(req: SandboxRequest, s: NotificationSetting, global: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { level: s.level };
  if (global) {
    const user = req.user!;
    out.notification_email = notificationStore(req.state).emails.get(user.id) ?? user.email;
  }
  if (s.level === 'custom') out.events = Object.fromEntries(eventNames(req.state).map((e) => [e, s.events[e] ?? false]));
  return out;
}

function update(req: SandboxRequest, key: string, global: boolean): HandlerResult {
  const r = new ParamReader(req.input());
  const level = r.string('level');
  const email = global ? r.string('notification_email') : undefined;
  const events: Record<string, boolean> = {};
  for (const e of eventNames(req.state)) {
    const v = r.bool(e);
    if (v !== undefined) events[e] = v;
  }
  r.done();
  if (level !== undefined && !(LEVELS as readonly string[]).includes(level)) throw badRequest(`'${level}' is not a valid level`);
  const user = req.user!;
  if (email !== undefined && email.toLowerCase() !== user.email.toLowerCase()) {
    throw new ApiError(400, { message: { notification_email: ['must be an email you have verified'] } });
  }
  const s = settingFor(req.state, key);
  if (level !== undefined) s.level = level as Level;
  Object.assign(s.events, events);
  if (email !== undefined) notificationStore(req.state).emails.set(user.id, email);
  return { body: settingJson(req, s, global) };
}

export const notificationSettingsModule: SandboxModule = {
  name: 'notification-settings',
  register(router: Router) {
    router.get('/notification_settings', (req) => ({ body: settingJson(req, settingFor(req.state, `global:${req.user!.id}`), true) }));
    router.put('/notification_settings', (req) => update(req, `global:${req.user!.id}`, true));
    router.get('/groups/:id/notification_settings', (req) => {
      const g = findGroupOrFail(req);
      return { body: settingJson(req, settingFor(req.state, `group:${req.user!.id}:${g.id}`), false) };
    });
    router.put('/groups/:id/notification_settings', (req) => update(req, `group:${req.user!.id}:${findGroupOrFail(req).id}`, false));
    router.get('/projects/:id/notification_settings', (req) => {
      const p = findProjectOrFail(req);
      return { body: settingJson(req, settingFor(req.state, `project:${req.user!.id}:${p.id}`), false) };
    });
    router.put('/projects/:id/notification_settings', (req) => update(req, `project:${req.user!.id}:${findProjectOrFail(req).id}`, false));
  },
};
