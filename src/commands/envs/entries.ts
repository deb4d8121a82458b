// Entries of deploy access levels and approval rules: parsing `access_level=40|user=ID|group=ID`
// (approval rules add `required=N`; `user` also takes a username, `group` a path), describing them, and the hints
// for the service's refusals.

import { DEPLOY_ACCESS_LEVELS, TIERS, type AccessRecord, type EntryInput, type Tier } from '../../api/environments.js';
import { getGroup } from '../../api/instance.js';
import { findUserByUsername } from '../../api/user.js';
import { ApiError, CommandFailedError, ExitCode, NotFoundError, UsageError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';
import { parseInteger } from '../../core/parse.js';
import { parseGroupId } from '../../core/refs.js';
import { userNamed } from '../user-named.js';

/**
 * An entry as given: `user=alice` and `group=acme/platform` keep their names until resolveNames turns
 * them into ids. A state plan keeps both (`{user_id: 12, username: alice}`): it shows the id it will
 * send, and a saved plan checks the name still gives it.
 */
export type EntrySpec = EntryInput & EntryNames;

/** The username or group path shown beside an entry's id: resolved from the file, or given by the instance for an entry read. */
export interface EntryNames {
  username?: string;
  group_path?: string;
}

const USERNAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

export const LEVEL_NAMES: Readonly<Record<string, number>> = { developer: 30, maintainer: 40, admin: 60, administrator: 60 };

export function parseTier(raw: string): Tier {
  if ((TIERS as readonly string[]).includes(raw)) return raw as Tier;
  throw new UsageError(`unknown tier ${JSON.stringify(raw)}`, `group-level protected environments are named by deployment tier: ${TIERS.join(', ')}`);
}

export function parseAccessLevel(flag: string, raw: string | number): number {
  const s = String(raw).trim().toLowerCase();
  const n = LEVEL_NAMES[s] ?? parseInteger(flag, s);
  if (!(DEPLOY_ACCESS_LEVELS as readonly number[]).includes(n)) {
    throw new UsageError(`${flag}: access level ${raw} is not allowed`, 'use 30 (developer), 40 (maintainer) or 60 (admin)');
  }
  return n;
}

export const KEY_ALIASES: Readonly<Record<string, 'user_id' | 'group_id' | 'access_level' | 'required_approvals'>> = {
  user: 'user_id',
  user_id: 'user_id',
  group: 'group_id',
  group_id: 'group_id',
  access_level: 'access_level',
  level: 'access_level',
  role: 'access_level',
  required: 'required_approvals',
  required_approvals: 'required_approvals',
};

/** Checks one entry given as an object (from a flag or a file). */
export function checkEntry(flag: string, raw: Record<string, unknown>, approval: boolean, opts: { allowId?: boolean } = {}): EntrySpec {
  const out: EntrySpec = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined || v === null) continue;
    if (opts.allowId && k === 'id') {
      out.id = parseInteger(`${flag} id`, String(v), { min: 1 });
      continue;
    }
    const key = KEY_ALIASES[k];
    if (!key) throw new UsageError(`${flag}: unknown key ${JSON.stringify(k)}`, `use user=ID or user=USERNAME, group=ID or group=PATH, or access_level=30|40|60${approval ? ', and required=N' : ''}`);
    if (key === 'required_approvals' && !approval) throw new UsageError(`${flag}: required= belongs to approval rules only`);
    if (k === 'user' && !/^\d+$/.test(String(v).trim())) out.username = parseUsername(flag, String(v));
    else if (k === 'group' && !/^\d+$/.test(String(v).trim())) out.group_path = String(parseGroupId(String(v).trim(), `${flag} group`));
    else if (key === 'access_level') out.access_level = parseAccessLevel(flag, v as string);
    else if (key === 'required_approvals') out.required_approvals = parseInteger(`${flag} required`, String(v), { min: 1 });
    else out[key] = parseInteger(`${flag} ${k}`, String(v), { min: 1 });
  }
  const named = (['user_id', 'username', 'group_id', 'group_path', 'access_level'] as const).filter((k) => out[k] !== undefined).map((k) => (k === 'username' ? 'user' : k === 'group_path' ? 'group' : k));
  if (named.length !== 1 && !(opts.allowId && out.id !== undefined && named.length === 0)) {
    throw new UsageError(`${flag}: each entry names exactly one of user, group or access_level${named.length ? `; got ${named.join(' and ')}` : ''}`);
  }
  return out;
}

export function parseUsername(flag: string, raw: string): string {
  const name = raw.trim().replace(/^@/, '');
  if (!USERNAME.test(name)) throw new UsageError(`${flag}: user=${JSON.stringify(raw)} is neither a user id nor a username`, 'e.g. user=alice or user=12');
  return name;
}

/** How to resolve: keep each name beside its id (a plan shows both); `inFile` when the entries come from a file, whose id form the hints then name. */
export interface ResolveOptions {
  keepNames?: boolean;
  inFile?: boolean;
}

/** The way to give a user or group by id where the entry was written: `user=ID` on the command line, `user_id: ID` in a file. */
const idForm = (kind: 'user' | 'group', inFile: boolean | undefined) => (inFile ? `${kind}_id: ID` : `${kind}=ID`);

/**
 * The entries with each `user=NAME` and `group=PATH` turned into the id the API takes: one lookup per
 * name, made before anything is written. An unknown name is "not found" (exit 3), as a 404 is.
 */
