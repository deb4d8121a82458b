// Typed errors and the one mapping from error to exit code (CLI.md "Exit codes").

import { onOneLine } from './safe-text.js';

export const ExitCode = {
  ok: 0,
  failed: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  /** Differences found by a comparison asked with --exit-code: never a failure. */
  differs: 5,
  interrupted: 130,
} as const;

// CLI.md: a fleet exits with the worst of its instances' codes; any failure outranks differences,
// which outrank success. A code not listed (129, 143 from a watch) counts as an interruption.
const EXIT_RANK = [ExitCode.interrupted, ExitCode.failed, ExitCode.auth, ExitCode.notFound, ExitCode.usage, ExitCode.differs, ExitCode.ok];

/** The one exit code for several: the worst, ranked 130, 1, 4, 3, 2, 5, 0. */
export function worstExitCode(codes: Iterable<number>): number {
  let worst: number = ExitCode.ok;
  const rank = (c: number) => (EXIT_RANK.includes(c as never) ? EXIT_RANK.indexOf(c as never) : -1);
  for (const c of codes) if (rank(c) < rank(worst)) worst = c;
  return worst;
}

/** Bad input or usage, found before anything was sent. */
export class UsageError extends Error {
  override name = 'UsageError';
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** The user declined a confirmation or pressed Ctrl-C at a prompt. */
export class CancelledError extends Error {
  override name = 'CancelledError';
  constructor(
    message = 'cancelled',
    readonly hint?: string,
  ) {
    super(message);
  }
}

/**
 * Ctrl-C (or a signal) after a write was sent and before its answer came: the instance may have
 * applied it, so this is no "cancelled"; the hint names the command that checks (exit 130).
 */
export class InterruptedWriteError extends CancelledError {
  override name = 'InterruptedWriteError';
  constructor(
    readonly method: string,
    readonly url: string,
    hint: string,
  ) {
    super(`interrupted after ${method} ${url} was sent: the change may have been applied`, hint);
  }
}

/**
 * Ctrl-C or a signal while the pages of a list were read: still an interruption (exit 130), and it
 * says where the list stopped, so the formatter can tell how to go on.
 */
export class ListInterruptedError extends CancelledError {
  override name = 'ListInterruptedError';
  constructor(
    /** The first page not printed. */
    readonly page?: number,
    /** Flags that go on from there (`--page 3 --per-page 100`). */
    readonly resume?: string,
  ) {
    super('interrupted');
  }
}

/** A failure the command itself detected (a watched operation failed, a diff was found…). */
export class CommandFailedError extends Error {
  override name = 'CommandFailedError';
  constructor(
    message: string,
    readonly hint?: string,
    readonly exitCode: number = ExitCode.failed,
  ) {
    super(message);
  }
}

export interface ApiErrorInit {
  status: number;
  method: string;
  url: string;
  body: unknown;
  hint?: string;
  /** The body exactly as received, when the caller asked for it (`api` prints it so in a pipe). */
  text?: string;
  /** The answer's headers; only Retry-After and RateLimit-* are kept (see ApiError.rateLimit). */
  headers?: Record<string, string>;
}

/** Retry-After and RateLimit-*: what an error answer tells a pace. No cookie or other header is kept. */
function rateLimitHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) {
    const name = k.toLowerCase();
    if (name === 'retry-after' || name.startsWith('ratelimit-')) out[name] = v;
  }
  return out;
}

/** A non-2xx answer from the API. `body` is the parsed error body, kept whole. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
  readonly text?: string;
  /** The answer's Retry-After and RateLimit-* headers: a 404 or 403 still says how busy the server is. */
  readonly rateLimit: Record<string, string>;
  hint?: string;
  /** A write a gateway answered 504 for: the instance may have made the change. */
  mayHaveApplied = false;

  constructor(init: ApiErrorInit) {
    super(apiMessage(init.status, init.body));
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
    this.text = init.text;
    this.rateLimit = rateLimitHeaders(init.headers);
    this.hint = init.hint;
  }

  /** The `{error: insufficient_scope, scope}` body of spec part 1 §5. */
  get insufficientScope(): string | undefined {
    const b = this.body as { error?: unknown; scope?: unknown } | null;
    if (b && typeof b === 'object' && b.error === 'insufficient_scope') {
      return typeof b.scope === 'string' ? b.scope : '';
    }
    return undefined;
  }
}

export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}

export class AuthError extends ApiError {
  override name = 'AuthError';
}

/** No credential or profile to send, found before sending. */
export class MissingCredentialsError extends Error {
  override name = 'MissingCredentialsError';
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly method: string,
    readonly url: string,
    readonly hint?: string,
    /** A write whose answer was lost: it may have taken effect. */
    readonly mayHaveApplied = false,
  ) {
    super(message);
  }
}

/**
 * A list that stopped part way: pages before `page` were read (and their items perhaps printed),
 * then a page failed after its retries. The exit code is the cause's.
 */
