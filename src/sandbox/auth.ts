// Who is calling (spec part 1 §5), in GitLab's order (lib/api/api_guard.rb, lib/gitlab/auth/
// auth_finders.rb, lib/api/helpers.rb#current_user): find the credential (401 when it is unknown,
// expired or revoked), then sudo (403/404), then the token's scopes against the endpoint (403).

import { forbidden, insufficientScope, notFound, unauthorized } from './http/errors.js';
import { isParamObject, type ParamObject } from './http/query.js';
import type { RouteOptions } from './http/route-options.js';
import type { SandboxState } from './state.js';
import type { JobToken, OAuthToken, PersonalAccessToken, User } from './types.js';

export interface AuthInfo {
  /** The user the request runs as (after sudo). */
  user: User | null;
  /** Owner of the credential. */
  tokenUser: User | null;
  kind: 'pat' | 'oauth' | 'job' | null;
  pat?: PersonalAccessToken;
  oauth?: OAuthToken;
  job?: JobToken;
  scopes: readonly string[];
  sudo: boolean;
}

export const ANONYMOUS: AuthInfo = { user: null, tokenUser: null, kind: null, scopes: [], sudo: false };

export interface AuthInput {
  method: string;
  /** Full raw path, for the rotation check of reuse detection. */
  fullPath: string;
  query: ParamObject;
  body: unknown;
  headers: Record<string, string>;
}

// GitLab revokes a token family only when a revoked token is presented to a rotation endpoint
// (gitlab-org/gitlab!126806; auth_finders.rb#access_token_rotation_request?).
const ROTATION_PATH = /access_tokens\/(\d+|self)\/rotate$/;

function param(input: AuthInput, name: string): string | undefined {
  const fromBody = isParamObject(input.body) ? input.body[name] : undefined;
  const v = fromBody ?? input.query[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function bearer(input: AuthInput): string | undefined {
  const m = /^bearer\s+(.+)$/i.exec(input.headers.authorization ?? '');
  return m?.[1].trim() || param(input, 'access_token');
}

function findCredential(state: SandboxState, input: AuthInput, options: RouteOptions): AuthInfo {
  const now = state.clock.now();
  const oauthSecret = bearer(input);
  const oauth = oauthSecret ? state.oauthBySecret(oauthSecret) : undefined;
  if (oauth) {
    if (oauth.revoked || oauth.createdAt + oauth.expiresIn * 1000 <= now) throw unauthorized();
    const user = state.users.get(oauth.userId) ?? null;
    return { user, tokenUser: user, kind: 'oauth', oauth, scopes: oauth.scopes, sudo: false };
  }
  const patSecret = param(input, 'private_token') ?? input.headers['private-token'] ?? oauthSecret;
  if (patSecret) {
    const pat = state.patBySecret(patSecret);
    if (!pat) throw unauthorized();
    if (state.tokenExpired(pat)) throw unauthorized();
    if (pat.revoked) {
      if (ROTATION_PATH.test(input.fullPath)) revokeFamily(state, pat);
      throw unauthorized();
    }
    pat.lastUsedAt = now;
    const user = state.users.get(pat.userId) ?? null;
    return { user, tokenUser: user, kind: 'pat', pat, scopes: pat.scopes, sudo: false };
  }
  if (options.jobToken) {
    const jobSecret = param(input, 'job_token') ?? input.headers['job-token'];
    if (jobSecret) {
      const job = state.jobBySecret(jobSecret);
      if (!job || !job.running) throw unauthorized();
      const user = state.users.get(job.userId) ?? null;
      return { user, tokenUser: user, kind: 'job', job, scopes: [], sudo: false };
    }
  }
  return ANONYMOUS;
}

/** Reuse detection (spec part 1 §3): the active token of the family is revoked. */
export function revokeFamily(state: SandboxState, token: PersonalAccessToken): void {
  for (const t of state.tokenFamily(token)) {
    if (state.tokenActive(t)) {
      t.revoked = true;
      t.updatedAt = state.clock.now();
    }
  }
}

function endpointScopes(method: string, options: RouteOptions): readonly string[] | 'any' {
  if (options.scopes === 'any') return 'any';
  const read = (method === 'GET' || method === 'HEAD') && options.readApi !== false ? ['read_api'] : [];
  return ['api', ...read, ...(options.scopes ?? [])];
}

export function authenticate(state: SandboxState, input: AuthInput, options: RouteOptions): AuthInfo {
  const auth = findCredential(state, input, options);
  if (auth.user && auth.user.state !== 'active') throw forbidden('Your account has been blocked.');

  const sudoId = param(input, 'sudo') ?? input.headers.sudo;
  if (sudoId !== undefined) {
    if (!auth.user) throw unauthorized();
    if (!auth.user.admin) throw forbidden('Must be admin to use sudo');
    if (auth.kind !== 'pat' && auth.kind !== 'oauth') throw forbidden('Must be authenticated using an OAuth or Personal Access Token to use sudo');
    if (!auth.scopes.includes('sudo')) throw insufficientScope(['sudo']);
    const target = state.findUser(sudoId);
    if (!target) throw notFound(`User with ID or username '${sudoId}'`);
    // As in GitLab, a sudo request is not checked against the endpoint's scopes.
    return adminMode(state, { ...auth, user: target, sudo: true });
  }

  if (auth.user && (auth.kind === 'pat' || auth.kind === 'oauth')) {
    const allowed = endpointScopes(input.method, options);
    if (allowed !== 'any' && !auth.scopes.some((s) => allowed.includes(s))) throw insufficientScope(allowed);
  }
  if ((options.auth ?? 'required') === 'required' && !auth.user) throw unauthorized();
  return adminMode(state, auth);
}

/**
 * With admin mode on (an instance setting), an administrator's token acts as a regular user unless
 * it has the `admin_mode` scope. The stand-in shares the user's record through its prototype.
 */
function adminMode(state: SandboxState, auth: AuthInfo): AuthInfo {
  const u = auth.user;
  if (!u?.admin || !state.instance.adminMode || auth.sudo || auth.scopes.includes('admin_mode')) return auth;
  const plain = Object.create(u, { admin: { value: false, enumerable: true } }) as User;
  return { ...auth, user: plain };
}
