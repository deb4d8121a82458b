// Personal access tokens (spec part 1 §2.1, §4.1).

import * as z from 'zod';
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
  /** Only in the answer to a rotation: the new secret. */
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
