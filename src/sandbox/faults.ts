// Fault injection: a spec `KIND:COUNT[@SELECTOR],…` makes matching requests under /api/v4 fail the
// way real networks, proxies and overloaded servers fail. COUNT is a number or `forever`. A
// SELECTOR narrows the fault to `[METHOD:]PATH[?QUERY]` (PATH under /api/v4, a trailing `*` for a
// prefix; every QUERY pair must be in the request), e.g. `reset-body:forever@GET:/projects?page=3`.
// The first pending fault that matches a request takes it. Faults that answer in the API's place
// act before the request has any effect; body faults cut the real answer, after the request acted;
// `empty-body` and `no-content` send a success with no body after it acted (a proxy or an older
// version: the status kept with Content-Length 0, or 204 No Content). `ignore-key` lets the write act
// without some of its keys and answers as the API does (200, the object written): an older version or
// another edition that does not know a setting; `#KEY[+KEY…]` after the selector names the keys
// (default: every key of the body), e.g. `ignore-key:1@PUT:/application/settings#signup_enabled`.
// `short-page` sends half of a keyset page, its next page named after the last item kept (a proxy or
// a server that caps keyset pages below per_page: a short page that is not the end).
// `401` `403` `404` answer as GitLab refuses (an instance older than an endpoint answers 404).
// `shifted-page` answers a numbered page after the first as if an item had been added ahead of it
// while the list was read: it begins with the item the page before ended with, and a full page's
// own last item moves on to the next page (use `forever`, as every later page is shifted).
// `wrong-object` answers a GET of `…/ID` with the object of id 1 (a cache that keys answers wrongly).
// `other-shape` answers 200 with JSON that is not the API's object (a gateway answering in its place).

export type FaultKind =
  | '401'
  | '403'
  | '404'
  | '500'
  | '502'
  | '503'
  | '504'
  | '429'
  | '429-date'
  | 'refused'
  | 'reset'
  | 'reset-body'
  | 'short-body'
  | 'not-json'
  | 'html'
  | 'html-500'
  | 'html-502'
  | 'html-503'
  | 'hang'
  | 'hang-body'
  | 'empty-body'
  | 'no-content'
  | 'ignore-key'
  | 'short-page'
  | 'shifted-page'
  | 'wrong-object'
  | 'other-shape';

export const FAULT_KINDS: readonly FaultKind[] = [
  '401',
  '403',
  '404',
  '500',
  '502',
  '503',
  '504',
  '429',
  '429-date',
  'refused',
  'reset',
  'reset-body',
  'short-body',
  'not-json',
  'html',
  'html-500',
  'html-502',
  'html-503',
  'hang',
  'hang-body',
  'empty-body',
  'no-content',
  'ignore-key',
  'short-page',
  'shifted-page',
  'wrong-object',
  'other-shape',
];

const MESSAGES: Partial<Record<FaultKind, string>> = {
  '401': '401 Unauthorized',
  '403': '403 Forbidden',
  '404': '404 Not Found',
  '500': '500 Internal Server Error',
  '502': '502 Bad Gateway',
  '503': '503 Service Unavailable',
  '504': '504 Gateway Timeout',
  // The text of GitLab's API helper `too_many_requests!` (lib/api/helpers.rb).
  '429': '429 Too Many Requests',
  '429-date': '429 Too Many Requests',
};

export interface FaultSelector {
  method?: string;
  /** Path under /api/v4, exact, or a prefix when it ended with `*`. */
  path: string;
  prefix: boolean;
  query: [string, string][];
}

export interface FaultEntry {
  kind: FaultKind;
  /** Infinity for `forever`. */
  count: number;
  selector?: FaultSelector;
  /** `ignore-key`: the keys the write acts without; absent: all of them. */
  keys?: string[];
}

export interface FaultAnswer {
  status: number;
  body: { message: string } | string;
  headers: Record<string, string>;
}

const API_PREFIX = '/api/v4';

function parseSelector(raw: string, part: string): FaultSelector {
  const m = /^(?:([A-Za-z]+):)?(\/[^?]*)(?:\?(.*))?$/.exec(raw);
  if (!m) throw new Error(`invalid fault selector in "${part}": expected [METHOD:]PATH[?QUERY], e.g. GET:/projects?page=3`);
  let path = m[2];
  if (path.startsWith(`${API_PREFIX}/`) || path === API_PREFIX) path = path.slice(API_PREFIX.length) || '/';
  const prefix = path.endsWith('*');
  if (prefix) path = path.slice(0, -1);
  const query = [...new URLSearchParams(m[3] ?? '')];
  return { method: m[1]?.toUpperCase(), path, prefix, query };
}

