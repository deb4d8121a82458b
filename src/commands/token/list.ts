// token list, get and self: the tokens with their owners by name (owners.ts).

import type { Context } from '../../context.js';
import { getToken, listTokens, type TokenFilters } from '../../api/tokens.js';
import { UsageError } from '../../core/errors.js';
import { list, object, type Column, type CommandResult } from '../../core/output.js';
import { parseBoolean, parseDateTime, parseList } from '../../core/parse.js';
import { capped, clientFilterPageOptions, exclusive, pageOptions } from '../shared.js';
import { horizonDay, idleSince, instantAgo } from './findings.js';
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
  /** true with --expiry, false with --no-expiry. */
  expiry?: boolean;
  unusedFor?: string;
  scope?: string[];
}

/** `--scope api,sudo --scope admin_mode`: the names, checked. */
export function parseScopes(raw: string[] | undefined): string[] | undefined {
  if (!raw) return undefined;
  const scopes = raw.flatMap((r) => parseList(r));
  const bad = scopes.find((s) => !/^[a-z][a-z0-9_]*$/.test(s));
  if (bad !== undefined || !scopes.length) throw new UsageError(`--scope: ${JSON.stringify(bad ?? '')} is not a scope name`, 'such as api, read_api, write_repository, sudo');
  return scopes;
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
  const noExpiry = o.expiry === false;
  exclusive({ expiringWithin: o.expiringWithin, noExpiry: noExpiry || undefined }, { expiringWithin: '--expiring-within', noExpiry: '--no-expiry' });
  const horizon = o.expiringWithin ? horizonDay('--expiring-within', o.expiringWithin) : undefined;
  const unusedBefore = o.unusedFor ? instantAgo('--unused-for', o.unusedFor) : undefined;
  const scopes = parseScopes(o.scope);
  const withExpiry = o.expiry === true;
  const filtered = horizon !== undefined || o.expiry !== undefined || unusedBefore !== undefined || scopes !== undefined;
  if (horizon !== undefined || noExpiry || unusedBefore !== undefined) {
    const flag = horizon !== undefined ? '--expiring-within' : noExpiry ? '--no-expiry' : '--unused-for';
    if (filters.state === 'inactive') throw new UsageError(`${flag} lists active tokens; it cannot be used with --state inactive`);
    filters.state = 'active';
  }
  const http = await ctx.http();
  let tokens: AsyncIterable<OwnedToken>;
  if (filtered) {
    // These filters run here, so they must see every page (not only the first 20 tokens).
    const keep = (t: OwnedToken) =>
      (horizon === undefined || (!!t.expires_at && t.expires_at <= horizon)) &&
      (!noExpiry || !t.expires_at) &&
      (!withExpiry || !!t.expires_at) &&
      (unusedBefore === undefined || idleSince(t, unusedBefore)) &&
      (scopes === undefined || !!t.scopes?.some((s) => scopes.includes(s)));
    tokens = capped(kept(ctx, listTokens(http, filters, clientFilterPageOptions(ctx)), keep, horizon !== undefined), ctx.globals.limit);
  } else tokens = listTokens(http, filters, pageOptions(ctx));
  return list(withOwners(tokens, ownerDirectory(ctx, http)), TOKEN_COLUMNS, { empty: 'No tokens match.' });
}

/** The tokens `keep` takes; with --expiring-within, says once how many never expire (they are not listed). */
async function* kept(ctx: Context, tokens: AsyncIterable<OwnedToken>, keep: (t: OwnedToken) => boolean, countNoExpiry: boolean): AsyncGenerator<OwnedToken> {
  let neverExpire = 0;
  for await (const t of tokens) {
    if (countNoExpiry && !t.expires_at) neverExpire++;
    if (keep(t)) yield t;
  }
  if (neverExpire) ctx.notice(`${neverExpire} active token${neverExpire === 1 ? ' has' : 's have'} no expiry date and ${neverExpire === 1 ? 'is' : 'are'} not listed by --expiring-within (see token list --no-expiry)`);
}

export async function getTokenCommand(ctx: Context, rawId: string): Promise<CommandResult> {
  const id = parseTokenId(rawId);
  const http = await ctx.http();
  const token = await getToken(http, id);
  const owner = token.user_id === undefined ? undefined : await ownerDirectory(ctx, http).owner(token.user_id);
  return object(withOwner(token, owner), { columns: DETAIL_WITH_OWNER });
}
