// The HTTP side: read and log each request, apply injected faults and latency, route, authenticate,
// run the handler and write the answer.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { ANONYMOUS, authenticate } from './auth.js';
import { emptiedAnswer, faultAnswer, isBodyFault, isEmptyingFault, pageParam, shiftedPage, shortenedPage, withoutKeys, type FaultKind } from './faults.js';
import { parseBody, type ParsedBody } from './http/body.js';
import { ApiError } from './http/errors.js';
import { isParamObject, parseQuery, type ParamObject } from './http/query.js';
import { movedProjectFallback } from './access/projects.js';
import type { HandlerResult, Router, SandboxRequest } from './http/router.js';
import type { SandboxState } from './state.js';

export const API_PREFIX = '/api/v4';

export interface Mount {
  prefix: string;
  router: Router;
}

export interface ServerOptions {
  latencyMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function send(res: ServerResponse, method: string, result: HandlerResult): void {
  const status = result.status ?? 200;
  const headers: Record<string, string> = { ...result.headers };
  let payload = '';
  if (status !== 204 && status !== 304 && result.body !== undefined) {
    if (typeof result.body === 'string') {
      payload = result.body;
      headers['Content-Type'] ??= 'text/plain; charset=utf-8';
    } else {
      payload = JSON.stringify(result.body);
      headers['Content-Type'] ??= 'application/json';
    }
  }
  // RFC 9110 §8.6: no Content-Length on a 204 (GitLab's 204s carry none).
  if (status !== 204) headers['Content-Length'] = String(Buffer.byteLength(payload));
  res.writeHead(status, headers);
  res.end(method === 'HEAD' ? undefined : payload);
}

function errorResult(e: unknown): HandlerResult {
  if (e instanceof ApiError) return { status: e.status, body: e.body, headers: e.headers };
  process.stderr.write(`sandbox: internal error: ${(e as Error)?.stack ?? String(e)}\n`);
  return { status: 500, body: { message: '500 Internal Server Error' } };
}

export function createHandler(state: SandboxState, mounts: Mount[], opts: ServerOptions) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = await readBody(req).catch(() => Buffer.alloc(0));
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const fullPath = q === -1 ? url : url.slice(0, q);
    const rawQuery = q === -1 ? '' : url.slice(q + 1);
    const headers = headerRecord(req);

    let body: ParsedBody | undefined;
    let bodyError: unknown;
    try {
      body = parseBody(raw, headers['content-type']);
    } catch (e) {
      bodyError = e;
    }
    state.requests.push({
      method,
      path: fullPath,
      query: rawQuery,
      headers,
      body: body ? body.logged : raw.length ? raw.toString('utf8') : null,
      at: state.clock.iso(),
    });

    // Faults that answer instead of the API (statuses, HTML, not JSON, reset before headers, hang)
    // take the request before anything happens, so such a faulted write changes nothing. Faults that
    // break the body of an answer (reset-body, short-body, hang-body) cut the real answer: the
    // handler ran, and a write took effect although its answer is lost.
    const taken = fullPath === API_PREFIX || fullPath.startsWith(`${API_PREFIX}/`) ? state.faults.takeEntry(method, fullPath, rawQuery) : undefined;
    const fault = taken?.kind === 'ignore-key' ? undefined : taken?.kind;
    if (opts.latencyMs > 0) await sleep(opts.latencyMs);
    if (fault && !isBodyFault(fault) && !isEmptyingFault(fault) && !ANSWER_FAULTS.has(fault)) {
      applyFault(req, res, method, fault);
      return;
    }

