// `--user NAME` and `--exclude-user NAME` of `token audit` and `token revoke|rotate --where`: the
// tokens of some owners, or of everyone but some, named by username (the same on every instance of
// a fleet, where ids are not). Every name is looked up before the tokens are read, so a misspelt one
// stops the run (exit 3, not found) before any write.

import { listTokens, type Token } from '../../api/tokens.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';
import { clientFilterPageOptions, exclusive } from '../shared.js';
import { userNamed } from '../user-named.js';

export interface UserScopeOptions {
  user?: string[];
  excludeUser?: string[];
}

export interface UserScope {
  include?: string[];
  exclude?: string[];
}

function names(flag: string, raw: string[] | undefined): string[] | undefined {
  if (!raw) return undefined;
  const out = raw.map((r) => r.trim().replace(/^@/, ''));
  if (out.some((n) => !n)) throw new UsageError(`${flag} is empty`, 'give a username');
  return [...new Set(out)];
}

/** The options checked, before any request. */
export function userScope(o: UserScopeOptions): UserScope {
  exclusive({ user: o.user, excludeUser: o.excludeUser }, { user: '--user', excludeUser: '--exclude-user' });
  return { include: names('--user', o.user), exclude: names('--exclude-user', o.excludeUser) };
}

async function userIds(http: HttpClient, flag: string, usernames: string[] | undefined): Promise<number[] | undefined> {
  if (!usernames) return undefined;
  const ids: number[] = [];
  for (const name of usernames) ids.push((await userNamed(http, name, { flag })).id);
  return [...new Set(ids)];
}

/** Every active token in the scope: each named owner's, listed by the service's own user filter, or all but the excluded owners'. */
export async function activeTokensIn(ctx: Context, http: HttpClient, scope: UserScope): Promise<AsyncIterable<Token>> {
  const include = await userIds(http, '--user', scope.include);
  const exclude = new Set(await userIds(http, '--exclude-user', scope.exclude));
  const page = clientFilterPageOptions(ctx);
  if (include) return concat(include.map((id) => () => listTokens(http, { state: 'active', user_id: id }, page)));
  const all = listTokens(http, { state: 'active' }, page);
  return exclude.size ? kept(all, (t) => t.user_id === undefined || !exclude.has(t.user_id)) : all;
}

async function* concat<T>(lists: Array<() => AsyncIterable<T>>): AsyncGenerator<T> {
  for (const next of lists) yield* next();
}

async function* kept<T>(items: AsyncIterable<T>, keep: (t: T) => boolean): AsyncGenerator<T> {
  for await (const t of items) if (keep(t)) yield t;
}
