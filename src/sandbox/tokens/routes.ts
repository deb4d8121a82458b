// Personal access tokens (spec part 1 §2.1, §3, §4.1, §7 rules 1–4), following GitLab's
// lib/api/personal_access_tokens.rb, personal_access_tokens/self_information.rb and
// self_rotation.rb. Job tokens are not accepted (they are ignored, so the caller is anonymous: 401).

import { addDays } from '../clock.js';
import { ApiError, badRequest, notAllowed, notFound, unauthorized } from '../http/errors.js';
import { keysetRequested, keysetUnavailable, offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { HandlerResult, Router, SandboxRequest } from '../http/router.js';
import { patSecret } from '../secrets.js';
import { seedTokens } from './seed.js';
import { seedExtraTokens } from './seed-extra.js';
import { createUserToken, MAX_LIFETIME_DAYS } from './create.js';
import { tokenJson } from './render.js';
import type { PersonalAccessToken } from '../types.js';

/** Default lifetime of a rotated token (spec part 1 §8); the longest allowed is MAX_LIFETIME_DAYS. */
const ROTATION_DEFAULT_DAYS = 7;

const SORTS: Record<string, (a: PersonalAccessToken, b: PersonalAccessToken) => number> = {
  id_asc: (a, b) => a.id - b.id,
  id_desc: (a, b) => b.id - a.id,
  created_asc: (a, b) => a.createdAt - b.createdAt || a.id - b.id,
  created_desc: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
  updated_asc: (a, b) => a.updatedAt - b.updatedAt || a.id - b.id,
  updated_desc: (a, b) => b.updatedAt - a.updatedAt || b.id - a.id,
  name_asc: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
  name_desc: (a, b) => b.name.localeCompare(a.name) || b.id - a.id,
  // Never-expiring / never-used tokens sort last ascending, as NULLs do in PostgreSQL.
  expires_asc: (a, b) => (a.expiresAt ?? '9999') .localeCompare(b.expiresAt ?? '9999') || b.id - a.id,
  expires_desc: (a, b) => (b.expiresAt ?? '9999').localeCompare(a.expiresAt ?? '9999') || b.id - a.id,
  last_used_asc: (a, b) => (a.lastUsedAt ?? Infinity) - (b.lastUsedAt ?? Infinity) || b.id - a.id,
  last_used_desc: (a, b) => (b.lastUsedAt ?? Infinity) - (a.lastUsedAt ?? Infinity) || b.id - a.id,
};

function listTokens(req: SandboxRequest): HandlerResult {
  const { state } = req;
  const user = req.user!;
  const input = req.input();
  const r = new ParamReader(input);
  const page = readPage(r);
  const f = {
    revoked: r.bool('revoked'),
    state: r.oneOf('state', ['active', 'inactive'] as const),
    createdBefore: r.datetime('created_before'),
    createdAfter: r.datetime('created_after'),
    lastUsedBefore: r.datetime('last_used_before'),
    lastUsedAfter: r.datetime('last_used_after'),
    expiresBefore: r.date('expires_before'),
    expiresAfter: r.date('expires_after'),
    search: r.string('search'),
    sort: r.string('sort'),
    userId: r.string('user_id'),
  };
  r.done();
  if (keysetRequested(req)) throw keysetUnavailable();

  let ownerId: number | undefined;
  if (user.admin) {
    if (f.userId !== undefined) {
      const owner = state.findUser(f.userId);
      if (!owner) throw notFound();
      ownerId = owner.id;
    } else if ('user_id' in input) throw notFound();
  } else {
    // Rule 1: only administrators may name another user.
    if (f.userId !== undefined && state.findUser(f.userId)?.id !== user.id) throw unauthorized();
    ownerId = user.id;
  }

  const search = f.search?.toLowerCase();
  // state.tokenActive reads the clock each time: once per request is enough (20,000 tokens per page in benchmarks).
  const today = state.clock.today();
  const active = (t: PersonalAccessToken) => !t.revoked && !(t.expiresAt !== null && t.expiresAt <= today);
  const items = [...state.tokens.values()].filter((t) => {
    if (ownerId !== undefined && t.userId !== ownerId) return false;
    if (!user.admin && t.impersonation) return false;
    if (f.revoked !== undefined && t.revoked !== f.revoked) return false;
    if (f.state && active(t) !== (f.state === 'active')) return false;
    if (f.createdBefore !== undefined && !(t.createdAt <= f.createdBefore)) return false;
    if (f.createdAfter !== undefined && !(t.createdAt >= f.createdAfter)) return false;
    if (f.lastUsedBefore !== undefined && !(t.lastUsedAt !== null && t.lastUsedAt <= f.lastUsedBefore)) return false;
    if (f.lastUsedAfter !== undefined && !(t.lastUsedAt !== null && t.lastUsedAt >= f.lastUsedAfter)) return false;
    if (f.expiresBefore !== undefined && !(t.expiresAt !== null && t.expiresAt < f.expiresBefore)) return false;
    if (f.expiresAfter !== undefined && !(t.expiresAt !== null && t.expiresAt >= f.expiresAfter)) return false;
    if (search && !t.name.toLowerCase().includes(search)) return false;
    return true;
  });
  items.sort(SORTS[f.sort ?? ''] ?? SORTS.id_asc);
  return offsetPage(req, page, items, (t) => tokenJson(state, t));
}

/** Rule 2: the owner and administrators see a token; 404 only tells administrators it is missing. */
function accessibleToken(req: SandboxRequest, id: string): PersonalAccessToken {
  const token = /^\d+$/.test(id) ? req.state.tokens.get(Number(id)) : undefined;
  const user = req.user!;
  if (token && (user.admin || token.userId === user.id)) return token;
  throw user.admin ? notFound() : unauthorized();
}

function requirePat(req: SandboxRequest): PersonalAccessToken {
  if (req.auth.kind !== 'pat' || !req.auth.pat) throw badRequest('This endpoint requires token type to be a personal access token');
  return req.auth.pat;
}

function rotate(req: SandboxRequest, token: PersonalAccessToken): HandlerResult {
  const { state } = req;
  const r = new ParamReader(req.input());
  const expiresAt = r.date('expires_at');
  r.done();
  if (token.revoked) throw badRequest('Token already revoked');
  const today = state.clock.today();
  const max = addDays(today, MAX_LIFETIME_DAYS);
  // Spec part 1 §4.1 bounds the date only by one year ahead; a date in the past is refused, today is not.
  if (expiresAt !== undefined && expiresAt < today) throw badRequest('Expiration date must not be in the past');
  if (expiresAt !== undefined && expiresAt > max) throw badRequest(`Expiration date must be before ${max}`);

  const now = state.clock.now();
  token.revoked = true;
  token.updatedAt = now;
  const id = state.nextId('token');
  const secret = patSecret(`${token.secret}:rotated:${id}`);
  const fresh = state.addToken({
    id,
    userId: token.userId,
    name: token.name,
    description: token.description,
    scopes: [...token.scopes],
    createdAt: now,
    updatedAt: now,
    lastUsedAt: null,
    expiresAt: expiresAt ?? addDays(today, ROTATION_DEFAULT_DAYS),
    revoked: false,
    impersonation: token.impersonation,
    previousId: token.id,
    secret,
  });
  return { status: 200, body: tokenJson(state, fresh, secret) };
}

function revoke(req: SandboxRequest, token: PersonalAccessToken): HandlerResult {
  const user = req.user!;
  // GitLab's RevokeService: refusing (not permitted, or already revoked) is a plain 400.
  if (token.revoked || !(user.admin || token.userId === user.id)) throw badRequest();
  token.revoked = true;
  token.updatedAt = req.state.clock.now();
  return { status: 204 };
}

export const tokensModule: SandboxModule = {
  name: 'tokens',
  register(router: Router) {
    router.get('/personal_access_tokens', listTokens);
    // Any token may read and revoke itself, whatever its scopes.
    router.get('/personal_access_tokens/self', (req) => ({ body: tokenJson(req.state, requirePat(req)) }), { scopes: 'any' });
    router.delete('/personal_access_tokens/self', (req) => revoke(req, requirePat(req)), { scopes: 'any' });
    router.post(
      '/personal_access_tokens/self/rotate',
      (req) => {
        if (req.auth.kind !== 'pat' || !req.auth.pat) throw notAllowed();
        return rotate(req, req.auth.pat);
      },
      { scopes: ['self_rotate'] },
    );
    router.post('/users/:user_id/personal_access_tokens', createUserToken);
    router.get('/personal_access_tokens/:id', (req) => ({ body: tokenJson(req.state, accessibleToken(req, req.params.id)) }));
    router.post('/personal_access_tokens/:id/rotate', (req) => rotate(req, accessibleToken(req, req.params.id)));
    router.delete('/personal_access_tokens/:id', (req) => {
      const token = /^\d+$/.test(req.params.id) ? req.state.tokens.get(Number(req.params.id)) : undefined;
      // Revocation looks the token up with ActiveRecord's find: RecordNotFound is rendered as below.
      if (!token) throw new ApiError(404, { message: '404 Not found' });
      return revoke(req, token);
    });
  },
  seed(state, kind, options) {
    seedTokens(state, kind);
    if (options.extraTokens) seedExtraTokens(state, options.extraTokens, Math.max(1, options.extraTokenOwners ?? 1));
  },
};
