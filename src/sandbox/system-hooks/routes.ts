// System hooks (spec part 1 §2.5, §4.5, §6; lib/api/system_hooks.rb), administrators only. The
// secret `token` is stored and never rendered. Get-one and create answer with the hook inside an
// array, as the documented examples do (shared/realdata/system_hooks/get.json, create.json).

import { adminStore, type SystemHook } from '../admin/store.js';
import { ApiError, notFound } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { SandboxRequest } from '../http/router.js';
import { requireAdmin } from '../access/admin.js';

export function hookJson(h: SystemHook): Record<string, unknown> {
  return {
    id: h.id,
    url: h.url,
    name: h.name,
    description: h.description,
    created_at: new Date(h.createdAt).toISOString(),
    push_events: h.pushEvents,
    tag_push_events: h.tagPushEvents,
    merge_requests_events: h.mergeRequestsEvents,
    repository_update_events: h.repositoryUpdateEvents,
    enable_ssl_verification: h.enableSslVerification,
    url_variables: [],
    alert_status: 'executable',
    disabled_until: null,
  };
}

function find(req: SandboxRequest): SystemHook {
  const id = /^\d+$/.test(req.params.id) ? Number(req.params.id) : NaN;
  const h = adminStore(req.state).hooks.get(id);
  if (!h) throw notFound();
  return h;
}

function validUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The payload the test operation always answers with (spec §6). */
const MOCK_DELIVERY = { project_id: 1, owner_email: 'example@gitlabhq.com', owner_name: 'Someone', name: 'Ruby', path: 'ruby', event_name: 'project_create' };

export const systemHooksModule: SandboxModule = {
  name: 'system_hooks',
  register(router) {
    router.get('/hooks', (req) => {
      requireAdmin(req);
      const r = new ParamReader(req.input());
      const page = readPage(r);
      r.done();
      const items = [...adminStore(req.state).hooks.values()].sort((a, b) => a.id - b.id);
      return offsetPage(req, page, items, hookJson);
    });
    router.get('/hooks/:id', (req) => {
      requireAdmin(req);
      return { body: [hookJson(find(req))] };
    });
    router.post('/hooks', (req) => {
      requireAdmin(req);
      const r = new ParamReader(req.input());
      const url = r.required('url');
      const h = {
        name: r.string('name'),
        description: r.string('description'),
        token: r.string('token'),
        push: r.bool('push_events'),
        tagPush: r.bool('tag_push_events'),
        mr: r.bool('merge_requests_events'),
        repoUpdate: r.bool('repository_update_events'),
        ssl: r.bool('enable_ssl_verification'),
      };
      r.done();
      if (!validUrl(url!)) throw new ApiError(400, { message: { url: ['is blocked: Only allowed schemes are http, https'] } });
      const store = adminStore(req.state);
      const hook: SystemHook = {
        id: store.nextId('hook'),
        url: url!,
        name: h.name ?? '',
        description: h.description ?? '',
        createdAt: req.state.clock.now(),
        // SystemHook's attribute defaults.
        pushEvents: h.push ?? false,
        tagPushEvents: h.tagPush ?? false,
        mergeRequestsEvents: h.mr ?? false,
        repositoryUpdateEvents: h.repoUpdate ?? true,
        enableSslVerification: h.ssl ?? true,
        token: h.token ?? null,
      };
      store.hooks.set(hook.id, hook);
      return { status: 201, body: [hookJson(hook)] };
    });
    router.post('/hooks/:id', (req) => {
      requireAdmin(req);
      find(req);
      return { status: 201, body: MOCK_DELIVERY };
    });
    router.delete('/hooks/:id', (req) => {
      requireAdmin(req);
      const h = find(req);
      adminStore(req.state).hooks.delete(h.id);
      return { status: 204 };
    });
  },
};
