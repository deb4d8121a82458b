// Building and checking alert payloads before anything is sent (spec part 3 §2.1, §2.2), and
// working out what the service will record for each alert (title default, severity mapping).

import { UsageError } from '../../core/errors.js';
import { parseDateTime, parseList, splitKeyValue } from '../../core/parse.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Severities of the HTTP endpoint (spec §2.1); anything else is recorded as critical. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'unknown'] as const;

/** The alias table of spec §2.2 (case-insensitive). */
const ALIASES: Record<string, readonly string[]> = {
  critical: ['critical', 's1', 'p1', 'emergency', 'fatal'],
  high: ['high', 's2', 'p2', 'major', 'page'],
  medium: ['medium', 's3', 'p3', 'error', 'alert'],
  low: ['low', 's4', 'p4', 'warn', 'warning'],
  info: ['info', 's5', 'p5', 'debug', 'information', 'notice'],
};
const ALIAS_TO_SEVERITY = new Map(Object.entries(ALIASES).flatMap(([sev, names]) => names.map((n) => [n, sev] as const)));

export const DEFAULT_TITLE = 'New: Alert';

export interface AlertFlags {
  title?: string;
  description?: string;
  severity?: string;
  service?: string;
  monitoringTool?: string;
  hosts?: string;
  fingerprint?: string;
  startTime?: string;
  endTime?: string;
  environment?: string;
  field?: string[];
}

/** Flag → payload key of the HTTP form. */
const HTTP_KEYS: Record<Exclude<keyof AlertFlags, 'field'>, string> = {
  title: 'title',
  description: 'description',
  severity: 'severity',
  service: 'service',
  monitoringTool: 'monitoring_tool',
  hosts: 'hosts',
  fingerprint: 'fingerprint',
  startTime: 'start_time',
  endTime: 'end_time',
  environment: 'service_environment_name',
};
const FLAG_NAMES: Record<string, string> = {
  title: '--title',
  description: '--description',
  severity: '--severity',
  service: '--service',
  monitoringTool: '--monitoring-tool',
  hosts: '--hosts',
  fingerprint: '--fingerprint',
  startTime: '--start-time',
  endTime: '--end-time',
  environment: '--environment',
};

export function flagsGiven(f: AlertFlags): string[] {
  const given = Object.keys(HTTP_KEYS).filter((k) => f[k as keyof AlertFlags] !== undefined).map((k) => FLAG_NAMES[k]);
  if (f.field?.length) given.push('--field');
  return given;
}

/** What the service will record for one alert, and why (for --dry-run and notes). */
export interface AlertPreview {
  title: string;
  titleDefaulted: boolean;
  severity: string;
  /** How the severity was arrived at, when it is not simply the value given. */
  severityNote?: string;
  resolving: boolean;
}

/**
 * Severity the service records for a value sent to the HTTP endpoint: only the six severities; the
 * aliases (`p2`, `warning`) belong to the metrics-alerting form, so here they are recorded as critical.
 */
function httpSeverity(raw: unknown): { severity: string; note?: string } {
  if (raw === undefined || raw === null || raw === '') return { severity: 'critical', note: 'default: no severity given' };
  const s = String(raw).toLowerCase();
  if ((SEVERITIES as readonly string[]).includes(s)) return { severity: s };
  const alias = ALIAS_TO_SEVERITY.get(s);
  if (alias) return { severity: 'critical', note: `"${String(raw)}" is not a known severity; it is a metrics-alerting alias of ${alias}, which the HTTP endpoint does not read` };
  return { severity: 'critical', note: `"${String(raw)}" is not a known severity` };
}

/** Severity the service records for a metrics alert's labels.severity (aliases understood). */
function aliasSeverity(raw: unknown): { severity: string; note?: string } {
  if (raw === undefined || raw === null || raw === '') return { severity: 'critical', note: 'default: no severity given' };
  const s = ALIAS_TO_SEVERITY.get(String(raw).toLowerCase());
  if (!s) return { severity: 'critical', note: `"${String(raw)}" is not a known severity` };
  return s === String(raw) ? { severity: s } : { severity: s, note: `alias "${String(raw)}"` };
}