export async function resolveNames(http: HttpClient, entries: EntrySpec[], known = new Map<string, number>(), opts: ResolveOptions = {}): Promise<EntrySpec[]> {
  const { keepNames, inFile } = opts;
  const out: EntrySpec[] = [];
  for (const { username, group_path, ...entry } of entries) {
    if (username !== undefined) out.push({ ...entry, user_id: await cached(known, `user=${username.toLowerCase()}`, () => userIdOf(http, username, idForm('user', inFile))), ...(keepNames ? { username } : {}) });
    else if (group_path !== undefined) out.push({ ...entry, group_id: await cached(known, `group=${group_path.toLowerCase()}`, () => groupIdOf(http, group_path, idForm('group', inFile))), ...(keepNames ? { group_path } : {}) });
    else out.push(entry);
  }
  return out;
}

/** The entry as the API takes it: the ids, without the names they were resolved from. */
export function sentEntry({ username: _u, group_path: _g, ...entry }: EntrySpec): EntryInput {
  return entry;
}

async function cached(known: Map<string, number>, key: string, look: () => Promise<number>): Promise<number> {
  const id = known.get(key) ?? (await look());
  known.set(key, id);
  return id;
}

async function userIdOf(http: HttpClient, username: string, byId: string): Promise<number> {
  return (await userNamed(http, username, { orGive: byId })).id;
}

async function groupIdOf(http: HttpClient, path: string, byId: string): Promise<number> {
  const id = await idOfName(http, 'group', path);
  if (id === undefined) throw new CommandFailedError(`no group ${path} on ${http.baseUrl}`, `check the path (a subgroup of the environment's group), or give ${byId}`, ExitCode.notFound);
  return id;
}

/** The id a username or group path gives on the instance now; undefined when it names none (a saved plan reads its names again with this). */
export async function idOfName(http: HttpClient, kind: 'user' | 'group', name: string): Promise<number | undefined> {
  if (kind === 'user') return (await findUserByUsername(http, name))?.id;
  try {
    return (await getGroup(http, name)).id;
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}

/** `access_level=40`, `user=12`, `user=alice`, `group=7,required=2`, `group=acme/platform`. */
export function parseEntrySpec(flag: string, spec: string, approval: boolean): EntrySpec {
  const raw: Record<string, unknown> = {};
  for (const part of spec.split(',').map((s) => s.trim()).filter(Boolean)) {
    const i = part.indexOf('=');
    if (i <= 0) throw new UsageError(`${flag} takes KEY=VALUE[,KEY=VALUE], got ${JSON.stringify(spec)}`);
    const k = part.slice(0, i).trim();
    if (k in raw) throw new UsageError(`${flag}: ${k} given twice in ${JSON.stringify(spec)}`);
    raw[k] = part.slice(i + 1).trim();
  }
  return checkEntry(flag, raw, approval);
}

/** `ID:group=7,required=2`: changes entry ID. */
export function parseChangeSpec(flag: string, spec: string, approval: boolean): EntrySpec {
  const m = /^(\d+):(.+)$/.exec(spec.trim());
  if (!m) throw new UsageError(`${flag} takes ID:KEY=VALUE[,…], e.g. 12:group=7`);
  const raw: Record<string, unknown> = { id: m[1] };
  for (const part of m[2].split(',').map((s) => s.trim()).filter(Boolean)) {
    const i = part.indexOf('=');
    if (i <= 0) throw new UsageError(`${flag} takes ID:KEY=VALUE[,…], got ${JSON.stringify(spec)}`);
    raw[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return checkEntry(flag, raw, approval, { allowId: true });
}

/** `access_level=40`, `user=12`, `group=7` (+ `required=2`): the identity the CLI compares by (the id once a name is resolved). */
export function entryIdentity(e: AccessRecord | EntrySpec): string {
  if (e.user_id !== null && e.user_id !== undefined) return `user=${e.user_id}`;
  if (e.group_id !== null && e.group_id !== undefined) return `group=${e.group_id}`;
  if ('username' in e && e.username !== undefined) return `user=${e.username}`;
  if ('group_path' in e && e.group_path !== undefined) return `group=${e.group_path}`;
  return `access_level=${e.access_level}`;
}

/** As a reviewer reads it: `user=alice (user id 12)` where the entry has its name, else the identity. */
export function entryText(e: EntrySpec | (AccessRecord & EntryNames)): string {
  if (e.username !== undefined && e.user_id !== undefined) return `user=${e.username} (user id ${e.user_id})`;
  if (e.group_path !== undefined && e.group_id !== undefined) return `group=${e.group_path} (group id ${e.group_id})`;
  return entryIdentity(e);
}

export function describeEntries(list: AccessRecord[] | undefined, approval: boolean): string {
  if (!list?.length) return '-';
  return list
    .map((e) => {
      const who = e.access_level_description ? `${entryIdentity(e)} (${e.access_level_description})` : entryIdentity(e);
      // Each number says what it counts: the rule's approvals, not the environment's required count.
      if (!approval) return who;
      const n = e.required_approvals ?? 1;
      return `${n} approval${n === 1 ? '' : 's'} from ${who}`;
    })
    .join('; ');
}

/** The hint for the refusals users meet most: role, tier, assignability (the `explain` of every envs command). */
export function envsHint(err: ApiError, group: string): string | undefined {
  const text = err.message;
  if (err.status === 403) return `protected environments of ${group} need the Maintainer role (or Owner) in that group, on a Premium instance`;
  if (err.status === 404) return `no such group, tier not protected, or ${group} is not visible to you`;
  if (/\buser\b/.test(text)) return 'a user must be a direct or inherited member of the group with the Maintainer role or above';
  if (/\bgroup\b/.test(text)) return 'a group must be a subgroup of the group the environment belongs to';
  if (/name does not have a valid value/.test(text)) return `name must be a deployment tier: ${TIERS.join(', ')}`;
  if (/has already been taken/.test(text)) return 'the tier is already protected: change it with `forgectl envs update`';
  return undefined;
}