export function parseFaultSpec(spec: string): FaultEntry[] {
  const out: FaultEntry[] = [];
  for (const raw of spec.split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const at = part.indexOf('@');
    const head = at === -1 ? part : part.slice(0, at);
    const m = /^([a-z0-9-]+):(\d+|forever|\*)$/i.exec(head);
    if (!m) throw new Error(`invalid fault "${part}": expected KIND:COUNT, e.g. 503:2`);
    const kind = m[1].toLowerCase() as FaultKind;
    if (!FAULT_KINDS.includes(kind)) throw new Error(`unknown fault kind "${m[1]}": use one of ${FAULT_KINDS.join(', ')}`);
    const count = m[2] === 'forever' || m[2] === '*' ? Infinity : Number(m[2]);
    if (count < 1) throw new Error(`fault "${part}": COUNT must be at least 1`);
    const [where, named] = at === -1 ? [undefined, undefined] : part.slice(at + 1).split('#', 2);
    const selector = where === undefined ? undefined : parseSelector(where, part);
    if (kind === 'refused' && selector) throw new Error(`fault "${part}": refused applies to the whole server (a refused connection carries no request to select)`);
    if (named !== undefined && kind !== 'ignore-key') throw new Error(`fault "${part}": only ignore-key names keys (#KEY)`);
    const keys = named?.split('+').filter(Boolean);
    out.push({ kind, count, selector, ...(keys?.length ? { keys } : {}) });
  }
  return out;
}

function formatEntry(f: FaultEntry): string {
  let s = `${f.kind}:${f.count === Infinity ? 'forever' : f.count}`;
  if (f.selector) {
    const q = f.selector.query.length ? `?${new URLSearchParams(f.selector.query).toString()}` : '';
    s += `@${f.selector.method ? `${f.selector.method}:` : ''}${f.selector.path}${f.selector.prefix ? '*' : ''}${q}`;
  }
  return f.keys ? `${s}#${f.keys.join('+')}` : s;
}

/** Does the selector match a request (path under /api/v4, raw query)? */
export function selectorMatches(sel: FaultSelector | undefined, method: string, apiPath: string, rawQuery: string): boolean {
  if (!sel) return true;
  if (sel.method && sel.method !== method) return false;
  if (sel.prefix ? !apiPath.startsWith(sel.path) : apiPath !== sel.path) return false;
  const q = new URLSearchParams(rawQuery);
  return sel.query.every(([k, v]) => q.getAll(k).includes(v));
}

export class FaultQueue {
  private queue: FaultEntry[] = [];
  /** Called when `refused` is queued or the queue is cleared, so the server can stop or resume listening. */
  onRefusedChange?: (refusing: boolean) => void;

  add(spec: string): void {
    const entries = parseFaultSpec(spec);
    this.queue.push(...entries);
    if (entries.some((e) => e.kind === 'refused')) this.onRefusedChange?.(true);
  }

  /** Takes the fault for a request (full path, raw query), if one matches. */
  take(method = 'GET', fullPath = API_PREFIX, rawQuery = ''): FaultKind | undefined {
    return this.takeEntry(method, fullPath, rawQuery)?.kind;
  }

  /** As take, with the keys an `ignore-key` fault names. */
  takeEntry(method = 'GET', fullPath = API_PREFIX, rawQuery = ''): Pick<FaultEntry, 'kind' | 'keys'> | undefined {
    const apiPath = fullPath.slice(API_PREFIX.length) || '/';
    const i = this.queue.findIndex((f) => f.kind !== 'refused' && selectorMatches(f.selector, method, apiPath, rawQuery));
    if (i === -1) return undefined;
    const f = this.queue[i];
    f.count--;
    if (f.count <= 0) this.queue.splice(i, 1);
    return { kind: f.kind, keys: f.keys };
  }

  refusing(): boolean {
    return this.queue.some((f) => f.kind === 'refused');
  }

  pending(): string {
    return this.queue.map(formatEntry).join(',');
  }

  clear(): void {
    const was = this.refusing();
    this.queue = [];
    if (was) this.onRefusedChange?.(false);
  }
}

const SIGN_IN_PAGE =
  '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Sign in · Company SSO</title></head>\n' +
  '<body><form method="post" action="/sso/login"><input name="username"><input type="password" name="password">' +
  '<button>Sign in</button></form></body>\n</html>\n';

