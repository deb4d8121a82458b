// Keeps credentials and secrets out of traces, dry-runs, errors and output.

import { URL_MASK } from './safe-text.js';

export const REDACTED = '[REDACTED]';

const CREDENTIAL_HEADERS = new Set(['private-token', 'authorization', 'job-token', 'cookie', 'proxy-authorization']);
const CREDENTIAL_QUERY = new Set(['private_token', 'access_token', 'job_token', 'refresh_token']);

// Body keys that hold secrets in this API: hook `token`, source `access_token`, settings ending in
// _token / _api_key / _secret_key / _secret / password, alert keys.
const SECRET_KEY = /(^|_)(token|secret|password|api_key|secret_key|private_key|authorization_key|key_stdin)$/i;
const NOT_SECRET = new Set(['token_type', 'refresh_token_expires_in']);

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key) && !NOT_SECRET.has(key.toLowerCase());
}

export function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_HEADERS.has(name.toLowerCase());
}

/** Masks a token for display: first 4 characters, then a fixed mask. */
export function maskToken(token: string | undefined): string {
  if (!token) return '';
  return `${token.slice(0, 4)}${'*'.repeat(12)}`;
}

/**
 * Remembers secret values seen during a run (the credential, secrets read from stdin) and strips
 * them from any text, on top of the structural rules below.
 */
export class Redactor {
  private readonly secrets = new Set<string>();

  add(secret: string | undefined): void {
    if (secret && secret.length >= 4) this.secrets.add(secret);
  }

  text(s: string): string {
    let out = s;
    for (const secret of this.secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out;
  }

  headers(headers: Record<string, string | string[] | undefined>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) {
      if (v === undefined) continue;
      const value = Array.isArray(v) ? v.join(', ') : v;
      out[k] = isCredentialHeader(k) ? REDACTED : this.text(value);
    }
    return out;
  }

  url(raw: string): string {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      return this.text(raw);
    }
    // The one mask of credentials in URLs, as output shows them: `https://user:********@host`.
    if (u.password) u.password = URL_MASK;
    else if (u.username) u.username = URL_MASK;
    for (const key of [...u.searchParams.keys()]) {
      if (CREDENTIAL_QUERY.has(key) || isSecretKey(key.replace(/\[.*$/, ''))) u.searchParams.set(key, URL_MASK);
    }
    return this.text(u.toString());
  }

  /** Deep copy of a JSON value with secret keys and remembered secrets replaced. */
  value<T>(v: T, extraSecretKeys: readonly string[] = []): T {
    return redactValue(v, (k) => isSecretKey(k) || extraSecretKeys.includes(k), (s) => this.text(s)) as T;
  }
}

function redactValue(v: unknown, secretKey: (k: string) => boolean, text: (s: string) => string): unknown {
  if (typeof v === 'string') return text(v);
  if (Array.isArray(v)) return v.map((x) => redactValue(x, secretKey, text));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      out[k] = secretKey(k) && x !== null && x !== '' && x !== undefined && typeof x !== 'boolean' ? REDACTED : redactValue(x, secretKey, text);
    }
    return out;
  }
  return v;
}