    let result: HandlerResult;
    try {
      if (bodyError) throw bodyError;
      // ignore-key: the write acts without the keys named (the query loses only keys named).
      const ignored = taken?.kind === 'ignore-key' ? withoutKeys(body!.value, rawQuery, taken.keys) : undefined;
      const acted = ignored ? { rawQuery: ignored.rawQuery, body: { ...body!, value: ignored.body } } : { rawQuery, body: body! };
      // wrong-object: the answer of another object, id 1 (root among users).
      const asked = fault === 'wrong-object' ? fullPath.replace(/\/\d+$/, '/1') : fullPath;
      result = await dispatch(state, mounts, { method, fullPath: asked, headers, ...acted });
      const page = fault === 'shifted-page' ? pageParam(rawQuery) : undefined;
      if (page !== undefined && page > 1) {
        const before = new URLSearchParams(rawQuery);
        before.set('page', String(page - 1));
        result = shiftedPage(result, await dispatch(state, mounts, { method, fullPath, headers, ...acted, rawQuery: before.toString() }).catch(errorResult));
      }
    } catch (e) {
      result = errorResult(e);
    }
    if (fault === 'short-page') send(res, method, shortenedPage(result));
    else if (fault && isEmptyingFault(fault)) send(res, method, emptiedAnswer(fault, result));
    else if (fault && isBodyFault(fault)) sendBroken(res, fault, result);
    else if (!res.destroyed) send(res, method, result);
  };
}

/** Faults that change the real answer rather than answer in its place. */
const ANSWER_FAULTS = new Set<FaultKind>(['short-page', 'shifted-page', 'wrong-object']);

function applyFault(req: IncomingMessage, res: ServerResponse, method: string, fault: FaultKind): void {
  if (fault === 'reset') {
    req.socket.resetAndDestroy();
    return;
  }
  if (fault === 'hang') return; // the socket stays open until the client gives up or the sandbox closes
  send(res, method, faultAnswer(fault)!);
}

/** Status line, headers and the first half of the body; then a reset, a clean close or silence. */
function sendBroken(res: ServerResponse, fault: FaultKind, result: HandlerResult): void {
  // A 204 has no body to cut: it becomes a 200 with a small one.
  const body = result.body ?? { message: 'the sandbox cut this answer' };
  const payload = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const headers: Record<string, string> = { ...result.headers, 'Content-Type': 'application/json', 'Content-Length': String(payload.length) };
  res.writeHead(result.status === undefined || result.status === 204 ? 200 : result.status, headers);
  res.write(payload.subarray(0, Math.max(1, Math.floor(payload.length / 2))), () => {
    if (fault === 'reset-body') res.socket?.resetAndDestroy();
    else if (fault === 'short-body') res.socket?.end();
  });
}

interface Incoming {
  method: string;
  fullPath: string;
  rawQuery: string;
  headers: Record<string, string>;
  body: ParsedBody;
}

async function dispatch(state: SandboxState, mounts: Mount[], inc: Incoming): Promise<HandlerResult> {
  // The longest prefix wins, so a module mounted at the root (alert URLs) leaves /api/v4 alone.
  const mount = mounts
    .filter((m) => inc.fullPath === m.prefix || inc.fullPath.startsWith(`${m.prefix}/`))
    .reduce<Mount | undefined>((best, m) => (!best || m.prefix.length > best.prefix.length ? m : best), undefined);
  const sub = mount ? inc.fullPath.slice(mount.prefix.length) || '/' : '';
  const match = mount?.router.match(inc.method, sub);
  const query = parseQuery(inc.rawQuery);
  if (!match) {
    if (mount?.prefix === API_PREFIX) {
      const caller = () => authenticate(state, { method: inc.method, fullPath: inc.fullPath, query, body: inc.body.value, headers: inc.headers }, { auth: 'optional' }).user;
      const redirect = movedProjectFallback(state, inc.fullPath, inc.rawQuery, caller);
      if (redirect) throw redirect;
    }
    // GitLab's catch-all route answers unknown paths.
    throw new ApiError(404, { message: '404 Not Found' });
  }

  const auth =
    match.route.options.auth === 'none'
      ? ANONYMOUS
      : authenticate(state, { method: inc.method, fullPath: inc.fullPath, query, body: inc.body.value, headers: inc.headers }, match.route.options);
  let merged: ParamObject | undefined;
  const request: SandboxRequest = {
    method: inc.method === 'HEAD' ? 'GET' : inc.method,
    path: sub,
    fullPath: inc.fullPath,
    rawQuery: inc.rawQuery,
    params: match.params,
    rawParams: match.rawParams,
    query,
    body: inc.body.value,
    files: inc.body.files,
    headers: inc.headers,
    user: auth.user,
    auth,
    state,
    input: () => (merged ??= { ...query, ...(isParamObject(inc.body.value) ? inc.body.value : {}) }),
  };
  return match.route.handler(request);
}
