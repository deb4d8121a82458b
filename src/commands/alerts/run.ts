// `alerts send` and `alerts resolve`: everything is checked, and the key read, before the one POST.

import { readFileSync } from 'node:fs';
import { ALERT_AUTHS, alertAuthorization, postAlert, type AlertAuth } from '../../api/alerts.js';
import { UsageError, type ApiError } from '../../core/errors.js';
import { list, none, type CommandResult } from '../../core/output.js';
import { parseChoice, parseDateTime } from '../../core/parse.js';
import type { Context } from '../../context.js';
import {
  buildHttpPayload,
  buildPrometheusPayload,
  checkHttpPayload,
  checkPrometheusPayload,
  describePreview,
  flagsGiven,
  previewHttp,
  previewPrometheus,
  type AlertFlags,
  type AlertPreview,
} from './payload.js';
import { cannotRead } from '../../core/fs-errors.js';

export interface AlertConnectionOptions {
  url?: string;
  keyStdin?: boolean;
  auth?: string;
}

export interface SendOptions extends AlertFlags, AlertConnectionOptions {
  file?: string;
  prometheus?: boolean;
}

export interface ResolveOptions extends AlertConnectionOptions {
  fingerprint?: string;
  endTime?: string;
}

/** The alert URL: absolute http(s), without credentials in it (they would land in server logs). */
function checkAlertUrl(raw: string | undefined): string {
  if (!raw) throw new UsageError('--url ALERT_URL is required', 'the alert URL is shown when the integration is saved (project settings, Monitor, Alerts)');
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new UsageError(`--url is not a URL: ${JSON.stringify(raw)}`, 'give the integration’s full alert URL, e.g. https://gitlab.example.com/group/project/alerts/notify/name/1.json');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new UsageError(`--url must start with https:// or http://, got ${JSON.stringify(raw)}`);
  if (u.username || u.password) {
    throw new UsageError('--url must not contain credentials: they would appear in server logs', 'give the key with --key-stdin or FORGECTL_ALERT_KEY');
  }
  return u.toString();
}

/** GitLab's address of a metrics-alerting integration; it accepts only that payload form. */
const isMetricsUrl = (url: string) => new URL(url).pathname.endsWith('/prometheus/alerts/notify.json');

function checkAuth(raw: string | undefined): AlertAuth {
  return raw === undefined ? 'bearer' : parseChoice('--auth', raw, ALERT_AUTHS);
}

/** Reads the key (stdin or FORGECTL_ALERT_KEY) and makes sure it never shows up in any output. */
async function readKey(ctx: Context, o: AlertConnectionOptions, auth: AlertAuth): Promise<string> {
  let key: string;
  if (o.keyStdin) key = await ctx.readSecretFromStdin('alert key');
  else {
    key = (ctx.env.FORGECTL_ALERT_KEY ?? '').trim();
    if (!key) throw new UsageError('no alert key', 'give it with --key-stdin or the FORGECTL_ALERT_KEY environment variable');
  }
  ctx.redactor.add(key);
  // The encoded Basic credential carries the key too.
  ctx.redactor.add(alertAuthorization(auth, key).replace(/^\S+\s+/, ''));
  return key;
}

