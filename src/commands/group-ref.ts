// A group as the API takes it: numeric id or full path (`acme/platform`), URL-encoded by the client.

import { UsageError } from '../core/errors.js';
import type { ProjectId } from '../core/refs.js';

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

export function parseGroupId(raw: string, what = 'group'): ProjectId {
  const s = raw.trim();
  if (/^\d+$/.test(s)) {
    const n = Number(s);
    if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`${what} id is out of range: ${raw}`);
    return n;
  }
  const parts = s.replace(/^\/+|\/+$/g, '').split('/');
  if (!s || !parts.every((p) => SEGMENT.test(p))) {
    throw new UsageError(`${what} must be a numeric id or a full path such as acme/platform, got ${JSON.stringify(raw)}`);
  }
  return parts.join('/');
}
