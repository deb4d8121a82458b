// When a failed request may be sent again (CLI.md `--retries`).
//
// Reads and updates (GET, HEAD, DELETE, PUT) are safe to repeat: retried on 429/502/503/504 and on
// connection errors. Actions (every POST, `mr merge`, `mr train add`) may have taken effect even
// when the answer was lost, so they are repeated only when the server certainly did not act: after
// a 429, or when the connection was refused before anything was sent.

export interface AttemptOutcome {
  /** HTTP status when an answer arrived. */
  status?: number;
  /** Node/undici error code when no answer arrived (ECONNREFUSED, ECONNRESET, UND_ERR_…). */
  errorCode?: string;
}

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);
const NOT_SENT_CODES = new Set(['ECONNREFUSED']);
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'TIMEOUT',
  // A 200 that is not JSON (cut, or a plain "OK") may be a passing fault. A web page is not: it is a
  // proxy's sign-in page, and asking again only hands it the token once more.
  'ENOTJSON',
]);

export function isAction(method: string, action: boolean | undefined): boolean {
  if (action !== undefined) return action;
  return method.toUpperCase() === 'POST' || method.toUpperCase() === 'PATCH';
}

export function shouldRetry(outcome: AttemptOutcome, action: boolean): boolean {
  if (outcome.status !== undefined) {
    if (outcome.status === 429) return true;
    return !action && RETRYABLE_STATUS.has(outcome.status);
  }
  if (!outcome.errorCode) return false;
  if (NOT_SENT_CODES.has(outcome.errorCode)) return true;
  return !action && CONNECTION_CODES.has(outcome.errorCode);
}

/** Longest wait we accept from `Retry-After` before giving up instead. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** `Retry-After` in seconds or as an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** Exponential backoff with jitter: attempt 0 waits about `baseMs`, doubling, within ±50 %. */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const exp = baseMs * 2 ** attempt;
  return Math.round(exp * (0.5 + random()));
}

export function retryDelayMs(
  attempt: number,
  retryAfterHeader: string | undefined,
  baseMs: number,
  random: () => number = Math.random,
): number {
  const after = parseRetryAfter(retryAfterHeader);
  if (after !== undefined) return after;
  return backoffMs(attempt, baseMs, random);
}
