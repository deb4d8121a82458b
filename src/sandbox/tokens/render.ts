// A personal access token as the tokens API returns it.

import type { SandboxState } from '../state.js';
import type { PersonalAccessToken } from '../types.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** Field order of shared/realdata/tokens/list.json; `token` only in the answer to a rotation or a creation. */
export function tokenJson(state: SandboxState, t: PersonalAccessToken, secret?: string): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: t.id,
    name: t.name,
    revoked: t.revoked,
    created_at: iso(t.createdAt),
    description: t.description,
    scopes: [...t.scopes],
    user_id: t.userId,
    last_used_at: t.lastUsedAt === null ? null : iso(t.lastUsedAt),
    active: state.tokenActive(t),
    expires_at: t.expiresAt,
  };
  if (secret !== undefined) out.token = secret;
  return out;
}

