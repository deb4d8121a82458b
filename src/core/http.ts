// The one HTTP client: every request of forgectl goes through `HttpClient.request`.
// Credentials and sudo, JSON and multipart bodies, redirects, retries, timeouts, TLS and proxies,
// the --verbose trace and --dry-run all live here.

import { setMaxListeners } from 'node:events';
import { openAsBlob, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type * as Undici from 'undici';
import type { Dispatcher } from 'undici';
import { ApiError, CancelledError, CommandFailedError, HTML_MESSAGE, InterruptedWriteError, NetworkError, UsageError, errorForStatus, looksLikeHtml, statusText } from './errors.js';
import { withQuery, type QueryParams } from './query.js';
import { REDACTED, type Redactor } from './redact.js';
import { MAX_RETRY_AFTER_MS, isAction, retryDelayMs, shouldRetry } from './retry.js';
import { readPemFile } from './tls-files.js';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type { TokenType } from './token-types.js';
import type { TokenType } from './token-types.js';
export { TOKEN_TYPES } from './token-types.js';

// undici loads on the first request, not at start-up: `--help`, usage errors and dry-runs never
// need it. Only the parts used are imported: undici's index also loads fetch, WebSocket, cookies,
// caches and mocks (and through them Node's own copy of undici), a third of a one-request run.
interface UndiciParts {
  Agent: typeof Undici.Agent;
  /** undici's Dispatcher#request, called on our dispatcher. */
  request: (this: Dispatcher, opts: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
  EnvHttpProxyAgent?: typeof Undici.EnvHttpProxyAgent;
}
let undiciParts: UndiciParts | undefined;
async function loadUndici(proxied: boolean): Promise<UndiciParts> {
  if (!undiciParts) {
    const { Agent, request } = await import('./undici-client.js');
    undiciParts = { Agent, request };
  }
  if (proxied && !undiciParts.EnvHttpProxyAgent) {
    // The proxy agent tunnels with Dispatcher#connect, which undici's index installs: load it whole.
    const m = (await import('undici')) as typeof Undici & { default?: typeof Undici };
    undiciParts.EnvHttpProxyAgent = (m.default ?? m).EnvHttpProxyAgent;
  }
  return undiciParts;
}

function isProxied(env: NodeJS.ProcessEnv): boolean {
  return ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((k) => env[k]);
}

export interface Credentials {
  token?: string;
  tokenType: TokenType;
  sudo?: string;
}

export interface TlsOptions {
  caFile?: string;
  /**
   * The option that gives this client's CA file, as messages name it: `--ca-file` (the default), or
   * `--source-ca-file` for a migration's source, which --ca-file and --insecure do not reach.
   */
  caOption?: string;
  insecure?: boolean;
  clientCert?: string;
  clientKey?: string;
}

export interface MultipartFile {
  field: string;
  path: string;
  filename?: string;
  contentType?: string;
}

export interface MultipartBody {
  fields?: Record<string, string>;
  files: MultipartFile[];
}

export interface RequestOptions {
  method?: Method;
  /** Path under `/api/v4` (`/projects`), or an absolute URL (pagination links, alert URLs). */
  path: string;
  query?: QueryParams;
  /** JSON body. */
  body?: unknown;
  multipart?: MultipartBody;
  /** Raw body with its content type (`api --input`). */
  rawBody?: { data: string | Buffer; contentType: string };
  headers?: Record<string, string>;
  /** false: send no instance credential (alert ingestion brings its own, public endpoints none). */
  authenticate?: boolean;
  /** Overrides the action rule of retry.ts (POST is an action; `mr merge` is a PUT that is one). */
  action?: boolean;
  /** Header names whose values are secret (e.g. an alert key sent as Authorization). */
  secretHeaders?: readonly string[];
  /**
   * What a 2xx answer must be: `json` (default) refuses a body that is not JSON; `text` takes any
   * text (`api`). Both refuse an HTML page, which is never the API's answer.
   */
  expect?: 'json' | 'text';
  /** Told before each retry (paging slows down when the server throttles). */
  onRetry?: (info: { status?: number; retryAfter?: string }) => void;
  /** Cancels this request alone (paging drops the pages in flight once the list has stopped). */
  signal?: AbortSignal;
  /**
   * A 2xx answer's headers, before its body is read (each attempt's): a list can ask for its next
   * pages while page 1's body is still arriving and being parsed.
   */
  onHeaders?: (headers: Record<string, string>) => void;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  data: T;
  url: string;
  /** True when --dry-run kept a write from being sent; `data` is then null. */
  dryRun: boolean;
  /** The body exactly as received, for `expect: 'text'` (`api` prints it so in a pipe). */
  text?: string;
}

export interface DryRunRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface HttpClientOptions {
  baseUrl: string;
  credentials: Credentials;
  timeoutMs: number;
  /** Limit on opening the connection (undici's default is 10 s); an interactive probe sets a short one. */
  connectTimeoutMs?: number;
  retries: number;
  retryBaseMs?: number;
  /** Largest answer body read (FORGECTL_MAX_ANSWER_MB); default DEFAULT_MAX_ANSWER_MB. */
  maxAnswerBytes?: number;
  dryRun: boolean;
  verbose: boolean;
  allowInsecureHttp: boolean;
  tls?: TlsOptions;
  env?: NodeJS.ProcessEnv;
  /** Injected in tests (undici MockAgent). */
  dispatcher?: Dispatcher;
  redactor: Redactor;
  trace: (line: string) => void;
  onDryRun: (req: DryRunRequest) => void;
  /** Awaited before each write is sent (a fleet's confirmation gate); a rejection stops the write. */
  beforeWrite?: (req: { method: Method; url: string }) => Promise<void>;
  userAgent: string;
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** A warning line for stderr (a list whose pages repeated an item). */
  warn?: (message: string) => void;
  /**
   * Told when a write (any method but GET and HEAD) goes out (`sent`), and when one that went out
   * ends with its outcome unknown (`in doubt`: its answer lost, or Ctrl-C before it came).
   */
  onWrite?: (w: WriteEvent) => void;
  /** Told before waiting to send a request again (the note a terminal shows). */
  onRetrying?: (r: { method: string; cause: string; delayMs: number; attempt: number; retries: number }) => void;
}

export interface WriteEvent {
  method: Method;
  /** Redacted. */
  url: string;
  state: 'sent' | 'in doubt';
}

const MAX_REDIRECTS = 5;
const TRACE_BODY_LIMIT = 4000;

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** Normalises an instance URL: scheme required, trailing slashes and a trailing /api/v4 removed. */
export function normalizeBaseUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw new UsageError(`invalid instance URL: ${raw}`, 'give the full URL, for example https://gitlab.example.com');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') {
    throw new UsageError(`invalid instance URL: ${raw}`, 'the URL must start with https:// or http://');
  }
  u.hash = '';
  u.search = '';
  return u.toString().replace(/\/+$/, '').replace(/\/api\/v4$/, '');
}

