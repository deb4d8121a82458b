// Secrets in answers that a reader would not think of as secrets (a project's `runners_token`
// registers runners to it): masked in every format unless --show-secrets, like secret settings.

import { MASK } from './output.js';

// `runners_token`, `token`, `webhook_secret`, `password`, `private_key`…; not `token_type` or `has_token`'s boolean.
const TOKEN_LIKE = /(^|_)(token|secret|password|passphrase|private_key|api_key)$/i;

export function isTokenLikeKey(key: string): boolean {
  return TOKEN_LIKE.test(key);
}

/** A copy with every non-empty string under a token-like key masked, at any depth. */
export function maskTokenLike<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => maskTokenLike(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = typeof v === 'string' && v !== '' && isTokenLikeKey(k) ? MASK : maskTokenLike(v);
  return out as T;
}

/** The items of a list as they arrive, each masked. */
export async function* maskEachTokenLike<T>(items: AsyncIterable<T>): AsyncGenerator<T> {
  for await (const item of items) yield maskTokenLike(item);
}