/** `--field a.b.c=VALUE`: dotted keys nest; a value that reads as JSON (42, true, {"x":1}) is JSON. */
export function applyFields(target: Obj, fields: string[] | undefined, reserved: readonly string[]): void {
  for (const raw of fields ?? []) {
    const [key, valueText] = splitKeyValue('--field', raw);
    const path = key.split('.');
    if (!key || path.some((p) => p === '')) throw new UsageError(`--field key is not valid: ${JSON.stringify(key)}`);
    // Would reach (or replace) the object prototype instead of a field: refused, not dropped.
    if (path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) {
      throw new UsageError(`--field key is not allowed: ${JSON.stringify(key)}`, '__proto__, constructor and prototype cannot be field names');
    }
    if (path.length === 1 && reserved.includes(key)) {
      const flag = Object.entries(HTTP_KEYS).find(([, v]) => v === key)?.[0];
      throw new UsageError(`--field cannot set ${key}`, flag ? `use ${FLAG_NAMES[flag]}` : undefined);
    }
    let value: unknown = valueText;
    if (/^\s*([[{"]|-?\d|true\b|false\b|null\b)/.test(valueText)) {
      try {
        value = JSON.parse(valueText);
      } catch (e) {
        if (/^\s*[[{"]/.test(valueText)) throw new UsageError(`--field ${key}: the value is not valid JSON (${(e as Error).message})`);
      }
    }
    let node = target;
    for (const part of path.slice(0, -1)) {
      if (!isObj(node[part])) node[part] = {};
      node = node[part] as Obj;
    }
    node[path[path.length - 1]] = value;
  }
}

function checkTime(where: string, v: unknown, required = false): void {
  if (v === undefined || v === null) {
    if (required) throw new UsageError(`${where} is required (an ISO 8601 date-time)`);
    return;
  }
  if (typeof v !== 'string') throw new UsageError(`${where} must be an ISO 8601 date-time string, got ${JSON.stringify(v)}`);
  parseDateTime(where, v);
}

/** The HTTP form from flags, on top of a payload read from a file (flags win). */
export function buildHttpPayload(flags: AlertFlags, base: Obj = {}): Obj {
  const p: Obj = { ...base };
  for (const [flag, key] of Object.entries(HTTP_KEYS)) {
    const v = flags[flag as keyof AlertFlags];
    if (v === undefined) continue;
    if (flag === 'startTime' || flag === 'endTime') p[key] = parseDateTime(FLAG_NAMES[flag], v as string);
    else if (flag === 'hosts') p[key] = parseList(v as string);
    else p[key] = v;
  }
  applyFields(p, flags.field, Object.values(HTTP_KEYS));
  return p;
}

/** Checks an HTTP-form payload (from a file or flags); `source` names it in errors. */
export function checkHttpPayload(p: unknown, source: string): asserts p is Obj {
  if (!isObj(p)) throw new UsageError(`${source} must be a JSON object (the HTTP endpoint form), not ${p === null ? 'null' : Array.isArray(p) ? 'an array' : typeof p}`);
  checkTime(`${source}: start_time`, p.start_time);
  checkTime(`${source}: end_time`, p.end_time);
  for (const key of ['hosts', 'fingerprint']) {
    const v = p[key];
    if (v !== undefined && v !== null && typeof v !== 'string' && !(Array.isArray(v) && v.every((x) => typeof x === 'string'))) {
      throw new UsageError(`${source}: ${key} must be a string or an array of strings`);
    }
  }
  for (const key of ['title', 'description', 'severity', 'service', 'monitoring_tool', 'service_environment_name']) {
    if (p[key] !== undefined && p[key] !== null && typeof p[key] !== 'string') throw new UsageError(`${source}: ${key} must be a string`);
  }
}

export function previewHttp(p: Obj): AlertPreview[] {
  const titled = typeof p.title === 'string' && p.title !== '';
  const sev = httpSeverity(p.severity);
  return [{ title: titled ? (p.title as string) : DEFAULT_TITLE, titleDefaulted: !titled, severity: sev.severity, severityNote: sev.note, resolving: p.end_time !== undefined && p.end_time !== null }];
}

/** Top-level attributes the metrics-alerting integration requires (spec §2.2). */
export const PROMETHEUS_REQUIRED = ['alerts', 'commonAnnotations', 'commonLabels', 'externalURL', 'groupKey', 'groupLabels', 'receiver', 'status', 'version'] as const;

function prometheusTitle(item: Obj): string | undefined {
  const labels = isObj(item.labels) ? item.labels : {};
  const ann = isObj(item.annotations) ? item.annotations : {};
  for (const v of [ann.title, ann.summary, labels.alertname]) if (typeof v === 'string' && v !== '') return v;
  return undefined;
}

export function checkPrometheusPayload(p: unknown, source: string): asserts p is Obj {
  if (!isObj(p)) throw new UsageError(`${source} must be a JSON object in the metrics-alerting (Alertmanager webhook) form`);
  const missing = PROMETHEUS_REQUIRED.filter((k) => !(k in p));
  if (missing.length) throw new UsageError(`${source} lacks required attribute${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, 'the metrics-alerting form needs every one of ' + PROMETHEUS_REQUIRED.join(', '));
  if (!Array.isArray(p.alerts)) throw new UsageError(`${source}: alerts must be an array`);
  if (p.alerts.length === 0) throw new UsageError(`${source}: alerts is empty, nothing to send`);
  p.alerts.forEach((item: unknown, i: number) => {
    const where = `${source}: alerts[${i}]`;
    if (!isObj(item)) throw new UsageError(`${where} must be an object`);
    if (!prometheusTitle(item)) throw new UsageError(`${where} has no title`, 'give annotations.title, annotations.summary or labels.alertname');
    checkTime(`${where}.startsAt`, item.startsAt, true);
    checkTime(`${where}.endsAt`, item.endsAt);
  });
}

function endsInPast(v: unknown, now: number): boolean {
  if (typeof v !== 'string') return false;
  const ms = Date.parse(v);
  // Alertmanager sends 0001-01-01 or a future time on firing alerts.
  return !Number.isNaN(ms) && ms > Date.parse('0001-01-02T00:00:00Z') && ms <= now;
}

export function previewPrometheus(p: Obj, now = Date.now()): AlertPreview[] {
  return (p.alerts as Obj[]).map((item) => {
    const labels = isObj(item.labels) ? item.labels : {};
    const sev = aliasSeverity(labels.severity);
    return { title: prometheusTitle(item)!, titleDefaulted: false, severity: sev.severity, severityNote: sev.note, resolving: item.status === 'resolved' || endsInPast(item.endsAt, now) };
  });
}

/** The metrics-alerting form from flags: one alert, the required top-level attributes filled in. */
export function buildPrometheusPayload(flags: AlertFlags, now = new Date()): Obj {
  const notHere = ['service', 'monitoringTool', 'hosts', 'fingerprint'].filter((k) => flags[k as keyof AlertFlags] !== undefined);
  if (notHere.length) {
    throw new UsageError(`${notHere.map((k) => FLAG_NAMES[k]).join(', ')} ${notHere.length > 1 ? 'belong' : 'belongs'} to the HTTP endpoint form, not --prometheus`, 'the metrics-alerting integration groups alerts by start time, title and query');
  }
  if (!flags.title) throw new UsageError('--prometheus needs --title (a metrics alert has no default title)');
  const startsAt = flags.startTime ? parseDateTime('--start-time', flags.startTime) : now.toISOString();
  const endsAt = flags.endTime ? parseDateTime('--end-time', flags.endTime) : undefined;
  const labels: Obj = {};
  if (flags.severity !== undefined) labels.severity = flags.severity;
  if (flags.environment !== undefined) labels.service_environment_name = flags.environment;
  const annotations: Obj = { title: flags.title };
  if (flags.description !== undefined) annotations.description = flags.description;
  // Other annotations are kept on the alert's details (spec §2.2).
  applyFields(annotations, flags.field, ['title', 'description']);
  const status = endsAt ? 'resolved' : 'firing';
  const alert: Obj = { status, labels, annotations, startsAt };
  if (endsAt) alert.endsAt = endsAt;
  return {
    version: '4',
    groupKey: '',
    status,
    receiver: 'forgectl',
    groupLabels: {},
    commonLabels: {},
    commonAnnotations: {},
    externalURL: '',
    alerts: [alert],
  };
}

/** One line per alert for --dry-run: what the service will record. */
export function describePreview(a: AlertPreview, index: number, count: number): string {
  const title = `title "${a.title}"${a.titleDefaulted ? ' (default: no title given)' : ''}`;
  const severity = `severity ${a.severity}${a.severityNote ? ` (${a.severityNote})` : ''}`;
  const prefix = count > 1 ? `alert ${index + 1} of ${count}` : 'alert';
  return `${prefix}: ${a.resolving ? 'resolves the open alert with its fingerprint; ' : ''}${title}, ${severity}`;
}
