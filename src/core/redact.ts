// Keeps credentials and secrets out of traces, dry-runs, errors and output.

import { URL_MASK, isCredentialParam, maskUrlCredentials } from './safe-text.js';

export const REDACTED = '[REDACTED]';

const CREDENTIAL_HEADERS = new Set(['private-token', 'authorization', 'job-token', 'cookie', 'proxy-authorization']);

// The one rule of what a key names a secret, for every masker: traces, dry-runs, errors, URL
// queries (Redactor), list output (secret-fields.ts) and settings (get, diff, set, state). A
// credential ends its name: hook `token`, `runners_token`, `webhook_secret`, `password`,
// `ssh_passphrase`, `akismet_api_key`, `asset_proxy_secret_key`, `recaptcha_private_key`,
// `eks_secret_access_key`, `mailgun_signing_key`, an alert's `authorization_key`, the external
// authorization service's `external_auth_client_key` and `external_auth_client_key_pass` (a private
// key and its passphrase, which GitLab's settings answer carries); or the value is
// stored encrypted (`encrypted_*`). Not `token_type`, `token_expires_at`, `personal_access_token_prefix`,
// `public_key`, `key` (a deploy key's public part), `secret_detection_enabled`.
const SECRET_SUFFIX = /(^|_)(token|secret|password|passphrase|pass|api_key|secret_key|private_key|client_key|access_key|signing_key|authorization_key)$/i;
const ENCRYPTED = /^encrypted_/i;
// What an `encrypted_*` name may end with and still not be the ciphertext: a flag, a date, a count.
const METADATA_SUFFIX = /_(enabled|at|on|in|id|ids|count|type|prefix|present|iv|salt)$/i;
// A switch about a secret is a flag, not the secret (`allow_runner_registration_token`, `has_token`):
// masked, a boolean would break `settings diff` and `state plan` round trips. (`requires?`, not a bare
// `require`: the build keeps a require() in every chunk whose code names one, scripts/build.mjs.)
const FLAG_PREFIX = /^(allow|has|is|can|requires?|enables?|disables?)_/i;
// The public half of a key pair is sent to browsers (GitLab's `arkose_labs_public_api_key`).
const PUBLIC = /(^|_)public_[a-z_]*key$/i;

export function isSecretKey(key: string): boolean {
  if (FLAG_PREFIX.test(key) || PUBLIC.test(key)) return false;
  return SECRET_SUFFIX.test(key) || (ENCRYPTED.test(key) && !METADATA_SUFFIX.test(key));
}

export function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_HEADERS.has(name.toLowerCase());
}

/** Masks a token for display: first 4 characters, then a fixed mask. */
export function maskToken(token: string | undefined): string {
  if (!token) return '';
  return `${token.slice(0, 4)}${'*'.repeat(12)}`;
}

// From this length a secret is redacted wherever it appears; a shorter one only as a word of its own
// (a two-letter secret inside every word would make the text unreadable, and says nothing there).
const SHORT_SECRET = 4;

/**
 * Remembers secret values seen during a run (the credential, secrets read from stdin) and strips
 * them from any text, on top of the structural rules below.
 */
export class Redactor {
  private readonly secrets = new Set<string>();
  /** Secrets of one to three characters: redacted where they stand alone, not inside every longer word. */
  private readonly shortSecrets = new Set<string>();
  private shortPattern: RegExp | undefined;

  add(secret: string | undefined): void {
    if (!secret) return;
    if (secret.length >= SHORT_SECRET) this.secrets.add(secret);
    else if (!this.shortSecrets.has(secret)) {
      this.shortSecrets.add(secret);
      this.shortPattern = undefined;
    }
  }

  text(s: string): string {
    let out = s;
    for (const secret of this.secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    if (this.shortSecrets.size) {
      this.shortPattern ??= standingAlone(this.shortSecrets);
      out = out.replace(this.shortPattern, REDACTED);
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
      return maskUrlCredentials(this.text(raw));
    }
    // The one mask of credentials in URLs, as output shows them: `https://user:********@host`.
    if (u.password) u.password = URL_MASK;
    else if (u.username) u.username = URL_MASK;
    for (const key of [...u.searchParams.keys()]) {
      if (isCredentialParam(key) || isSecretKey(key.replace(/\[.*$/, ''))) u.searchParams.set(key, URL_MASK);
    }
    // The fragment too (`#access_token=`), which searchParams does not hold.
    return maskUrlCredentials(this.text(u.toString()));
  }

  /** Deep copy of a JSON value with secret keys and remembered secrets replaced. */
  value<T>(v: T): T {
    return redactValue(v, isSecretKey, (s) => this.text(s)) as T;
  }
}

/** Any of the texts, where no letter, digit or `_` touches it on either side. */
function standingAlone(texts: Set<string>): RegExp {
  const alternatives = [...texts].sort((a, b) => b.length - a.length).map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![A-Za-z0-9_])(?:${alternatives.join('|')})(?![A-Za-z0-9_])`, 'g');
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