function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${source} is not valid JSON: ${(e as Error).message}`);
  }
}

function readFile(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw cannotRead(path, e);
  }
}

/** Hints for the bare status codes the alert endpoint answers with (it sends no error body): the `explain` of both commands. */
export function alertHint(err: ApiError, resolving: boolean): string | undefined {
  const hints: Record<number, string> = {
    400: resolving
      ? 'no open alert has this fingerprint (it was already resolved, or never sent)'
      : 'the service refused the payload (larger than its limit, not a JSON object, or resolving an alert that is not open)',
    401: 'the alert key was refused: check it belongs to this integration (--key-stdin or FORGECTL_ALERT_KEY), and --auth',
    403: 'the integration is disabled',
    404: 'no alert integration at this URL',
    422: 'the metrics-alerting integration could not process the payload (required attributes missing)',
  };
  return hints[err.status];
}

/** An alert checked and ready to send: what the command acts on, resolved before it runs. */
export interface AlertDelivery {
  url: string;
  auth: AlertAuth;
  payload: unknown;
  /** What --dry-run says would be recorded. */
  notes: string[];
  /** Every alert in it resolves one (a 400 then means no open alert has the fingerprint). */
  resolving: boolean;
}

export async function deliverAlert(ctx: Context, o: AlertConnectionOptions, d: AlertDelivery): Promise<CommandResult> {
  const key = await readKey(ctx, o, d.auth);
  if (ctx.dryRun) for (const line of d.notes) ctx.notice(line);
  const g = ctx.globals;
  const http = ctx.makeClient(new URL(d.url).origin, { tokenType: 'personal' }, { caFile: g.caFile, insecure: g.insecure, clientCert: g.clientCert, clientKey: g.clientKey });
  const res = await postAlert(http, d.url, d.payload, d.auth, key);
  if (res.dryRun) return none;
  return list(res.data, [{ key: 'iid' }, { key: 'title' }], { empty: 'The service recorded no alert.' });
}

export async function prepareSend(ctx: Context, o: SendOptions, source: string | undefined): Promise<AlertDelivery> {
  const url = checkAlertUrl(o.url);
  const auth = checkAuth(o.auth);
  if (source !== undefined && source !== '-') throw new UsageError(`unexpected argument ${JSON.stringify(source)}`, 'give a payload file with -f FILE, or - to read it from standard input');
  if (source === '-' && o.file !== undefined) throw new UsageError('give the payload either with -f or as -, not both');
  const file = source === '-' ? '-' : o.file;
  if (file === '-' && o.keyStdin) throw new UsageError('the payload and the key cannot both come from standard input', 'pass the key in FORGECTL_ALERT_KEY, or the payload with -f FILE');
  if (!o.prometheus && isMetricsUrl(url)) {
    throw new UsageError('this alert URL is a metrics-alerting integration: it takes only the --prometheus form', 'add --prometheus');
  }
  const flags = flagsGiven(o);
  if (file === undefined && flags.length === 0) {
    throw new UsageError('no alert to send', 'give a payload with -f FILE (or - for standard input), or describe it with --title, --severity, …');
  }

  let payload: Record<string, unknown>;
  let previews: AlertPreview[];
  if (o.prometheus) {
    if (file !== undefined && flags.length) throw new UsageError(`${flags.join(', ')} cannot be combined with a --prometheus payload file`, 'put everything in the file');
    const where = file === '-' ? 'the payload on standard input' : (file ?? 'the payload');
    const raw = file === undefined ? buildPrometheusPayload(o) : parseJson(file === '-' ? await ctx.readStdin('the alert payload') : readFile(file), where);
    checkPrometheusPayload(raw, where);
    payload = raw;
    previews = previewPrometheus(payload);
  } else {
    const where = file === '-' ? 'the payload on standard input' : (file ?? 'the payload');
    let base: unknown = {};
    if (file !== undefined) {
      base = parseJson(file === '-' ? await ctx.readStdin('the alert payload') : readFile(file), where);
      checkHttpPayload(base, where);
    }
    payload = buildHttpPayload(o, base as Record<string, unknown>);
    checkHttpPayload(payload, where);
    previews = previewHttp(payload);
  }
  for (const p of previews) {
    if (!p.severityNote?.includes('not a known severity')) continue;
    const [given, why] = p.severityNote.split(' is not a known severity');
    ctx.warnOnce(`severity:${p.severityNote}`, `severity ${given} is not known${why ? ` (${why.replace(/^; /, '')})` : ''}: the service will record critical`);
  }
  const resolving = previews.every((p) => p.resolving);
  const notes = previews.map((p, i) => `would record ${describePreview(p, i, previews.length)}`);
  return { url, auth, payload, notes, resolving };
}

export async function prepareResolve(o: ResolveOptions): Promise<AlertDelivery> {
  const url = checkAlertUrl(o.url);
  const auth = checkAuth(o.auth);
  if (!o.fingerprint) throw new UsageError('--fingerprint is required', 'the fingerprint the alert was sent with');
  if (isMetricsUrl(url)) {
    // Metrics alerts are matched by start time, title and query, not by a fingerprint we send.
    throw new UsageError('alerts resolve works with HTTP endpoints; this URL is a metrics-alerting integration', 'resend the alert with `alerts send --prometheus` and --end-time (status resolved)');
  }
  const endTime = o.endTime === undefined ? new Date().toISOString() : parseDateTime('--end-time', o.endTime);
  const payload = { fingerprint: o.fingerprint, end_time: endTime };
  return { url, auth, payload, notes: [`would resolve the open alert with fingerprint ${JSON.stringify(o.fingerprint)}, ended at ${endTime}`], resolving: true };
}
