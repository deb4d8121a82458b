// Broadcast messages (spec part 1 §2.4, §4.4, §7 rule 5; lib/api/broadcast_messages.rb): reading
// needs no credentials; writes are for administrators. POST fills in the defaults (starts now,
// ends an hour later, banner); PUT applies none.

import { adminStore, type BroadcastMessage } from '../admin/store.js';
import { ApiError, notFound } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { SandboxRequest } from '../http/router.js';
import { requireAdmin } from '../access/admin.js';

export const ACCESS_LEVELS = [10, 20, 30, 40, 50];
const TYPES = ['banner', 'notification'] as const;
export const THEMES = ['indigo', 'light-indigo', 'blue', 'light-blue', 'green', 'light-green', 'red', 'light-red', 'dark', 'light'] as const;
const HOUR = 3_600_000;

export function broadcastJson(req: SandboxRequest, m: BroadcastMessage): Record<string, unknown> {
  const now = req.state.clock.now();
  return {
    message: m.message,
    starts_at: new Date(m.startsAt).toISOString(),
    ends_at: new Date(m.endsAt).toISOString(),
    font: m.font,
    id: m.id,
    active: m.startsAt <= now && now < m.endsAt,
    target_access_levels: [...m.targetAccessLevels],
    target_path: m.targetPath,
    broadcast_type: m.broadcastType,
    dismissable: m.dismissable,
    theme: m.theme,
  };
}

function find(req: SandboxRequest): BroadcastMessage {
  const id = /^\d+$/.test(req.params.id) ? Number(req.params.id) : NaN;
  const m = adminStore(req.state).broadcasts.get(id);
  if (!m) throw notFound('Broadcast Message');
  return m;
}

interface Fields {
  message?: string;
  startsAt?: number;
  endsAt?: number;
  font?: string;
  targetAccessLevels?: number[];
  targetPath?: string;
  broadcastType?: string;
  dismissable?: boolean;
  theme?: string;
}

function readFields(req: SandboxRequest, create: boolean): Fields {
  const r = new ParamReader(req.input());
  const f: Fields = {
    message: create ? r.required('message') : r.string('message'),
    startsAt: r.datetime('starts_at'),
    endsAt: r.datetime('ends_at'),
    font: r.string('font'),
    targetPath: r.string('target_path'),
    broadcastType: r.oneOf('broadcast_type', TYPES),
    dismissable: r.bool('dismissable'),
    theme: r.oneOf('theme', THEMES),
  };
  const levels = r.list('target_access_levels');
  if (levels) {
    if (levels.some((l) => !/^\d+$/.test(l))) r.errors.push('target_access_levels is invalid');
    else if (levels.some((l) => !ACCESS_LEVELS.includes(Number(l)))) r.errors.push('target_access_levels does not have a valid value');
    else f.targetAccessLevels = levels.map(Number);
  }
  r.done();
  return f;
}

function checkWindow(startsAt: number, endsAt: number): void {
  if (endsAt <= startsAt) throw new ApiError(400, { message: { ends_at: ['must be after starts_at'] } });
}

export const broadcastMessagesModule: SandboxModule = {
  name: 'broadcast_messages',
  register(router) {
    router.get(
      '/broadcast_messages',
      (req) => {
        const r = new ParamReader(req.input());
        const page = readPage(r);
        r.done();
        const items = [...adminStore(req.state).broadcasts.values()].sort((a, b) => a.id - b.id);
        return offsetPage(req, page, items, (m) => broadcastJson(req, m));
      },
      { auth: 'optional' },
    );
    router.get('/broadcast_messages/:id', (req) => ({ body: broadcastJson(req, find(req)) }), { auth: 'optional' });
    router.post('/broadcast_messages', (req) => {
      requireAdmin(req);
      const f = readFields(req, true);
      const now = req.state.clock.now();
      const startsAt = f.startsAt ?? now;
      const endsAt = f.endsAt ?? now + HOUR;
      checkWindow(startsAt, endsAt);
      const store = adminStore(req.state);
      const m: BroadcastMessage = {
        id: store.nextId('broadcast'),
        message: f.message!,
        startsAt,
        endsAt,
        font: f.font ?? '#FFFFFF',
        targetAccessLevels: f.targetAccessLevels ?? [],
        targetPath: f.targetPath ?? '',
        broadcastType: f.broadcastType ?? 'banner',
        dismissable: f.dismissable ?? false,
        theme: f.theme ?? 'indigo',
      };
      store.broadcasts.set(m.id, m);
      return { status: 201, body: broadcastJson(req, m) };
    });
    router.put('/broadcast_messages/:id', (req) => {
      requireAdmin(req);
      const m = find(req);
      const f = readFields(req, false);
      checkWindow(f.startsAt ?? m.startsAt, f.endsAt ?? m.endsAt);
      if (f.message !== undefined) m.message = f.message;
      if (f.startsAt !== undefined) m.startsAt = f.startsAt;
      if (f.endsAt !== undefined) m.endsAt = f.endsAt;
      if (f.font !== undefined) m.font = f.font;
      if (f.targetAccessLevels !== undefined) m.targetAccessLevels = f.targetAccessLevels;
      if (f.targetPath !== undefined) m.targetPath = f.targetPath;
      if (f.broadcastType !== undefined) m.broadcastType = f.broadcastType;
      if (f.dismissable !== undefined) m.dismissable = f.dismissable;
      if (f.theme !== undefined) m.theme = f.theme;
      return { status: 200, body: broadcastJson(req, m) };
    });
    router.delete('/broadcast_messages/:id', (req) => {
      requireAdmin(req);
      const m = find(req);
      adminStore(req.state).broadcasts.delete(m.id);
      return { status: 204 };
    });
  },
};