export class PartialListError extends Error {
  override name = 'PartialListError';
  constructor(
    override readonly cause: unknown,
    /** The page that failed (offset paging), if known. */
    readonly page?: number,
    /** Flags that go on from where the list stopped (`--page 3 --per-page 100`). */
    readonly resume?: string,
    /** Items printed before the failure; unset while no formatter has printed the list. */
    readonly printed?: number,
  ) {
    super();
  }

  /** The same stop, as printed by a formatter after `printed` items. */
  afterPrinting(printed: number): PartialListError {
    return new PartialListError(this.cause, this.page, this.resume, printed);
  }

  override get message(): string {
    const why = this.cause instanceof Error ? this.cause.message : String(this.cause);
    const where = this.page !== undefined ? ` at page ${this.page}` : '';
    // `printed` is unset when a command read the list for itself (nothing of it was printed).
    if (this.printed === undefined) return `reading the list stopped${where}: ${why}`;
    const printed = this.printed === 0 ? ', nothing printed' : `, ${this.printed} item${this.printed === 1 ? '' : 's'} printed before it`;
    return `the list stopped${where}${printed}: ${why}`;
  }

  get hint(): string | undefined {
    const own = hintFor(this.cause);
    const resume = this.resume && this.printed !== undefined ? `to go on from there, run the same command with ${this.resume}` : undefined;
    return [resume, own].filter(Boolean).join('; ') || undefined;
  }
}

export const HTML_MESSAGE = 'the answer is a web page, not the API: check --url / a proxy in the way';

/** A sign-in or proxy error page, never the API's answer. */
export function looksLikeHtml(text: string, contentType: string | undefined): boolean {
  return !!contentType?.toLowerCase().includes('text/html') || /^\s*(<!doctype html|<html[\s>])/i.test(text);
}

/** The message of an answer: the server's words, each kept on one line. */
function apiMessage(status: number, body: unknown): string {
  return onOneLine(apiMessageText(status, body));
}

function apiMessageText(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (b.error === 'insufficient_scope') {
      const scope = typeof b.scope === 'string' && b.scope ? ` (needs scope: ${b.scope})` : '';
      const desc = typeof b.error_description === 'string' ? b.error_description : 'insufficient scope';
      return `${status} insufficient_scope: ${desc}${scope}`;
    }
    // OAuth-style refusals (`invalid_token`, "Token has expired.") carry the reason in error_description.
    if (b.message === undefined && typeof b.error === 'string' && typeof b.error_description === 'string' && b.error_description) {
      return `${status} ${b.error}: ${b.error_description}`;
    }
    const m = b.message ?? b.error;
    if (typeof m === 'string') return m.startsWith(String(status)) ? m : `${status} ${m}`;
    if (m && typeof m === 'object') return `${status} ${flattenMessages(m)}`;
  }
  // A proxy's error page says nothing the status does not, and HTML on a terminal helps nobody.
  if (typeof body === 'string' && looksLikeHtml(body, undefined)) return `${status} ${statusText(status)} (${HTML_MESSAGE})`;
  if (typeof body === 'string' && body.trim()) return `${status} ${body.trim().slice(0, 300)}`;
  return `${status} ${statusText(status)}`;
}

/** GitLab sends validation errors as `{message: {field: ["is invalid"]}}`. */
function flattenMessages(m: object): string {
  return Object.entries(m)
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : String(v)}`)
    .join('; ');
}

export function statusText(status: number): string {
  const texts: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    405: 'Method Not Allowed',
    409: 'Conflict',
    412: 'Precondition Failed',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  };
  return texts[status] ?? 'Error';
}

/** Builds the error class matching a status. */
export function errorForStatus(init: ApiErrorInit): ApiError {
  if (init.status === 404) return new NotFoundError(init);
  if (init.status === 401 || init.status === 403) return new AuthError(init);
  return new ApiError(init);
}

export function exitCodeFor(err: unknown): number {
  if (err instanceof PartialListError) return exitCodeFor(err.cause);
  if (err instanceof UsageError) return ExitCode.usage;
  if (err instanceof CancelledError) return ExitCode.interrupted;
  if (err instanceof NotFoundError) return ExitCode.notFound;
  if (err instanceof AuthError || err instanceof MissingCredentialsError) return ExitCode.auth;
  if (err instanceof CommandFailedError) return err.exitCode;
  return ExitCode.failed;
}

/** A write that was sent and whose outcome is unknown (its answer lost, or Ctrl-C before it came). */
export function mayHaveApplied(err: unknown): boolean {
  const e = err instanceof PartialListError ? err.cause : err;
  return e instanceof InterruptedWriteError || ((e instanceof NetworkError || e instanceof ApiError) && e.mayHaveApplied);
}

export function hintFor(err: unknown): string | undefined {
  if (err && typeof err === 'object' && 'hint' in err) {
    const h = (err as { hint?: unknown }).hint;
    if (typeof h === 'string' && h) return h;
  }
  return undefined;
}