export function credentialHeaders(c: Credentials): Record<string, string> {
  const h: Record<string, string> = {};
  if (c.token) {
    if (c.tokenType === 'oauth') h.Authorization = `Bearer ${c.token}`;
    else if (c.tokenType === 'job') h['JOB-TOKEN'] = c.token;
    else h['PRIVATE-TOKEN'] = c.token;
  }
  if (c.sudo) h.Sudo = c.sudo;
  return h;
}

/** TLS material for the connection pool, read when the client is made so a bad path fails early. */
function connectOptions(tls: TlsOptions, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const connect: Record<string, unknown> = {};
  if (tls.caFile) {
    // `ca` replaces Node's bundle, so keep the system roots and NODE_EXTRA_CA_CERTS alongside.
    // node:tls only here: loading it costs every command that sets no CA file (issue 27).
    const cas: (string | Buffer)[] = [...process.getBuiltinModule('node:tls').rootCertificates];
    if (env.NODE_EXTRA_CA_CERTS) {
      try {
        cas.push(readFileSync(env.NODE_EXTRA_CA_CERTS));
      } catch {
        // Node itself warns about an unreadable NODE_EXTRA_CA_CERTS.
      }
    }
    cas.push(readPemFile(tls.caOption ?? '--ca-file', tls.caFile, 'ca'));
    connect.ca = cas;
  }
  if (tls.insecure) connect.rejectUnauthorized = false;
  if (tls.clientCert) connect.cert = readPemFile('--client-cert', tls.clientCert, 'cert');
  if (tls.clientKey) connect.key = readPemFile('--client-key', tls.clientKey, 'key');
  return connect;
}

