// token list, get and self: the tokens with their owners by name (owners.ts).

import type { Context } from '../../context.js';
import { getToken, listTokens, type TokenFilters } from '../../api/tokens.js';
import { UsageError } from '../../core/errors.js';
import { list, object, type Column, type CommandResult } from '../../core/output.js';
import { addDaysUtc, parseBoolean, parseDateTime, parseDuration, todayUtc } from '../../core/parse.js';
import { capped, clientFilterPageOptions, pageOptions } from '../shared.js';
import { ownerDirectory, withOwner, withOwners, type OwnedToken } from './owners.js';
import { DETAIL, parseTokenId } from './run.js';

export const TOKEN_COLUMNS: Column<OwnedToken>[] = [
  { key: 'id' },
  { key: 'name' },
  // The owner's username once looked up; the id when the service would not say.
  { key: 'user.username', header: 'user', value: (t) => t.user?.username ?? t.user_id },
  { key: 'scopes' },
  { key: 'state', value: (t) => (t.revoked ? 'revoked' : t.active === false ? 'inactive' : 'active') },
  { key: 'expires_at', header: 'expires' },
  { key: 'last_used_at', header: 'last used' },
];

const DETAIL_WITH_OWNER: Column<OwnedToken>[] = DETAIL.flatMap((c) => (c.key === 'user_id' ? [c, { key: 'user.username', header: 'user' }, { key: 'user.name', header: 'user name' }] : [c]));

interface ListOptions {
  user?: string;
  state?: 'active' | 'inactive';
  revoked?: string;
  search?: string;
  createdAfter?: string;
  createdBefore?: string;
  lastUsedAfter?: string;
  lastUsedBefore?: string;
  expiringWithin?: string;
}

export async function listTokensCommand(ctx: Context, o: ListOptions): Promise<CommandResult> {
  if (o.user !== undefined && !o.user.trim()) throw new UsageError('--user is empty', 'give a user id or username, or leave --user out');
  const filters: TokenFilters = {
    user_id: o.user?.trim(),
    state: o.state,
    revoked: o.revoked !== undefined ? parseBoolean('--revoked', o.revoked) : undefined,
    search: o.search,
    created_after: o.createdAfter && parseDateTime('--created-after', o.createdAfter),
    created_before: o.createdBefore && parseDateTime('--created-before', o.createdBefore),
    last_used_after: o.lastUsedAfter && parseDateTime('--last-used-after', o.lastUsedAfter),
    last_used_before: o.lastUsedBefore && parseDateTime('--last-used-before', o.lastUsedBefore),
  };
  let horizon: string | undefined;
  if (o.expiringWithin) {
    const ms = parseDuration('--expiring-within', o.expiringWithin, 'd');
    horizon = addDaysUtc(todayUtc(), Math.ceil(ms / 86_400_000));
    if (filters.state === 'inactive') throw new UsageError('--expiring-within lists active tokens; it cannot be used with --state inactive');
    filters.state = 'active';
  }
  const http = await ctx.http();
  // The expiry filter runs here, so it must see every page (not only the first 20 tokens).
  const tokens = horizon
    ? capped(expiringBy(listTokens(http, filters, clientFilterPageOptions(ctx)), horizon), ctx.globals.limit)
    : listTokens(http, filters, pageOptions(ctx));
  return list(withOwners(tokens, ownerDirectory(ctx, http)), TOKEN_COLUMNS, { empty: 'No tokens match.' });
}

async function* expiringBy(tokens: AsyncIterable<OwnedToken>, horizon: string): AsyncGenerator<OwnedToken> {
  for await (const t of tokens) if (t.expires_at && t.expires_at <= horizon) yield t;
}

export async function getTokenCommand(ctx: Context, rawId: string): Promise<CommandResult> {
  const id = parseTokenId(rawId);
  const http = await ctx.http();
  const token = await getToken(http, id);
  const owner = token.user_id === undefined ? undefined : await ownerDirectory(ctx, http).owner(token.user_id);
  return object(withOwner(token, owner), { columns: DETAIL_WITH_OWNER });
}
