// Secrets in answers that a reader would not think of as secrets (a project's `runners_token`
// registers runners to it): masked in every format unless --show-secrets, like secret settings.
// Which keys hold one is redact.ts's rule, the same for every masker.

import { isSecretKey } from './redact.js';

/** What a masked value shows, in every format. */
export const MASK = '********';

// The items of a list share their keys: each is tested once, not once per item (bounded, as keys
// may be ids).
const verdicts = new Map<string, boolean>();
function secretKey(key: string): boolean {
  let v = verdicts.get(key);
  if (v === undefined) {
    v = isSecretKey(key);
    if (verdicts.size < 10_000) verdicts.set(key, v);
  }
  return v;
}

/**
 * Every non-empty string under a secret key (isSecretKey) masked, at any depth. The value itself is never
 * changed: what holds a masked value is copied, the rest is shared (a value with nothing to mask is
 * returned as is), so a list of thousands of projects costs one shallow copy per item.
 */
export function maskTokenLike<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const m = maskTokenLike(v);
      if (m !== v) (out ??= value.slice())[i] = m;
    }
    return (out ?? value) as T;
  }
  const obj = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  // for…in, not Object.entries: no array per object; the values are parsed JSON, own keys alone.
  for (const k in obj) {
    const v = obj[k];
    if (typeof v === 'string') {
      if (v !== '' && secretKey(k)) (out ??= { ...obj })[k] = MASK;
    } else if (v !== null && typeof v === 'object') {
      const m = maskTokenLike(v);
      if (m !== v) (out ??= { ...obj })[k] = m;
    }
  }
  return (out ?? value) as T;
}