function errorPage(status: number, text: string): string {
  return `<html>\r\n<head><title>${status} ${text}</title></head>\r\n<body>\r\n<center><h1>${status} ${text}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

const HTML_STATUS: Record<string, string> = { '500': 'Internal Server Error', '502': 'Bad Gateway', '503': 'Service Temporarily Unavailable' };

/** The complete answer of a fault that sends one (statuses, HTML, not-JSON); undefined for transport faults. */
export function faultAnswer(kind: FaultKind, now = Date.now()): FaultAnswer | undefined {
  if (MESSAGES[kind]) {
    const headers: Record<string, string> = {};
    if (kind === '429') headers['Retry-After'] = '1';
    if (kind === '429-date') headers['Retry-After'] = new Date(Math.ceil(now / 1000) * 1000 + 1000).toUTCString();
    return { status: Number(kind.slice(0, 3)), body: { message: MESSAGES[kind]! }, headers };
  }
  if (kind === 'html') return { status: 200, body: SIGN_IN_PAGE, headers: { 'Content-Type': 'text/html; charset=utf-8' } };
  const html = /^html-(\d{3})$/.exec(kind);
  if (html) return { status: Number(html[1]), body: errorPage(Number(html[1]), HTML_STATUS[html[1]]), headers: { 'Content-Type': 'text/html' } };
  // A health-check style answer from something that is not the API.
  if (kind === 'not-json') return { status: 200, body: 'OK\n', headers: { 'Content-Type': 'text/plain' } };
  if (kind === 'other-shape') return { status: 200, body: { message: 'OK' }, headers: {} };
  return undefined;
}

/** Faults that send the real answer's success without its body. */
export function isEmptyingFault(kind: FaultKind): kind is 'empty-body' | 'no-content' {
  return kind === 'empty-body' || kind === 'no-content';
}

/** The real answer emptied: a 2xx keeps its status (or becomes 204) and loses its body; an error stays whole. */
export function emptiedAnswer<R extends { status?: number; body?: unknown; headers?: Record<string, string> }>(kind: 'empty-body' | 'no-content', result: R): R {
  const status = result.status ?? 200;
  if (status < 200 || status >= 300) return result;
  const headers = { ...result.headers };
  delete headers['Content-Type'];
  return { ...result, status: kind === 'no-content' ? 204 : status, body: undefined, headers };
}

/** Faults that send the status line and headers, then break the body. */
export function isBodyFault(kind: FaultKind): kind is 'reset-body' | 'short-body' | 'hang-body' {
  return kind === 'reset-body' || kind === 'short-body' || kind === 'hang-body';
}

/** The request as an `ignore-key` fault lets it act: without the keys named (all of them by default). */
export function withoutKeys(body: unknown, rawQuery: string, keys: string[] | undefined): { body: unknown; rawQuery: string } {
  const drop = (k: string) => !keys || keys.includes(k);
  const kept = body && typeof body === 'object' && !Array.isArray(body) ? Object.fromEntries(Object.entries(body).filter(([k]) => !drop(k))) : body;
  const query = new URLSearchParams(rawQuery);
  for (const k of [...query.keys()]) if (keys?.includes(k)) query.delete(k);
  return { body: kept, rawQuery: query.toString() };
}

/**
 * A page of a list cut to its first half (at least one item), as a server that caps keyset pages below
 * per_page sends it: the next page, named by Link, starts after the last item kept (its cursor, the
 * value the link gave the last item's id, follows it). Anything else is sent whole.
 */
export function shortenedPage<R extends { status?: number; body?: unknown; headers?: Record<string, string> }>(result: R): R {
  const status = result.status ?? 200;
  const items = result.body;
  if (status < 200 || status >= 300 || !Array.isArray(items) || items.length < 2) return result;
  const kept = items.slice(0, Math.ceil(items.length / 2));
  const idOf = (item: unknown) => String((item as { id?: unknown } | null)?.id);
  const headers = { ...result.headers };
  // Only a keyset page can be cut: its next link names the last item's id. A numbered page's next
  // page starts at a fixed offset, so a cut one would lose items (no server sends that).
  const link = /<([^>]+)>;\s*rel="next"/.exec(headers.Link ?? '');
  if (!link) return result;
  const next = new URL(link[1]);
  const cursors = [...next.searchParams].filter(([, v]) => v === idOf(items[items.length - 1]));
  if (!cursors.length) return result;
  for (const [k] of cursors) next.searchParams.set(k, idOf(kept[kept.length - 1]));
  headers.Link = headers.Link!.replace(link[1], next.toString());
  return { ...result, body: kept, headers };
}

/** A faulted request's page number (offset paging), or undefined. */
export function pageParam(rawQuery: string): number | undefined {
  const p = new URLSearchParams(rawQuery).get('page');
  return p && /^\d+$/.test(p) ? Number(p) : undefined;
}

/**
 * A numbered page as it reads once an item was added ahead of it: the page before's last item first,
 * then this page's items, the last one left for the next page when the page is full.
 */
export function shiftedPage<R extends { status?: number; body?: unknown; headers?: Record<string, string> }>(result: R, before: R): R {
  const ok = (r: R) => (r.status ?? 200) >= 200 && (r.status ?? 200) < 300 && Array.isArray(r.body);
  if (!ok(result) || !ok(before)) return result;
  const items = result.body as unknown[];
  const prev = before.body as unknown[];
  if (!prev.length) return result;
  const full = items.length >= Number(result.headers?.['X-Per-Page'] ?? Infinity);
  return { ...result, body: [prev[prev.length - 1], ...(full ? items.slice(0, -1) : items)] };
}
