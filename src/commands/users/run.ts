// Users, read-only: lists and one user, with the fields the service returns (more for administrators).

import type { Context } from '../../context.js';
import { getUser, listUsers, type User } from '../../api/user.js';
import { CommandFailedError, UsageError } from '../../core/errors.js';
import { list, object, type Column, type CommandResult } from '../../core/output.js';
import { capped, clientFilterPageOptions, exclusive, pageOptions } from '../shared.js';
import { userNamed } from '../user-named.js';

const COLUMNS: Column<User>[] = [
  { key: 'id' },
  { key: 'username' },
  { key: 'name' },
  { key: 'state' },
  { key: 'is_admin', header: 'admin' },
  { key: 'created_at', header: 'created' },
  { key: 'last_activity_on', header: 'last activity' },
];

// One user: what an administrator looks at first; rows the answer lacks (a stranger's view) are left out.
const DETAIL: Column<User>[] = [
  { key: 'id' },
  { key: 'username' },
  { key: 'name' },
  { key: 'state' },
  { key: 'email' },
  { key: 'is_admin', header: 'admin' },
  { key: 'bot' },
  { key: 'external' },
  { key: 'two_factor_enabled', header: 'two-factor' },
  { key: 'created_at', header: 'created' },
  { key: 'last_sign_in_at', header: 'last sign-in' },
  { key: 'last_activity_on', header: 'last activity' },
  { key: 'web_url' },
];

interface ListOptions {
  active?: boolean;
  blocked?: boolean;
  admins?: boolean;
  search?: string;
}

export async function listUsersCommand(ctx: Context, o: ListOptions): Promise<CommandResult> {
  exclusive(o as Record<string, unknown>, { active: '--active', blocked: '--blocked' });
  if (o.search !== undefined && !o.search.trim()) throw new UsageError('--search is empty');
  const http = await ctx.http();
  const filters = { active: o.active, blocked: o.blocked, admins: o.admins, search: o.search?.trim() };
  // --admins is also filtered here (a service may ignore `admins`), so every page is read and --limit caps the output.
  const items = o.admins ? capped(onlyAdmins(listUsers(http, filters, clientFilterPageOptions(ctx))), ctx.globals.limit) : listUsers(http, filters, pageOptions(ctx));
  return list(items, COLUMNS, { empty: 'No users match.' });
}

/** The service ignores `admins` for a caller who is not one: without `is_admin` the list would be everyone. */
async function* onlyAdmins(users: AsyncIterable<User>): AsyncGenerator<User> {
  for await (const u of users) {
    if (u.is_admin === undefined) {
      throw new CommandFailedError('--admins needs an administrator’s token: the service does not say who is one to others', 'run it with a profile of an administrator');
    }
    if (u.is_admin) yield u;
  }
}

export async function getUserCommand(ctx: Context, raw: string): Promise<CommandResult> {
  const ref = raw.trim();
  if (!ref) throw new UsageError('give a user id or username');
  const http = await ctx.http();
  let id: number;
  if (/^\d+$/.test(ref)) id = Number(ref);
  else id = (await userNamed(http, ref.replace(/^@/, ''), { orGive: 'the numeric id' })).id;
  return object(await getUser(http, id), { columns: DETAIL, hideEmpty: true });
}