function makeDispatcher(parts: UndiciParts, connect: Record<string, unknown>, env: NodeJS.ProcessEnv): Dispatcher {
  const proxied = isProxied(env);
  const common = { keepAliveTimeout: 10_000, connect };
  if (proxied) {
    return new parts.EnvHttpProxyAgent!({
      ...common,
      requestTls: connect,
      httpProxy: env.HTTP_PROXY ?? env.http_proxy,
      httpsProxy: env.HTTPS_PROXY ?? env.https_proxy,
      noProxy: env.NO_PROXY ?? env.no_proxy,
    });
  }
  return new parts.Agent(common);
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError('interrupted'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new CancelledError('interrupted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The names a server's certificate holds (`DNS:git.example.com, IP Address:10.0.0.1`), from Node's host-name error. */
function certNames(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { cert?: { subjectaltname?: unknown; subject?: { CN?: unknown } }; cause?: unknown };
    const names = o.cert?.subjectaltname ?? (o.cert?.subject?.CN !== undefined ? `CN=${String(o.cert.subject.CN)}` : undefined);
    if (typeof names === 'string' && names) return names.length > 200 ? `${names.slice(0, 200)}…` : names;
    e = o.cause;
  }
  return undefined;
}

function errorCodeOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; name?: unknown; cause?: unknown };
    if (o.name === 'TimeoutError') return 'TIMEOUT';
    if (typeof o.code === 'string') return o.code;
    e = o.cause;
  }
  return undefined;
}

function normaliseHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (!text) return null;
  if (contentType?.includes('json') || /^\s*[[{"]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** An answer that arrived but is not what was asked (a web page, not JSON, too large to hold). */
class UnreadableAnswer extends Error {
  constructor(
    readonly code: 'EHTML' | 'ENOTJSON' | 'ETOOLARGE',
    message: string,
  ) {
    super(message);
  }
}

/** The default of FORGECTL_MAX_ANSWER_MB: far above any API page (100 items), far below what exhausts memory. */
export const DEFAULT_MAX_ANSWER_MB = 100;

function tooLarge(maxBytes: number): UnreadableAnswer {
  const size = maxBytes >= 2 ** 20 ? `${+(maxBytes / 2 ** 20).toFixed(1)} MB` : `${maxBytes} bytes`;
  return new UnreadableAnswer('ETOOLARGE', `answer larger than ${size}, the most forgectl reads in one answer`);
}

/**
 * The whole body as text, refused as soon as it passes `maxBytes` (by its Content-Length, or while it
 * streams): a runaway answer costs at most the limit in memory, not the answer's size twice over.
 */
async function readBoundedText(body: Dispatcher.ResponseData['body'], contentLength: string | undefined, maxBytes: number): Promise<string> {
  if (contentLength && Number(contentLength) > maxBytes) {
    body.destroy();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      body.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk as Buffer);
  }
  // TextDecoder drops a byte-order mark, as undici's body.text() did.
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

/** Reads a 2xx body as the request expects it; throws UnreadableAnswer when it is not that. */
function readSuccessBody(text: string, contentType: string | undefined, expect: 'json' | 'text', method: Method, status: number): unknown {
  if (text && looksLikeHtml(text, contentType)) throw new UnreadableAnswer('EHTML', HTML_MESSAGE);
  // A JSON read answered 200 always has a body; an empty one is an answer lost on the way, not "nothing".
  if (expect === 'json' && method === 'GET' && status === 200 && !text.trim()) throw new UnreadableAnswer('ENOTJSON', 'the answer is empty where JSON was expected');
  if (!text.trim()) return parseBody(text, contentType);
  // `text` takes any text, but an answer that says it is JSON must parse (a cut one does not).
  if (expect === 'text' && !contentType?.toLowerCase().includes('json')) return parseBody(text, contentType);
  try {
    return JSON.parse(text);
  } catch {
    const type = contentType ? contentType.split(';')[0].trim() : 'no content type';
    throw new UnreadableAnswer('ENOTJSON', `the answer is not JSON (${type}, ${Buffer.byteLength(text)} bytes)`);
  }
}

const CUT_CODES = new Set(['UND_ERR_RES_CONTENT_LENGTH_MISMATCH']);
// OpenSSL alerts that end a handshake (ERR_SSL_…_ALERT_HANDSHAKE_FAILURE, _UNKNOWN_CA, …); not the
// record-level ones (BAD_RECORD_MAC, DECRYPTION_FAILED) that can cut an answer already under way.
const TLS_HANDSHAKE_CODE = /^ERR_SSL_.*(HANDSHAKE_FAILURE|UNKNOWN_CA|PROTOCOL_VERSION|INSUFFICIENT_SECURITY|ACCESS_DENIED|UNRECOGNIZED_NAME|NO_PROTOCOLS_AVAILABLE|UNSUPPORTED_PROTOCOL|NO_SHARED_CIPHER|NO_APPLICATION_PROTOCOL)$/;

// Last path segments that name an action on the item before them (`…/merge_requests/3/merge`).
const ACTION_SEGMENTS = new Set(['merge', 'rotate', 'approve', 'unapprove', 'rebase', 'cancel', 'retry', 'revoke', 'star', 'unstar', 'test', 'archive', 'unarchive', 'transfer', 'reset_approvals', 'subscribe', 'unsubscribe', 'resolve']);

/**
 * A gateway's 504: the instance did not answer in time, and may still have made the change. (A 502
 * says the gateway could not use the instance's answer or reach it; it is not taken as a write in doubt.)
 */
const GATEWAY_ANSWERS = new Set([504]);

/**
 * `forgectl api PATH` that reads back what a write touched; a URL outside the instance's API (an alert
 * endpoint) has no such command, so the check is said in words.
 */
export function checkCommandFor(apiRoot: string, url: string): string {
  const u = new URL(url);
  const root = new URL(apiRoot);
  if (u.origin !== root.origin || !(u.pathname === root.pathname || u.pathname.startsWith(`${root.pathname}/`))) {
    return `look on ${u.origin} whether it took effect`;
  }
  let path = u.pathname.slice(root.pathname.length);
  const segs = path.split('/');
  if (segs.length > 2 && ACTION_SEGMENTS.has(segs[segs.length - 1])) path = segs.slice(0, -1).join('/');
  return `forgectl api ${path || '/'}`;
}

export class HttpClient {
  readonly baseUrl: string;
  readonly apiRoot: string;
  private dispatcher?: Dispatcher;
  private readonly connect: Record<string, unknown>;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private closed = false;

  constructor(readonly options: HttpClientOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl);
    this.apiRoot = `${this.baseUrl}/api/v4`;
    this.dispatcher = options.dispatcher;
    this.connect = connectOptions(options.tls ?? {}, options.env ?? process.env);
    if (options.connectTimeoutMs !== undefined) this.connect.timeout = options.connectTimeoutMs;
    this.sleep = options.sleep ?? defaultSleep;
    // Every request waiting out a retry listens on this signal: a burst of parallel reads meeting a
    // 503 is more than Node's default of 10, which is no leak (each listener leaves with its wait).
    if (options.signal) setMaxListeners(0, options.signal);
    options.redactor.add(options.credentials.token);
  }

  get dryRun(): boolean {
    return this.options.dryRun;
  }

  /** Replaces the credential after a rotation, so later requests of this run use the new token. */
  setToken(token: string): void {
    this.options.credentials.token = token;
    this.options.redactor.add(token);
  }

  async close(): Promise<void> {
    // An injected dispatcher (tests) belongs to the caller.
    if (this.dispatcher && this.dispatcher !== this.options.dispatcher) {
      this.closed = true;
      await this.dispatcher.close().catch(() => undefined);
    }
  }

  resolveUrl(path: string, query?: QueryParams): string {
    const abs = /^https?:\/\//i.test(path);
    const base = abs ? path : `${this.apiRoot}${path.startsWith('/') ? '' : '/'}${path}`;
    return withQuery(base, query);
  }

  async get<T = unknown>(path: string, query?: QueryParams, extra: Partial<RequestOptions> = {}): Promise<T> {
    return (await this.request<T>({ ...extra, method: 'GET', path, query })).data;
  }

  async post<T = unknown>(path: string, body?: unknown, extra: Partial<RequestOptions> = {}): Promise<HttpResponse<T>> {
    return this.request<T>({ ...extra, method: 'POST', path, body });
  }

  async put<T = unknown>(path: string, body?: unknown, extra: Partial<RequestOptions> = {}): Promise<HttpResponse<T>> {
    return this.request<T>({ ...extra, method: 'PUT', path, body });
  }

  async delete<T = unknown>(path: string, query?: QueryParams, extra: Partial<RequestOptions> = {}): Promise<HttpResponse<T>> {
    return this.request<T>({ ...extra, method: 'DELETE', path, query });
  }

  async request<T = unknown>(req: RequestOptions): Promise<HttpResponse<T>> {
    const method = req.method ?? 'GET';
    const startUrl = this.resolveUrl(req.path, req.query);
    const authenticate = req.authenticate !== false;
    const origin = new URL(this.baseUrl).origin;
    const headers = this.buildHeaders(req, authenticate);
    // An absolute URL (a page link the server sent) of another origin never gets this instance's
    // credential: a list stops there rather than hand the token to whatever host a Link names.
    const startOrigin = new URL(startUrl).origin;
    if (startOrigin !== origin && authenticate && (this.options.credentials.token || this.options.credentials.sudo)) {
      throw new CommandFailedError(
        `not sending the token of ${origin} to ${startOrigin} (${method} ${this.options.redactor.url(startUrl)})`,
        `the instance named another host in its answer; check its external URL setting, or --url`,
      );
    }
    this.checkTransport(startUrl, headers, authenticate, req);

    if (this.options.dryRun && method !== 'GET' && method !== 'HEAD') {
      this.options.onDryRun({
        method,
        url: this.options.redactor.url(startUrl),
        headers: this.redactHeaders(headers, req),
        body: this.describeBody(req),
      });
      return { status: 0, headers: {}, data: null as T, url: startUrl, dryRun: true };
    }
    if (this.options.beforeWrite && method !== 'GET' && method !== 'HEAD') await this.options.beforeWrite({ method, url: this.options.redactor.url(startUrl) });

    let url = startUrl;
    let currentMethod: Method = method;
    let sendBody = true;
    for (let hop = 0; ; hop++) {
      const res = await this.sendWithRetries(currentMethod, url, headers, sendBody ? req : undefined, req);
      const location = res.headers.location;
      if ([301, 302, 303, 307, 308].includes(res.status) && location) {
        const r0 = this.options.redactor;
        let next: string;
        try {
          next = new URL(location, url).toString();
        } catch {
          throw new CommandFailedError(r0.text(`${currentMethod} ${r0.url(url)} answered ${res.status} with a Location that is not a URL: ${location}`));
        }
        if (hop >= MAX_REDIRECTS) {
          // The Location may carry a token in its query: shown masked, like every URL.
          throw new NetworkError(`too many redirects (last: ${res.status} to ${r0.url(next)})`, 'EREDIRECTS', method, r0.url(url));
        }
        // Another origin is never followed, not even without credentials: a write's body may hold a
        // secret (a hook secret, a setting, a migration's source token), and a read's answer would
        // pass for the instance's.
        if (new URL(next).origin !== startOrigin) {
          const r = this.options.redactor;
          throw new CommandFailedError(
            `the instance redirected to ${r.url(next)}: check --url`,
            r.text(`${currentMethod} ${r.url(url)} answered ${res.status}; forgectl follows redirects only within ${startOrigin}, so nothing was sent to ${new URL(next).origin}`),
          );
        }
        // 303 means "see other" (fetch with GET); every other redirect repeats the same method and
        // body, so a moved PUT or POST never silently turns into a GET.
        if (res.status === 303) {
          currentMethod = 'GET';
          sendBody = false;
        }
        this.trace(`* following ${res.status} to ${this.options.redactor.url(next)}`);
        url = next;
        continue;
      }
      if (res.status >= 400) {
        const err = errorForStatus({ status: res.status, method: currentMethod, url: this.options.redactor.url(url), body: res.data, text: req.expect === 'text' ? res.text : undefined, headers: res.headers });
        if (GATEWAY_ANSWERS.has(res.status) && currentMethod !== 'GET' && currentMethod !== 'HEAD') throw this.gatewayAnswered(err, currentMethod, url);
        throw err;
      }
      return { status: res.status, headers: res.headers, data: res.data as T, url, dryRun: false, text: req.expect === 'text' ? res.text : undefined };
    }
  }

  private buildHeaders(req: RequestOptions, authenticate: boolean): Record<string, string> {
    const h: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': this.options.userAgent,
    };
    if (authenticate) Object.assign(h, credentialHeaders(this.options.credentials));
    if (req.body !== undefined) h['Content-Type'] = 'application/json';
    if (req.rawBody) h['Content-Type'] = req.rawBody.contentType;
    Object.assign(h, req.headers ?? {});
    return h;
  }

  private checkTransport(url: string, headers: Record<string, string>, authenticate: boolean, req: RequestOptions): void {
    const u = new URL(url);
    const carriesSecret =
      (authenticate && !!this.options.credentials.token) ||
      Object.keys(headers).some((k) => (req.secretHeaders ?? []).map((s) => s.toLowerCase()).includes(k.toLowerCase()));
    if (u.protocol === 'http:' && carriesSecret && !isLoopbackHost(u.hostname) && !this.options.allowInsecureHttp) {
      throw new UsageError(
        `refusing to send a credential over plain http:// to ${u.host}`,
        'use https://, or pass --allow-insecure-http if you accept that the token can be read on the network',
      );
    }
  }

  private redactHeaders(headers: Record<string, string>, req: RequestOptions): Record<string, string> {
    const out = this.options.redactor.headers(headers);
    for (const name of req.secretHeaders ?? []) {
      for (const k of Object.keys(out)) if (k.toLowerCase() === name.toLowerCase()) out[k] = REDACTED;
    }
    return out;
  }

  private describeBody(req: RequestOptions): unknown {
    const r = this.options.redactor;
    if (req.body !== undefined) return r.value(req.body);
    if (req.rawBody) {
      const text = typeof req.rawBody.data === 'string' ? req.rawBody.data : req.rawBody.data.toString('utf8');
      try {
        return r.value(JSON.parse(text));
      } catch {
        return r.text(text);
      }
    }
    if (req.multipart) {
      const parts: Record<string, string> = { ...(r.value(req.multipart.fields ?? {}) as Record<string, string>) };
      for (const f of req.multipart.files) parts[f.field] = `@${f.path}`;
      return { multipart: parts };
    }
    return undefined;
  }

  private async buildBody(req: RequestOptions): Promise<string | Buffer | FormData | undefined> {
    if (req.body !== undefined) return JSON.stringify(req.body);
    if (req.rawBody) return req.rawBody.data;
    if (req.multipart) {
      // File parts are Blobs backed by the file on disk: undici streams them, nothing is read
      // into memory up front. Rebuilt per attempt so a retry or redirect can send it again.
      const { FormData } = await import('./undici-formdata.js');
      const form = new FormData();
      for (const [k, v] of Object.entries(req.multipart.fields ?? {})) form.append(k, v);
      for (const f of req.multipart.files) {
        const blob = await openAsBlob(f.path, { type: f.contentType ?? 'application/octet-stream' });
        form.append(f.field, blob, f.filename ?? basename(f.path));
      }
      return form;
    }
    return undefined;
  }

  private async sendWithRetries(
    method: Method,
    url: string,
    headers: Record<string, string>,
    bodyReq: RequestOptions | undefined,
    req: RequestOptions,
  ): Promise<{ status: number; headers: Record<string, string>; data: unknown; text?: string }> {
    const action = isAction(method, req.action);
    const retries = Math.max(0, this.options.retries);
    // A write repeated after a lost answer: an error status now may only mean the lost attempt acted.
    let lostWrite: string | undefined;
    const env = this.options.env ?? process.env;
    const undici = await loadUndici(!this.options.dispatcher && isProxied(env));
    this.dispatcher ??= makeDispatcher(undici, this.connect, env);
    const write = method !== 'GET' && method !== 'HEAD';
    for (let attempt = 0; ; attempt++) {
      // The run is over (its client closed): a task still asking gets no request, and no retry of the
      // closed pool, which would fail again after each wait.
      if (req.signal?.aborted || this.closed) throw new CancelledError('cancelled');
      // Ctrl-C before this attempt: it is not sent (an earlier one whose answer was lost may have acted).
      if (this.options.signal?.aborted) throw this.interrupted(method, url, !!lostWrite);
      const started = Date.now();
      this.traceRequest(method, url, headers, bodyReq, req);
      let status: number | undefined;
      let resHeaders: Record<string, string> = {};
      let data: unknown;
      let text: string | undefined;
      let errorCode: string | undefined;
      let failure: unknown;
      // The status seen before the body failed: an answer counts only once its whole body is read.
      let cutStatus: number | undefined;
      // Handed to the connection: from here on the instance may act on it.
      let sent = false;
      try {
        const signals = [AbortSignal.timeout(this.options.timeoutMs)];
        if (this.options.signal) signals.push(this.options.signal);
        if (req.signal) signals.push(req.signal);
        const target = new URL(url);
        const body = bodyReq ? ((await this.buildBody(bodyReq)) as Dispatcher.DispatchOptions['body']) : undefined;
        if (write) {
          sent = true;
          this.options.onWrite?.({ method, url: this.options.redactor.url(url), state: 'sent' });
        }
        const res = await undici.request.call(this.dispatcher, {
          origin: target.origin,
          path: `${target.pathname}${target.search}`,
          method,
          headers,
          body,
          signal: AbortSignal.any(signals),
          headersTimeout: this.options.timeoutMs,
          bodyTimeout: this.options.timeoutMs,
        });
        cutStatus = res.statusCode;
        resHeaders = normaliseHeaders(res.headers as Record<string, string | string[] | undefined>);
        if (res.statusCode >= 200 && res.statusCode < 300) req.onHeaders?.(resHeaders);
        // A HEAD answer's Content-Length is the size of the GET's body, not of its own (none).
        const announced = method === 'HEAD' ? undefined : resHeaders['content-length'];
        text = await readBoundedText(res.body, announced, this.options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_MB * 2 ** 20);
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        data = ok && method !== 'HEAD' ? readSuccessBody(text, resHeaders['content-type'], req.expect ?? 'json', method, res.statusCode) : parseBody(text, resHeaders['content-type']);
        status = res.statusCode;
        cutStatus = undefined;
        this.traceResponse(status, resHeaders, data, Date.now() - started);
      } catch (err) {
        if (this.options.signal?.aborted) throw this.interrupted(method, url, sent || !!lostWrite);
        // Dropped by its caller: not a failure of its own, nothing to trace or retry.
        if (req.signal?.aborted) throw new CancelledError('cancelled');
        failure = err;
        errorCode = err instanceof UnreadableAnswer ? err.code : (errorCodeOf(err) ?? 'ENETWORK');
        this.trace(`! ${method} ${this.options.redactor.url(url)} failed: ${errorCode}${cutStatus !== undefined && !(err instanceof UnreadableAnswer) ? ` (after the headers of a ${cutStatus})` : ''}`);
      }

      const outcome = status !== undefined ? { status } : { errorCode };
      if ((status !== undefined && status < 400) || attempt >= retries || !shouldRetry(outcome, action)) {
        if (status !== undefined && status >= 400 && lostWrite) throw this.lostWriteError(method, url, attempt, lostWrite, status, data);
        if (status !== undefined) return { status, headers: resHeaders, data, text };
        throw this.networkError(failure, errorCode, method, url, attempt, cutStatus, lostWrite);
      }
      const delay = retryDelayMs(attempt, resHeaders['retry-after'], this.options.retryBaseMs ?? 500, this.options.random);
      if (delay > MAX_RETRY_AFTER_MS) {
        if (status !== undefined) return { status, headers: resHeaders, data, text };
        throw this.networkError(failure, errorCode, method, url, attempt, cutStatus, lostWrite);
      }
      if (status === undefined && errorCode !== 'ECONNREFUSED' && method !== 'GET' && method !== 'HEAD') lostWrite ??= errorCode;
      req.onRetry?.({ status, retryAfter: resHeaders['retry-after'] });
      this.options.onRetrying?.({ method, cause: String(status ?? errorCode), delayMs: delay, attempt: attempt + 1, retries });
      this.trace(`* retrying ${method} in ${(delay / 1000).toFixed(1)}s after ${status ?? errorCode} (retry ${attempt + 1} of ${retries})`);
      try {
        await this.sleep(delay, req.signal && this.options.signal ? AbortSignal.any([this.options.signal, req.signal]) : (req.signal ?? this.options.signal));
      } catch (err) {
        if (this.options.signal?.aborted) throw this.interrupted(method, url, !!lostWrite);
        throw err;
      }
    }
  }

  /** Ctrl-C: "interrupted", or, when a write had gone out without its answer, that it may have been applied. */
  private interrupted(method: Method, url: string, inDoubt: boolean): CancelledError {
    if (!inDoubt || method === 'GET' || method === 'HEAD') return new CancelledError('interrupted');
    const safeUrl = this.options.redactor.url(url);
    this.options.onWrite?.({ method, url: safeUrl, state: 'in doubt' });
    return new InterruptedWriteError(method, safeUrl, this.options.redactor.text(`check before trying again: ${checkCommandFor(this.apiRoot, url)}`));
  }

  private networkError(
    failure: unknown,
    code: string | undefined,
    method: Method,
    url: string,
    attempt: number,
    cutStatus: number | undefined,
    /** An earlier attempt of this write whose answer was lost (it may have acted). */
    lostWrite?: string,
  ): NetworkError {
    const safeUrl = this.options.redactor.url(url);
    const host = new URL(url).host;
    const detail = (failure instanceof Error ? failure.message : String(failure)).trim();
    const tries = attempt > 0 ? ` after ${attempt + 1} attempts` : '';
    let what: string;
    if (failure instanceof UnreadableAnswer) what = failure.message;
    else if (code && CUT_CODES.has(code)) what = `the answer was shorter than its Content-Length (${code})`;
    else if (cutStatus !== undefined) what = `the answer stopped part way (${code ?? 'network error'})`;
    else if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') what = `${code}: the certificate of ${host} is not for ${new URL(url).hostname}${certNames(failure) ? ` (it is for ${certNames(failure)})` : ''}`;
    else what = `${code ?? 'network error'} (${detail})`;
    // Refused connections and failed TLS handshakes carried no request (a handshake alert from the
    // server, e.g. a client certificate it does not trust, means it processed nothing either).
    const tlsRefused = !!code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code);
    const handshakeFailed = !!code && TLS_HANDSHAKE_CODE.test(code) && !tlsRefused;
    const plainHttp = url.startsWith('https:') && (/WRONG_VERSION_NUMBER|EPROTO|PACKET_LENGTH_TOO_LONG/.test(code ?? '') || /wrong version number|packet length too long/i.test(detail));
    let hint: string | undefined;
    if (code === 'ECONNREFUSED') hint = `is the instance at ${host} running and reachable?`;
    else if (code === 'TIMEOUT' || (code?.startsWith('UND_ERR_') && code.includes('TIMEOUT'))) hint = 'raise the per-request limit with --timeout SECONDS';
    // A CA file cannot fix a certificate issued for another name: --url must use a name it holds.
    else if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') hint = `give --url with a host name the certificate is for, or have it reissued for ${new URL(url).hostname}`;
    else if (tlsRefused) {
      const caOption = this.options.tls?.caOption;
      hint = caOption ? `give the CA of ${host} with ${caOption} PEM` : 'give the instance CA with --ca-file PEM (or --insecure to skip verification)';
    }
    else if (plainHttp) hint = 'the server answered plain HTTP: use an http:// URL for this port (or the port that serves HTTPS)';
    else if (code === 'ETOOLARGE') hint = 'ask for less (a smaller --per-page), or raise the limit with FORGECTL_MAX_ANSWER_MB';
    else if (handshakeFailed) hint = 'the TLS handshake failed: check --client-cert/--client-key and that the server accepts this TLS version';
    // A write whose answer was lost may have been applied: it is not sent again blindly, and the
    // user is told how to look.
    const write = method !== 'GET' && method !== 'HEAD';
    // The last attempt carrying nothing does not undo an earlier one whose answer was lost.
    const mayHaveApplied = write && (!!lostWrite || (code !== 'ECONNREFUSED' && !tlsRefused && !plainHttp && !handshakeFailed));
    let message = `${method} ${safeUrl} failed${tries}: ${what}`;
    if (mayHaveApplied) {
      if (lostWrite && lostWrite !== code) message += ` (the answer to an earlier attempt was lost: ${lostWrite})`;
      message += '; the change may have been applied';
      const check = checkCommandFor(this.apiRoot, url);
      hint = `check before trying again: ${check}`;
      this.options.onWrite?.({ method, url: safeUrl, state: 'in doubt' });
    }
    return new NetworkError(this.options.redactor.text(message), code, method, safeUrl, hint ? this.options.redactor.text(hint) : undefined, mayHaveApplied);
  }

  /**
   * A proxy answered a write for the instance (504): the instance behind it may have acted on it and
   * is only late, so the write is in doubt, as one whose answer was lost.
   */
  private gatewayAnswered(err: ApiError, method: Method, url: string): ApiError {
    const safeUrl = this.options.redactor.url(url);
    err.mayHaveApplied = true;
    err.message = `${err.message} (a gateway's answer for ${method} ${safeUrl}); the change may have been applied`;
    err.hint = this.options.redactor.text(`check before trying again: ${checkCommandFor(this.apiRoot, url)}`);
    this.options.onWrite?.({ method, url: safeUrl, state: 'in doubt' });
    return err;
  }

  /** A repeated write answered an error after an earlier attempt's answer was lost (a DELETE's 404). */
  private lostWriteError(method: Method, url: string, attempt: number, lost: string, status: number, body: unknown): NetworkError {
    const safeUrl = this.options.redactor.url(url);
    const answer = errorForStatus({ status, method, url: safeUrl, body }).message;
    const message = `${method} ${safeUrl}: the answer to attempt 1 was lost (${lost}) and attempt ${attempt + 1} answered ${answer}; the change may have been applied`;
    const hint = `check before trying again: ${checkCommandFor(this.apiRoot, url)}`;
    this.options.onWrite?.({ method, url: safeUrl, state: 'in doubt' });
    return new NetworkError(this.options.redactor.text(message), lost, method, safeUrl, this.options.redactor.text(hint), true);
  }

  private trace(line: string): void {
    if (this.options.verbose) this.options.trace(this.options.redactor.text(line));
  }

  private traceRequest(method: Method, url: string, headers: Record<string, string>, bodyReq: RequestOptions | undefined, req: RequestOptions): void {
    if (!this.options.verbose) return;
    this.trace(`> ${method} ${this.options.redactor.url(url)}`);
    for (const [k, v] of Object.entries(this.redactHeaders(headers, req))) this.trace(`> ${k}: ${v}`);
    if (bodyReq) {
      const body = this.describeBody(bodyReq);
      if (body !== undefined) this.trace(`> ${truncate(typeof body === 'string' ? body : JSON.stringify(body))}`);
    }
  }

  private traceResponse(status: number, headers: Record<string, string>, data: unknown, ms: number): void {
    if (!this.options.verbose) return;
    this.trace(`< ${status} ${statusText(status) === 'Error' ? '' : statusText(status)} (${ms} ms)`.replace('  (', ' ('));
    for (const [k, v] of Object.entries(this.options.redactor.headers(headers))) this.trace(`< ${k}: ${v}`);
    if (data !== null && data !== undefined) {
      const safe = this.options.redactor.value(data);
      this.trace(`< ${truncate(typeof safe === 'string' ? safe : JSON.stringify(safe))}`);
    }
  }
}

function truncate(s: string): string {
  return s.length > TRACE_BODY_LIMIT ? `${s.slice(0, TRACE_BODY_LIMIT)}… (${s.length} characters)` : s;
}

