// Raw API access. Requests still go through the one client, so credentials, redaction, retries,
// redirects and --dry-run behave exactly as for every other command.

import { STATUS_CODES } from 'node:http';
import { readFileSync } from 'node:fs';
import type { Context } from '../../context.js';
import { apiPath } from '../../core/api-path.js';
import { ApiError, UsageError, looksLikeHtml } from '../../core/errors.js';
import type { HttpClient, Method } from '../../core/http.js';
import { list, none, object, stdoutJson, stdoutText, text, type CommandResult } from '../../core/output.js';
import { paginate } from '../../core/paginate.js';
import { splitKeyValue } from '../../core/parse.js';
import type { QueryParams } from '../../core/query.js';
import { cannotRead } from '../../core/fs-errors.js';

const METHODS: readonly Method[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface ApiOptions {
  method?: string;
  rawField?: string[];
  field?: string[];
  input?: string;
  header?: string[];
  include?: boolean;
  paginate?: boolean;
}

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

/** `-F` values: literals become JSON values, @file reads a file (@- standard input). */
async function typedValue(ctx: Context, raw: string): Promise<Json> {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (/^-?\d+$/.test(raw) && Number.isSafeInteger(Number(raw))) return Number(raw);
  if (raw.startsWith('@')) {
    const file = raw.slice(1);
    if (file === '-') return (await ctx.readStdin('a field value')).replace(/\n$/, '');
    try {
      return readFileSync(file, 'utf8');
    } catch (e) {
      throw cannotRead(file, e);
    }
  }
  return raw;
}

/** Puts `value` at a Rails-style key: `a`, `a[]`, `a[b]`, `a[b][]`. */
export function assignField(target: Record<string, Json>, key: string, value: Json): void {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) throw new UsageError(`invalid field name: ${key}`);
  const path = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])];
  let cur: Record<string, Json> | Json[] = target;
  for (let i = 0; i < path.length; i++) {
    const part = path[i];
    const last = i === path.length - 1;
    const nextIsArray = path[i + 1] === '';
    if (Array.isArray(cur)) {
      if (part !== '') throw new UsageError(`invalid field name: ${key}`);
      if (last) cur.push(value);
      else throw new UsageError(`arrays of objects are not supported in field names: ${key}`);
      return;
    }
    if (last) {
      cur[part] = value;
      return;
    }
    const existing: Json | undefined = cur[part];
    if (existing === undefined) cur[part] = nextIsArray ? [] : {};
    else if (nextIsArray !== Array.isArray(existing) || typeof existing !== 'object' || existing === null) {
      throw new UsageError(`conflicting field names for ${path[0]}`);
    }
    cur = cur[part] as Record<string, Json> | Json[];
  }
}

function parseHeaders(raw: string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of raw ?? []) {
    const i = h.indexOf(':');
    if (i <= 0) throw new UsageError(`-H takes "Name: value", got ${JSON.stringify(h)}`);
    out[h.slice(0, i).trim()] = h.slice(i + 1).trim();
  }
  return out;
}

function normalisePath(http: HttpClient, raw: string): string {
  if (/^https?:\/\//i.test(raw)) {
    const u = new URL(raw);
    if (u.origin !== new URL(http.baseUrl).origin) {
      throw new UsageError(`${raw} is not on the instance ${http.baseUrl}`, 'the credential is only ever sent to the configured instance');
    }
    return normalisePath(http, u.pathname.replace(/^\/api\/v4/, '') + u.search);
  }
  const p = raw.startsWith('/') ? raw : `/${raw}`;
  const rel = p.replace(/^\/api\/v4(?=\/|$)/, '') || '/';
  // `..` (or `%2e%2e`, or a TAB inside them) is resolved by the URL parser: the result must still be
  // API v4, the only place the credential is meant for.
  apiPath(http.resolveUrl('/').replace(/\/$/, ''), rel);
  return rel;
}

