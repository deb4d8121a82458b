// What a 401 or a bare 403 means for the credential this run sent: where the token came from, what
// to do instead of running the same command again, and Admin Mode (an administrator's token without
// the admin_mode scope acts as a regular user's).

import type { Connection, Context } from './context.js';
import { ApiError } from './core/errors.js';
import { tokenStorage } from './core/profile-token.js';
import { refText } from './core/secret-refs.js';

type Explained = { message: string; hint: string } | undefined;

/** The connection that sent the failed request, if it was the run's own (not a migration source). */
function connectionOf(ctx: Context, err: ApiError): Connection | undefined {
  const c = ctx.resolvedConnection;
  if (!c) return undefined;
  try {
    return new URL(err.url).origin === new URL(c.url).origin ? c : undefined;
  } catch {
    return undefined;
  }
}

/** `FORGECTL_TOKEN`, `profile sbx`, `the token command of profile sbx`, as a message names it. */
function tokenOriginLabel(c: Connection): string {
  switch (c.tokenSource) {
    case 'flag':
      return '--token';
    case 'env':
      return c.tokenVariable ?? 'FORGECTL_TOKEN';
    case 'ci':
      return 'CI_JOB_TOKEN';
    case 'profile':
      if (c.profile?.tokenRef) return `${refText(c.profile.tokenRef)} (the token of instance ${c.profile.name})`;
      return c.profile && tokenStorage(c.profile) === 'command' ? `the token command of profile ${c.profile.name}` : `profile ${c.profile?.name ?? '?'}`;
    case 'none':
      return 'no token';
  }
}

/** A profile for the instance that a token from a flag or the environment overrode. */
async function overriddenProfile(ctx: Context, c: Connection): Promise<string | undefined> {
  if (c.profile) return c.profile.name;
  try {
    return (await ctx.profiles()).byOrigin(new URL(c.url).origin)[0]?.name;
  } catch {
    // An unreadable config is not this error's business.
    return undefined;
  }
}

/** The next step for a refused token: never the command that just failed. */
async function nextStepFor(ctx: Context, c: Connection): Promise<string> {
  const origin = new URL(c.url).origin;
  const saveNew = (name: string) => `\`forgectl profile add ${name} --url ${origin} --token-stdin --yes\``;
  switch (c.tokenSource) {
    case 'flag':
    case 'env': {
      const profile = await overriddenProfile(ctx, c);
      if (profile) {
        const instead = c.tokenSource === 'flag' ? 'leave out --token' : `unset ${c.tokenVariable}`;
        return `${instead} to use profile ${profile}, or give a valid token in ${c.tokenSource === 'flag' ? '--token' : c.tokenVariable}`;
      }
      const glab = c.tokenVariable === 'GITLAB_TOKEN' ? ' (GITLAB_TOKEN is glab’s; FORGECTL_TOKEN goes first)' : '';
      return `give a valid token for ${origin}${glab}, or save one with ${saveNew('NAME')}`;
    }
    case 'ci':
      return 'a job token works only while its job runs, and only on the endpoints that accept job tokens; set FORGECTL_TOKEN to a personal access token for the others';
    case 'profile': {
      const name = c.profile!.name;
      // An inventory's instance: its token is wherever the file's reference points.
      if (c.profile!.inventory) return `give instance ${name} a valid token where ${c.profile!.inventory.tokenAt ?? c.profile!.inventory.at} reads it`;
      if (tokenStorage(c.profile!) === 'command') return `check what the token command of profile ${name} prints, or save a token instead with ${saveNew(name)}`;
      // set-token keeps the profile's TLS files, sudo and storage; `profile add --yes` would drop them.
      return `save a new token in profile ${name} with \`forgectl profile set-token ${name} --token-stdin\``;
    }
    case 'none':
      return `this needs a token: save one with ${saveNew('NAME')}, or set FORGECTL_TOKEN`;
  }
}

/**
 * A 401 names where the token came from, keeps the server's reason (`invalid_token: Token has
 * expired.`), and tells a refused token from a token that works but may not see the thing (the
 * service answers 401 for both in places): it asks the instance whose token this is.
 */
export async function explainUnauthorized(ctx: Context, err: ApiError): Promise<Explained> {
  const c = connectionOf(ctx, err);
  if (!c) return undefined;
  if (c.token && c.tokenType !== 'job' && !/\/personal_access_tokens\/self$/.test(new URL(err.url).pathname) && (await tokenWorks(ctx))) {
    return { message: `${err.message} (the token from ${tokenOriginLabel(c)} works, but gives no access to this)`, hint: 'ask for access, or use a token of a user who has it' };
  }
  const message = c.tokenSource === 'none' ? `${err.message} (no token was sent)` : `${err.message} (token from ${tokenOriginLabel(c)})`;
  return { message, hint: await nextStepFor(ctx, c) };
}

async function tokenWorks(ctx: Context): Promise<boolean> {
  try {
    await (await ctx.http()).get('/personal_access_tokens/self');
    return true;
  } catch {
    return false;
  }
}

/**
 * A bare `403 Forbidden` to a personal access token without the admin_mode scope: on an instance
 * with Admin Mode on, an administrator's token acts as a regular user's unless it has that scope,
 * and the service does not say so. The token's scopes are known; whether the user is an
 * administrator is not (the instance hides it from such a token).
 */
export async function explainForbidden(ctx: Context, err: ApiError): Promise<Explained> {
  const c = connectionOf(ctx, err);
  if (!c?.token || c.sudo || c.tokenType === 'job' || err.insufficientScope !== undefined) return undefined;
  if (err.message !== '403 Forbidden') return undefined;
  let scopes: unknown;
  try {
    scopes = (await (await ctx.http()).get<{ scopes?: unknown }>('/personal_access_tokens/self')).scopes;
  } catch {
    return undefined;
  }
  if (!Array.isArray(scopes) || scopes.includes('admin_mode')) return undefined;
  const has = scopes.length ? scopes.join(', ') : 'none';
  return {
    message: `${err.message} (token from ${tokenOriginLabel(c)}, scopes: ${has})`,
    hint: 'if this needs an administrator and you are one, the instance has Admin Mode on: use a token with the admin_mode scope (administrators: api, admin_mode, and sudo for --sudo)',
  };
}
