// Personal access tokens (spec part 1 §2.1, §4.1).

import * as z from 'zod';
import { NetworkError } from '../core/errors.js';
import type { HttpClient } from '../core/http.js';
import type { PageOptions } from '../core/paginate.js';
import { encodePathSegment } from '../core/query.js';
import { listOf, parseResponse, parseWriteAnswer } from './schema.js';

export const TokenSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  revoked: z.boolean(),
  active: z.boolean().optional(),
  created_at: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  user_id: z.number().optional(),
  last_used_at: z.string().nullable().optional(),
  expires_at: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  /** Only in the answer to a rotation or a creation: the new secret. */
  token: z.string().optional(),
});
export type Token = z.infer<typeof TokenSchema>;

export interface TokenFilters {
  user_id?: string | number;
  state?: 'active' | 'inactive';
  revoked?: boolean;
  search?: string;
  created_after?: string;
  created_before?: string;
  last_used_after?: string;
  last_used_before?: string;
}

export type TokenId = number | 'self';

function tokenPath(id: TokenId): string {
  return `/personal_access_tokens/${encodePathSegment(id)}`;
}

export function listTokens(http: HttpClient, filters: TokenFilters, page: PageOptions): AsyncGenerator<Token> {
  return listOf(TokenSchema, http, '/personal_access_tokens', { ...filters }, page);
}

export async function getToken(http: HttpClient, id: TokenId): Promise<Token> {
  return parseResponse(TokenSchema, await http.get(tokenPath(id)), `GET ${tokenPath(id)}`);
}

/**
 * `self` rotates the token presented, which a token with only the `self_rotate` scope may do.
 * Returns null under --dry-run (nothing was sent).
 */
export async function rotateToken(http: HttpClient, id: TokenId, expiresAt?: string): Promise<Token | null> {
  const res = await http.post(`${tokenPath(id)}/rotate`, expiresAt ? { expires_at: expiresAt } : {});
  if (res.dryRun) return null;
  // The old secret may be dead already: with no answer there is no new one to save or print.
  return parseWriteAnswer(
    TokenSchema,
    http,
    res,
    `POST ${tokenPath(id)}/rotate`,
    'the token may have been rotated, and no new secret came back (nothing was saved or printed)',
    '`forgectl token list` (with another token if this one no longer works)',
  );
}

/**
 * False under --dry-run (nothing was sent). `once`: never retried, as for a bulk revoke, where a
 * repeat of a revoke whose answer was lost would only fail (already revoked) and hide the first.
 */
export async function revokeToken(http: HttpClient, id: TokenId, opts: { once?: boolean } = {}): Promise<boolean> {
  const res = await http.delete(tokenPath(id), undefined, opts.once ? { action: true } : {});
  return !res.dryRun;
}

/**
 * Every scope a personal access token may have (GitLab's Gitlab::Auth.all_available_scopes): the
 * service refuses any other with a bare 400, so a name is checked against these before sending.
 */
export const TOKEN_SCOPES: readonly string[] = [
  'api',
  'read_api',
  'read_user',
  'create_runner',
  'manage_runner',
  'k8s_proxy',
  'self_rotate',
  'read_repository',
  'write_repository',
  'read_registry',
  'write_registry',
  'read_virtual_registry',
  'write_virtual_registry',
  'read_observability',
  'write_observability',
  'ai_features',
  'sudo',
  'admin_mode',
  'read_service_ping',
];

export interface NewToken {
  name: string;
  scopes: string[];
  description?: string;
  expires_at?: string;
}

/**
 * An administrator makes a token for a user (GitLab's doc/api/user_tokens.md). Sent once, never
 * repeated: a second POST would make a second token. Returns null under --dry-run (nothing was sent).
 */
export async function createUserToken(http: HttpClient, userId: number, token: NewToken, check: string): Promise<Token | null> {
  const path = `/users/${userId}/personal_access_tokens`;
  const res = await http.post(path, token).catch((err: unknown) => {
    // A lost answer: the token may exist. The generic hint would name a path that lists nothing.
    if (err instanceof NetworkError && err.mayHaveApplied) throw new NetworkError(err.message, err.code, err.method, err.url, `check before trying again: ${check}`, true);
    throw err;
  });
  if (res.dryRun) return null;
  return parseWriteAnswer(TokenSchema, http, res, `POST ${path}`, 'the token may have been created, and its secret did not come back', check);
}
