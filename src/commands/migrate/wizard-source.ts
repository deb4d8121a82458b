// The wizard's questions about the source instance: who the token is (asked at once, so a wrong URL
// or token never reaches the summary) and which group or project to migrate, found by a search that
// queries the source as the user types.

import { getToken } from '../../api/tokens.js';
import { entityAt, getCurrentUser, getVersion, searchGroups, searchProjects, type CurrentUser } from '../../api/instance.js';
import { ApiError, CancelledError, NetworkError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';
import type { Choice } from '../../core/prompt.js';
import { checkPath, type Kind } from './rules.js';

export type SourceCheck =
  | { ok: true; user: CurrentUser; version: string | null; scopes?: string[]; expiresAt?: string | null; tokenName?: string }
  | { ok: false; retry: 'url' | 'token'; reason: string };

const isStatus = (e: unknown, ...codes: number[]) => e instanceof ApiError && codes.includes(e.status);

/** Ctrl-C while a check is under way ends the wizard (exit 130); it is never taken for a wrong answer. */
export function rethrowCancel(e: unknown): void {
  if (e instanceof CancelledError) throw e;
}

/** The source did not answer, and what to do where the client knows (the CA to give with --source-ca-file). */
function unreachable(url: string, e: NetworkError): string {
  return `cannot reach ${url}: ${e.message}${e.hint ? `; ${e.hint}` : ''}`;
}

/** Asks the source who the token is: its scopes and expiry, the user, the version when it tells. */
export async function checkSourceToken(http: HttpClient, url: string): Promise<SourceCheck> {
  let token: Awaited<ReturnType<typeof getToken>> | undefined;
  try {
    token = await getToken(http, 'self');
  } catch (e) {
    rethrowCancel(e);
    if (e instanceof NetworkError) return { ok: false, retry: 'url', reason: unreachable(url, e) };
    if (isStatus(e, 401)) return { ok: false, retry: 'token', reason: `${url} refused the token (401): it is mistyped, revoked or expired` };
    if (isStatus(e, 403)) return { ok: false, retry: 'token', reason: `${url} refused the token (403): it lacks the api scope` };
    // Instances before 15.5 have no personal_access_tokens/self: GET /user still says who it is.
    if (!isStatus(e, 404)) return { ok: false, retry: 'url', reason: `${url} does not answer as a GitLab API v4 instance (${(e as Error).message})` };
  }
  let user: CurrentUser;
  try {
    user = await getCurrentUser(http);
  } catch (e) {
    rethrowCancel(e);
    if (e instanceof NetworkError) return { ok: false, retry: 'url', reason: unreachable(url, e) };
    if (isStatus(e, 401, 403)) return { ok: false, retry: 'token', reason: `${url} refused the token (${(e as ApiError).status}): it is mistyped, revoked or expired` };
    return { ok: false, retry: 'url', reason: `${url} does not answer as a GitLab API v4 instance (${(e as Error).message})` };
  }
  if (token?.scopes && !token.scopes.includes('api')) {
    return { ok: false, retry: 'token', reason: `the token of @${user.username} has the scopes ${token.scopes.join(', ') || 'none'}; a migration needs api` };
  }
  const version = await getVersion(http);
  return { ok: true, user, version, scopes: token?.scopes, expiresAt: token?.expires_at, tokenName: token?.name };
}

export function signedInLine(url: string, c: Extract<SourceCheck, { ok: true }>): string {
  const about = [
    c.version ? `version ${c.version}` : undefined,
    c.tokenName ? `token "${c.tokenName}"` : undefined,
    c.scopes ? `scopes ${c.scopes.join(', ')}` : 'scopes unknown (the instance does not say)',
    c.expiresAt ? `expires ${c.expiresAt}` : c.scopes ? 'no expiry' : undefined,
  ].filter(Boolean);
  return `Signed in to ${url} as @${c.user.username} (${about.join('; ')})`;
}

/** Search choices are `KIND:PATH`, or `?:PATH` for a typed path the search did not find. */
export type EntityChoice = `${Kind}:${string}` | `?:${string}`;

export function splitChoice(value: string): { kind: Kind | '?'; path: string } {
  const i = value.indexOf(':');
  return { kind: value.slice(0, i) as Kind | '?', path: value.slice(i + 1) };
}

/** Groups and projects of the source whose full path contains what is typed, exact match first. */
export function entitySource(http: HttpClient) {
  return async (term: string | undefined): Promise<Choice<EntityChoice>[]> => {
    const t = term?.trim() ?? '';
    const [groups, projects] = await Promise.all([searchGroups(http, t, { allAvailable: true }), searchProjects(http, t)]);
    const choices: (Choice<EntityChoice> & { path: string })[] = [
      ...groups.map((g) => ({ path: g.full_path, kind: 'group' as const, vis: g.visibility })),
      ...projects.map((p) => ({ path: p.path_with_namespace ?? String(p.id), kind: 'project' as const, vis: p.visibility })),
    ].map((c) => ({ path: c.path, name: `${c.path}  (${c.kind}${c.vis ? `, ${c.vis}` : ''})`, value: `${c.kind}:${c.path}` as EntityChoice }));
    const exact = (c: { path: string }) => Number(c.path.toLowerCase() === t.toLowerCase());
    choices.sort((a, b) => exact(b) - exact(a) || a.path.localeCompare(b.path));
    if (t && !choices.some(exact)) {
      // What was typed stays a choice (the only one, and so highlighted, when nothing matched), checked on
      // Enter; its name is the term itself so that the prompt shows why it is refused.
      choices.push({ path: t, name: term!, value: `?:${t}`, description: 'not in the search results: Enter checks this path on the source' });
    }
    return choices.map(({ name, value, description }) => ({ name, value, description }));
  };
}

/** A typed path: a group or a project on the source, or why not. Results are remembered for the wizard. */
export async function resolveTypedEntity(http: HttpClient, url: string, path: string): Promise<{ kind: Kind } | { error: string }> {
  const syntax = checkPath(path);
  if (syntax !== true) return { error: syntax };
  let kind: Kind | null;
  try {
    kind = await entityAt(http, path);
  } catch (e) {
    rethrowCancel(e);
    return { error: `cannot check ${path} on ${url}: ${(e as Error).message}` };
  }
  if (kind) return { kind };
  return { error: `${path}: no group or project with this path on ${url} (or the token cannot see it)` };
}
