// Users (doc/api/users.md): GET /user (who the token belongs to, how clients sign in), GET /users
// (`username`, `search`, state filters, `admins` for administrators) and GET /users/:id. Strangers see the public profile; the
// user themselves and administrators see more; a private profile shows strangers the basic fields.

import { invalidParams, notFound } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { HandlerResult, Router, SandboxRequest } from '../http/router.js';
import type { SandboxState } from '../state.js';
import type { User } from '../types.js';
import { userBasic } from './entity.js';

const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);

/** GitLab's User entity: what anyone signed in sees of a public profile. */
function userPublic(state: SandboxState, u: User): Record<string, unknown> {
  return {
    ...userBasic(state, u),
    created_at: iso(u.createdAt),
    bio: '',
    location: '',
    public_email: null,
    skype: '',
    linkedin: '',
    twitter: '',
    discord: '',
    website_url: '',
    organization: '',
    job_title: '',
    pronouns: null,
    bot: u.bot,
    work_information: null,
    followers: 0,
    following: 0,
    is_followed: false,
    local_time: null,
  };
}

/** UserPublic (self) and UserWithAdmin (administrators): the account's own details. */
function userFull(state: SandboxState, u: User, asAdmin: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...userPublic(state, u),
    last_sign_in_at: iso(u.createdAt),
    confirmed_at: iso(u.createdAt),
    last_activity_on: day(state.clock.now()),
    email: u.email,
    theme_id: 3,
    color_scheme_id: 1,
    projects_limit: 100_000,
    current_sign_in_at: iso(u.createdAt),
    identities: [],
    can_create_group: !u.external,
    can_create_project: !u.external,
    two_factor_enabled: false,
    external: u.external,
    private_profile: u.privateProfile,
    commit_email: u.email,
    preferred_language: 'en',
  };
  if (asAdmin) Object.assign(out, { is_admin: u.admin, note: null, current_sign_in_ip: '127.0.0.1', last_sign_in_ip: '127.0.0.1', namespace_id: u.namespaceId, created_by: null, email_reset_offered_at: null, using_license_seat: !u.bot, is_auditor: false });
  return out;
}

function renderFor(state: SandboxState, viewer: User | null, u: User): Record<string, unknown> {
  if (viewer?.admin) return userFull(state, u, true);
  if (viewer?.id === u.id) return userFull(state, u, false);
  if (!viewer || u.privateProfile) return userBasic(state, u);
  return userPublic(state, u);
}

function currentUser(req: SandboxRequest): HandlerResult {
  const user = req.user!;
  return { body: userFull(req.state, user, user.admin) };
}

const USER_ORDER_BY = ['id', 'name', 'username', 'created_at', 'updated_at'];

function listUsers(req: SandboxRequest): HandlerResult {
  const r = new ParamReader(req.input());
  const page = readPage(r);
  const username = r.string('username');
  const search = r.string('search')?.toLowerCase();
  const active = r.bool('active') ?? false;
  const blocked = r.bool('blocked') ?? false;
  const external = r.bool('external') ?? false;
  const excludeExternal = r.bool('exclude_external') ?? false;
  const humans = r.bool('humans') ?? false;
  const admins = r.bool('admins') ?? false;
  r.bool('exclude_internal');
  r.bool('without_project_bots');
  const orderBy = r.string('order_by') ?? 'id';
  const sort = r.string('sort') ?? 'desc';
  r.done();
  const errors: string[] = [];
  if (!USER_ORDER_BY.includes(orderBy)) errors.push('order_by does not have a valid value');
  if (sort !== 'asc' && sort !== 'desc') errors.push('sort does not have a valid value');
  if (errors.length) throw invalidParams(errors);

  const { state, user } = req;
  const items = [...state.users.values()].filter((u) => {
    if (username !== undefined && u.username.toLowerCase() !== username.toLowerCase()) return false;
    // Search matches name and username; the email only for administrators.
    if (search && !u.name.toLowerCase().includes(search) && !u.username.toLowerCase().includes(search) && !(user?.admin && u.email.toLowerCase() === search)) return false;
    if (active && u.state !== 'active') return false;
    if (blocked && u.state !== 'blocked') return false;
    if (external && !u.external) return false;
    if (excludeExternal && u.external) return false;
    if (humans && u.bot) return false;
    // GitLab honours `admins` for administrators only; anyone else gets every user (spec/requests/api/users_spec.rb).
    if (admins && user?.admin && !u.admin) return false;
    return true;
  });
  const key = (u: User): string | number => (orderBy === 'name' ? u.name.toLowerCase() : orderBy === 'username' ? u.username.toLowerCase() : orderBy === 'id' ? u.id : u.createdAt);
  items.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const c = x < y ? -1 : x > y ? 1 : a.id - b.id;
    return sort === 'asc' ? c : -c;
  });
  // Lists show the basic entity to regular callers, as GitLab's GET /users does.
  return offsetPage(req, page, items, (u) => (user?.admin ? userFull(state, u, true) : userBasic(state, u)));
}

function getUser(req: SandboxRequest): HandlerResult {
  const raw = req.params.id ?? '';
  // GitLab's route takes only numeric ids here (usernames go through ?username=).
  const u = /^\d+$/.test(raw) ? req.state.users.get(Number(raw)) : undefined;
  if (!u) throw notFound('User');
  return { body: renderFor(req.state, req.user, u) };
}

export const usersModule: SandboxModule = {
  name: 'users',
  register(router: Router) {
    // Reading oneself works with any scope that can sign in (read_user among them).
    router.get('/user', currentUser, { scopes: ['read_user'] });
    router.get('/users', listUsers, { auth: 'optional', scopes: ['read_user'] });
    router.get('/users/:id', getUser, { auth: 'optional', scopes: ['read_user'] });
  },
};
