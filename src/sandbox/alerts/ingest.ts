// Turning received payloads into alerts, as GitLab's alert processing does: title default, severity
// mapping, fingerprint grouping (Premium), resolution, and a new alert when the matching one is
// already resolved (spec part 3 §2.1, §2.2, §3).

import { createHash } from 'node:crypto';
import type { SandboxState } from '../state.js';
import { alertStore, type Alert, type AlertIntegration } from './store.js';

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'unknown'];

// Metrics-alerting labels/severity aliases (spec part 3 §2.2).
const SEVERITY_ALIASES: Record<string, string> = {};
for (const [severity, names] of Object.entries({
  critical: ['critical', 's1', 'p1', 'emergency', 'fatal'],
  high: ['high', 's2', 'p2', 'major', 'page'],
  medium: ['medium', 's3', 'p3', 'error', 'alert'],
  low: ['low', 's4', 'p4', 'warn', 'warning'],
  info: ['info', 's5', 'p5', 'debug', 'information', 'notice'],
})) {
  for (const n of names) SEVERITY_ALIASES[n] = severity;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

function validTime(v: unknown): string | null {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** One alert as parsed from a payload, before it meets the store. */
interface Incoming {
  title: string;
  description: string | null;
  severity: string;
  service: string | null;
  monitoringTool: string | null;
  hosts: string[];
  environment: string | null;
  fingerprint: string | null;
  startedAt: string;
  /** Set when the payload resolves the alert. */
  endedAt: string | null;
  payload: unknown;
}

export function parseHttpPayload(state: SandboxState, p: Obj): Incoming {
  const now = state.clock.iso();
  const sev = typeof p.severity === 'string' ? p.severity.toLowerCase() : '';
  let fingerprint: string | null = null;
  if (Array.isArray(p.fingerprint)) fingerprint = sha1(p.fingerprint.map(String).join(''));
  else if (p.fingerprint !== undefined && p.fingerprint !== null && p.fingerprint !== '') fingerprint = sha1(String(p.fingerprint));
  else if (state.instance.tier !== 'free') {
    // Premium generates one from the payload, leaving out what changes between occurrences.
    const { start_time: _s, end_time: _e, hosts: _h, ...rest } = p;
    fingerprint = sha1(JSON.stringify(rest));
  }
  const hosts = Array.isArray(p.hosts) ? p.hosts.map(String) : str(p.hosts) ? [String(p.hosts)] : [];
  return {
    title: str(p.title) ?? 'New: Alert',
    description: str(p.description),
    severity: SEVERITIES.includes(sev) ? sev : 'critical',
    service: str(p.service),
    monitoringTool: str(p.monitoring_tool),
    hosts,
    environment: str(p.service_environment_name),
    fingerprint,
    startedAt: validTime(p.start_time) ?? now,
    endedAt: p.end_time !== undefined && p.end_time !== null ? (validTime(p.end_time) ?? now) : null,
    payload: p,
  };
}

/** Top-level attributes every metrics-alerting payload carries (spec part 3 §2.2). */
export const PROMETHEUS_REQUIRED = ['alerts', 'commonAnnotations', 'commonLabels', 'externalURL', 'groupKey', 'groupLabels', 'receiver', 'status', 'version'];

export function prometheusPayloadProcessable(p: unknown): p is Obj {
  return isObj(p) && PROMETHEUS_REQUIRED.every((k) => k in p) && Array.isArray(p.alerts);
}

/** One item of a metrics-alerting payload; null when it lacks a title or a valid startsAt. */
export function parsePrometheusAlert(state: SandboxState, item: unknown): Incoming | null {
  if (!isObj(item)) return null;
  const labels = isObj(item.labels) ? item.labels : {};
  const annotations = isObj(item.annotations) ? item.annotations : {};
  const title = str(annotations.title) ?? str(annotations.summary) ?? str(labels.alertname);
  const startedAt = validTime(item.startsAt);
  if (!title || !startedAt) return null;
  const generator = str(item.generatorURL) ?? str(item.generatorUrl);
  let query = '';
  if (generator) {
    try {
      query = new URL(generator).searchParams.get('g0.expr') ?? '';
    } catch {
      // An unparsable generator URL only loses the query.
    }
  }
  const sev = typeof labels.severity === 'string' ? labels.severity.toLowerCase() : '';
  const endsAt = validTime(item.endsAt);
  // Alertmanager sends a zero or future endsAt on firing alerts; only a past one resolves.
  const endedByTime = endsAt !== null && endsAt > '0001-01-02' && Date.parse(endsAt) <= state.clock.now();
  const resolved = item.status === 'resolved' || endedByTime;
  return {
    title,
    description: str(annotations.description),
    severity: SEVERITY_ALIASES[sev] ?? 'critical',
    service: null,
    monitoringTool: 'Prometheus',
    hosts: [],
    environment: str(labels.service_environment_name),
    // GitLab groups metrics alerts by start, title and query.
    fingerprint: sha1([item.startsAt, title, query].join('/')),
    startedAt,
    endedAt: resolved ? (endsAt && endedByTime ? endsAt : state.clock.iso()) : null,
    payload: item,
  };
}

/**
 * Applies one incoming alert: resolves or groups into the open alert with its fingerprint, else
 * creates one. Returns the alert touched, or null when a resolving payload matched nothing.
 */
export function applyAlert(state: SandboxState, integration: AlertIntegration, a: Incoming): Alert | null {
  const store = alertStore(state);
  const now = state.clock.iso();
  const grouping = state.instance.tier !== 'free';
  const open = a.fingerprint && (grouping || a.endedAt) ? store.openAlert(integration.projectId, a.fingerprint) : undefined;
  if (open) {
    if (a.endedAt) {
      open.status = 'resolved';
      open.endedAt = a.endedAt;
    } else {
      open.eventCount++;
    }
    open.updatedAt = now;
    return open;
  }
  // Nothing open to resolve: the service records nothing.
  if (a.endedAt) return null;
  const alert: Alert = {
    iid: store.nextIid(integration.projectId),
    projectId: integration.projectId,
    integrationId: integration.id,
    title: a.title,
    description: a.description,
    severity: a.severity,
    status: 'triggered',
    service: a.service,
    monitoringTool: a.monitoringTool,
    hosts: a.hosts,
    environment: a.environment,
    fingerprint: a.fingerprint,
    startedAt: a.startedAt,
    endedAt: null,
    eventCount: 1,
    payload: a.payload,
    createdAt: now,
    updatedAt: now,
  };
  store.alerts.push(alert);
  return alert;
}

/** How the sandbox-only read-back endpoint shows an alert. */
export function alertJson(state: SandboxState, a: Alert): Record<string, unknown> {
  const project = state.projectById.get(a.projectId);
  return {
    iid: a.iid,
    project_id: a.projectId,
    project_path: project ? state.projectPath(project) : null,
    integration_id: a.integrationId,
    title: a.title,
    description: a.description,
    severity: a.severity,
    status: a.status,
    service: a.service,
    monitoring_tool: a.monitoringTool,
    hosts: a.hosts,
    environment: a.environment,
    fingerprint: a.fingerprint,
    event_count: a.eventCount,
    started_at: a.startedAt,
    ended_at: a.endedAt,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
    payload: a.payload,
  };
}
