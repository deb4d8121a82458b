// POST /users/:user_id/personal_access_tokens, as GitLab's lib/api/users.rb serves it (doc/api/user_tokens.md
// "Create a personal access token for a user"): administrators only, scopes checked against every
// scope the instance knows, and without expires_at the longest lifetime allowed (a year).

import { addDays } from '../clock.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { ParamReader } from '../http/params.js';
import type { HandlerResult, SandboxRequest } from '../http/router.js';
import { patSecret } from '../secrets.js';
import { tokenJson } from './render.js';

/** Gitlab::Auth.all_available_scopes of a recent GitLab. */
export const AVAILABLE_SCOPES: readonly string[] = [
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

/** The longest lifetime of a personal access token, and the one given when none is asked. */
export const MAX_LIFETIME_DAYS = 365;

export function createUserToken(req: SandboxRequest): HandlerResult {
  const { state } = req;
  // authenticated_as_admin! runs before the parameters are validated.
  if (!req.user!.admin) throw forbidden();
  const r = new ParamReader(req.input());
  const name = r.required('name');
  const scopes = r.list('scopes');
  if (scopes === undefined && !r.errors.some((e) => e.startsWith('scopes '))) r.errors.push('scopes is missing');
  else if (scopes && scopes.some((s) => !AVAILABLE_SCOPES.includes(s))) r.errors.push('scopes does not have a valid value');
  const description = r.string('description');
  const expiresAt = r.date('expires_at');
  r.done();
  const owner = /^\d+$/.test(req.params.user_id) ? state.findUser(Number(req.params.user_id)) : undefined;
  if (!owner) throw notFound('User');

  const today = state.clock.today();
  const max = addDays(today, MAX_LIFETIME_DAYS);
  const problems: string[] = [];
  if (expiresAt !== undefined && expiresAt > max) problems.push(`Expires at must be before ${max}`);
  if (description !== undefined && description.length > 255) problems.push('Description is too long (maximum is 255 characters)');
  if (problems.length) throw unprocessable(problems.join(' and '));

  const now = state.clock.now();
  const id = state.nextId('token');
  const secret = patSecret(`created:${id}:${owner.username}:${name}`, state.secretSalt);
  const token = state.addToken({
    id,
    userId: owner.id,
    name: name!,
    description: description ?? null,
    scopes: [...new Set(scopes)],
    createdAt: now,
    updatedAt: now,
    lastUsedAt: null,
    expiresAt: expiresAt ?? max,
    revoked: false,
    impersonation: false,
    previousId: null,
    secret,
  });
  return { status: 201, body: tokenJson(state, token, secret) };
}