export async function apiCommand(ctx: Context, o: ApiOptions, args: string[]): Promise<CommandResult> {
  // The default output of `api` is JSON (its declaration). In a pipe it is the body exactly as the
  // server sent it (as `gh api` does), unless a format or keys were asked.
  const asReceived = !ctx.globals.outputChosen && !ctx.globals.fields && !ctx.stdoutIsTTY;
  let methodArg: string | undefined;
  let rawPath: string;
  if (args.length === 2) [methodArg, rawPath] = args;
  else rawPath = args[0];
  if (methodArg && o.method) throw new UsageError('give the method either as an argument or with -X, not both');
  const explicit = (methodArg ?? o.method)?.toUpperCase();
  if (explicit && !METHODS.includes(explicit as Method)) throw new UsageError(`unknown method ${explicit}`, `use one of ${METHODS.join(', ')}`);

  const fields: Record<string, Json> = {};
  for (const raw of o.rawField ?? []) {
    const [k, v] = splitKeyValue('-f', raw);
    assignField(fields, k, v);
  }
  for (const raw of o.field ?? []) {
    const [k, v] = splitKeyValue('-F', raw);
    assignField(fields, k, await typedValue(ctx, v));
  }
  const hasFields = Object.keys(fields).length > 0;
  const method: Method = (explicit as Method | undefined) ?? (hasFields || o.input ? 'POST' : 'GET');
  const inQuery = method === 'GET' || method === 'HEAD' || method === 'DELETE';
  if (o.input && hasFields && !inQuery) throw new UsageError('--input and body fields cannot be combined', 'put every field in the --input file');
  if (o.paginate && method !== 'GET') throw new UsageError('--paginate works with GET only');
  const { page, perPage } = ctx.globals;
  if ((page !== undefined || perPage !== undefined) && method !== 'GET') throw new UsageError('--page and --per-page work with GET only');
  for (const [flag, key, value] of [['--page', 'page', page], ['--per-page', 'per_page', perPage]] as const) {
    if (value !== undefined && key in fields) throw new UsageError(`${flag} and the field ${key} both give the ${key} parameter`, 'give it once');
    if (value !== undefined && new URL(rawPath, 'http://path.invalid').searchParams.has(key)) {
      throw new UsageError(`${flag} and the path's query both give the ${key} parameter`, 'give it once');
    }
  }
  const headers = parseHeaders(o.header);

  let rawBody: { data: string | Buffer; contentType: string } | undefined;
  if (o.input) {
    const data = o.input === '-' ? await ctx.readStdin('the request body') : readInput(o.input);
    rawBody = { data, contentType: headers['Content-Type'] ?? headers['content-type'] ?? 'application/json' };
  }

  const http = await ctx.http();
  const path = normalisePath(http, rawPath);
  const query = inQuery && hasFields ? (fields as QueryParams) : undefined;
  const paging: QueryParams = { ...(page !== undefined ? { page } : {}), ...(perPage !== undefined ? { per_page: perPage } : {}) };

  if (o.paginate) {
    return list(paginate(http, path, query ?? {}, { all: !ctx.globals.limit, limit: ctx.globals.limit, page: ctx.globals.page, perPage: ctx.globals.perPage }), [], {});
  }

  try {
    const res = await http.request({
      method,
      path,
      query: Object.keys(paging).length ? { ...query, ...paging } : query,
      body: !inQuery && hasFields ? fields : undefined,
      rawBody,
      headers,
      expect: 'text',
    });
    if (res.dryRun) return none;
    if (o.include) {
      const head = [`HTTP/1.1 ${res.status} ${STATUS_CODES[res.status] ?? ''}`.trimEnd(), ...Object.entries(res.headers).map(([k, v]) => `${k}: ${v}`), ''].join('\n');
      ctx.stdout.write(`${stdoutText(ctx.redactor.text(head), ctx.stdoutIsTTY)}\n`);
    }
    // As received, but never the credential this run sent (an answer may echo it), as for error bodies.
    if (asReceived && res.text) return text(ctx.redactor.text(res.text), { exact: true });
    return show(ctx, res.data);
  } catch (err) {
    // Like `gh api`: the error body goes to standard output too, for scripts to read.
    if (err instanceof ApiError && err.body !== null && err.body !== undefined && err.status !== 200) {
      // As received in a pipe, but never the credential this run sent (as for every error body).
      const raw = asReceived && err.text ? ctx.redactor.text(err.text) : undefined;
      ctx.stdout.write(raw !== undefined ? (raw.endsWith('\n') ? raw : `${raw}\n`) : `${errorBody(ctx, err.body)}\n`);
    }
    throw err;
  }
}

function errorBody(ctx: Context, body: unknown): string {
  if (typeof body === 'string') {
    // A proxy's error page is noise on a terminal (the error line already names the status); scripts still get it whole.
    if (ctx.stdoutIsTTY && looksLikeHtml(body, undefined)) {
      return `(a web page of ${Buffer.byteLength(body)} bytes, not shown on a terminal: pipe the output to read it)`;
    }
    return stdoutText(ctx.redactor.text(body), ctx.stdoutIsTTY);
  }
  return stdoutJson(ctx.redactor.value(body), ctx.stdoutIsTTY);
}

function readInput(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    throw cannotRead(file, e);
  }
}

function show(ctx: Context, data: unknown): CommandResult {
  if (data === null || data === undefined) return none;
  if (typeof data === 'string') return text(data, { exact: true });
  if (Array.isArray(data)) return list(data, []);
  return object(data);
}
