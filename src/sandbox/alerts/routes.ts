// Alert ingestion (spec part 3 §4.1, §5 rule 1, §7): POST {alert_url}, outside /api/v4, where
// GitLab issues it:
//   /<project path>/alerts/notify/<name>/<id>.json   HTTP endpoint
//   /<project path>/prometheus/alerts/notify.json     metrics-alerting integration
// The key comes as `Authorization: Bearer KEY` or HTTP Basic with the key as password (the user
// name is ignored). As GitLab's notification controllers do (`head result.http_status`), failures
// answer with an empty body: 400 (payload too large or not an object; resolving nothing), 401
// (key), 403 (integration disabled), 422 (metrics payload missing required attributes).
//
// Sandbox-only read-back, under /-/sandbox (administrators):
//   GET /-/sandbox/alerts[?project=PATH|ID]   the alerts the sandbox holds
//   GET /-/sandbox/alert_integrations         integrations with their URLs and keys

import { requireAdmin } from '../access/admin.js';
import { ParamReader } from '../http/params.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { HandlerResult, Router, SandboxRequest } from '../http/router.js';
import { alertJson, applyAlert, parseHttpPayload, parsePrometheusAlert, prometheusPayloadProcessable } from './ingest.js';
import { alertIntegrationInfo, alertStore, seedAlertIntegrations, slug, type AlertIntegration } from './store.js';

/** GitLab's limit on alert payloads (Gitlab::Utils::DeepSize default: 1 MB). */
const MAX_PAYLOAD_BYTES = 1_000_000;
/** Namespace depths the routes cover: a project path has 2 to this many segments. */
const MAX_PATH_SEGMENTS = 8;

const empty = (status: number): HandlerResult => ({ status });
const NOT_FOUND: HandlerResult = { status: 404, body: { message: '404 Not Found' } };

function presentedKey(req: SandboxRequest): string | undefined {
  const header = req.headers.authorization ?? '';
  const bearer = /^bearer\s+(.+)$/i.exec(header);
  if (bearer) return bearer[1].trim();
  const basic = /^basic\s+(.+)$/i.exec(header);
  if (basic) {
    const decoded = Buffer.from(basic[1].trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon === -1 ? undefined : decoded.slice(colon + 1);
  }
  return undefined;
}

function projectOf(req: SandboxRequest, segments: number) {
  const path = Array.from({ length: segments }, (_, i) => req.params[`p${i}`]).join('/');
  return req.state.findProject(path)?.project;
}

/** The checks every alert request passes first, in GitLab's order: size, integration active, key. */
function admit(req: SandboxRequest, integration: AlertIntegration): HandlerResult | undefined {
  if (Buffer.byteLength(JSON.stringify(req.body ?? null)) > MAX_PAYLOAD_BYTES) return empty(400);
  if (!integration.active) return empty(403);
  if (presentedKey(req) !== integration.key) return empty(401);
  return undefined;
}

const created = (alerts: { iid: number; title: string }[]): HandlerResult => ({ body: alerts.map((a) => ({ iid: a.iid, title: a.title })) });

function notifyHttp(req: SandboxRequest, segments: number): HandlerResult {
  const project = projectOf(req, segments);
  const id = /^(\d+)\.json$/.exec(req.params.id)?.[1];
  const integration = alertStore(req.state).integrations.find(
    (i) => i.type === 'http' && i.projectId === project?.id && String(i.id) === id && slug(i.name) === req.params.name,
  );
  if (!project || !integration) return NOT_FOUND;
  const refused = admit(req, integration);
  if (refused) return refused;
  const body = req.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return empty(400);
  const alert = applyAlert(req.state, integration, parseHttpPayload(req.state, body as Record<string, unknown>));
  // GitLab: `return bad_request unless alert.persisted?` (a resolving payload that matched nothing).
  if (!alert) return empty(400);
  return created([alert]);
}

function notifyPrometheus(req: SandboxRequest, segments: number): HandlerResult {
  const project = projectOf(req, segments);
  const integration = alertStore(req.state).integrations.find((i) => i.type === 'prometheus' && i.projectId === project?.id);
  if (!project || !integration) return NOT_FOUND;
  const refused = admit(req, integration);
  if (refused) return refused;
  if (!prometheusPayloadProcessable(req.body)) return empty(422);
  const touched = [];
  for (const item of req.body.alerts as unknown[]) {
    const incoming = parsePrometheusAlert(req.state, item);
    const alert = incoming && applyAlert(req.state, integration, incoming);
    if (alert) touched.push(alert);
  }
  return created(touched);
}


export const alertsModule: SandboxModule = {
  name: 'alerts',
  // Alert URLs live under the project's web path; the server picks the longest matching prefix,
  // so /api/v4 and /-/sandbox still go to their own routers.
  prefix: '',
  register(router: Router) {
    for (let n = 2; n <= MAX_PATH_SEGMENTS; n++) {
      const project = Array.from({ length: n }, (_, i) => `:p${i}`).join('/');
      router.post(`/${project}/alerts/notify/:name/:id`, (req) => notifyHttp(req, n), { auth: 'none' });
      router.post(`/${project}/prometheus/alerts/notify.json`, (req) => notifyPrometheus(req, n), { auth: 'none' });
    }
  },
  seed: seedAlertIntegrations,
};

export const alertsAdminModule: SandboxModule = {
  name: 'sandbox-alerts',
  prefix: '/-/sandbox',
  register(router) {
    router.get('/alerts', (req) => {
      requireAdmin(req);
      const r = new ParamReader(req.input());
      const projectRef = r.string('project');
      r.done();
      const { state } = req;
      let alerts = alertStore(state).alerts;
      if (projectRef !== undefined) {
        const project = state.findProject(projectRef)?.project;
        if (!project) return NOT_FOUND;
        alerts = alerts.filter((a) => a.projectId === project.id);
      }
      return { body: alerts.map((a) => alertJson(state, a)) };
    });
    router.get('/alert_integrations', (req) => {
      requireAdmin(req);
      return { body: alertIntegrationInfo(req.state) };
    });
  },
};
