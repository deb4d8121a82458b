// A group's protected environment as a plan item: the entries to have (deploy_access_levels,
// approval_rules) and the approvals required, as changes a reviewer reads; the calls that make them
// so are built from those changes alone (for `envs apply` and the `groups:` section of `state`).

import { environmentPath, environmentsPath, type AccessRecord, type EntryInput, type UpdateBody } from '../../api/environments.js';
import { UsageError } from '../../core/errors.js';
import { parseGroupId } from '../../core/refs.js';
import type { ItemBuilder, NameRead, ShownItem, WriteOp } from '../state/plan.js';
import { checkEntry, entryIdentity, entryText, parseTier, parseUsername, sentEntry, type EntryNames, type EntrySpec } from './entries.js';

/** A key of `groups:` is a group path as `--group` takes it: `.`, `..`, empty segments and control characters are refused. */
export function checkGroupPath(path: string, where: string): void {
  const what = `${where}: groups key ${JSON.stringify(path)}`;
  if (/[\u0000-\u001f\u007f]/.test(path) || String(parseGroupId(path, what)) !== path) throw new UsageError(`${what} is not a group path such as acme/platform`);
}

const MARK = ' protected environment ';

export const envIdentity = (group: string, tier: string) => `${group}${MARK}${tier}`;
export const isEnvIdentity = (identity: string) => identity.includes(MARK);

function parseIdentity(identity: string): { group: string; tier: string } {
  const at = identity.lastIndexOf(MARK);
  const group = identity.slice(0, at);
  checkGroupPath(group, 'the item');
  return { group, tier: parseTier(identity.slice(at + MARK.length)) };
}

export const describeEntry = (e: EntrySpec) => `${entryText(e)}${e.required_approvals !== undefined ? `,required=${e.required_approvals}` : ''}`;

/** The entries of `current` that `desired` does not hold: removed by their entry id. */
export function removedEntries(current: AccessRecord[], desired: EntrySpec[]): (AccessRecord & { id: number })[] {
  const wanted = new Set(desired.map(entryIdentity));
  return current.filter((c): c is AccessRecord & { id: number } => !wanted.has(entryIdentity(c)) && c.id !== undefined);
}

/** The entries to send to go from `current` to `desired` (by entry id), with a line for each. */
export function diffEntries(kind: 'deploy' | 'approval', current: (AccessRecord & EntryNames)[], desired: EntrySpec[], changes: string[] = []): EntryInput[] {
  const out: EntryInput[] = [];
  const byIdentity = new Map(current.map((c) => [entryIdentity(c), c]));
  for (const c of removedEntries(current, desired)) {
    out.push({ id: c.id, _destroy: true });
    changes.push(`- ${kind} ${entryText(c)} (id ${c.id})`);
  }
  for (const d of desired) {
    const c = byIdentity.get(entryIdentity(d));
    if (!c) {
      out.push(sentEntry(d));
      changes.push(`+ ${kind} ${describeEntry(d)}`);
    } else if (kind === 'approval' && (d.required_approvals ?? 1) !== (c.required_approvals ?? 1) && c.id !== undefined) {
      out.push({ id: c.id, ...sentEntry(d), required_approvals: d.required_approvals ?? 1 });
      changes.push(`~ approval ${entryText(d)} (id ${c.id}) required ${c.required_approvals ?? 1} → ${d.required_approvals ?? 1}`);
    }
  }
  return out;
}

const LISTS = { deploy_access_levels: 'deploy', approval_rules: 'approval' } as const;
const ENTRY_KEYS = new Set(['user_id', 'group_id', 'access_level', 'required_approvals']);
/** A name kept beside the id it was resolved to, and the id it needs. */
const NAME_KEYS = { username: 'user_id', group_path: 'group_id' } as const;

/** The username and group path an entry shows: each a username or path, beside the id it stands for. */
function checkNames(at: string, entry: Record<string, unknown>): EntryNames {
  const names: EntryNames = {};
  for (const k of ['username', 'group_path'] as const) {
    const v = entry[k];
    if (v === undefined) continue;
    if (typeof v !== 'string' || typeof entry[NAME_KEYS[k]] !== 'number') throw new UsageError(`${at}: ${k} stands beside the ${NAME_KEYS[k]} it was resolved to`);
    if (k === 'username' && parseUsername(at, v) !== v) throw new UsageError(`${at}: ${JSON.stringify(v)} is not a username`);
    if (k === 'group_path' && (/[\u0000-\u001f\u007f]/.test(v) || String(parseGroupId(v, at)) !== v)) throw new UsageError(`${at}: ${JSON.stringify(v)} is not a group path`);
    names[k] = v;
  }
  return names;
}

/** Entries as sent (the keys the API takes, numbers, each as `envs apply` would accept it), with the names resolved to their ids. */
function checkEntries(key: keyof typeof LISTS, value: unknown): EntrySpec[] {
  if (!Array.isArray(value)) throw new UsageError(`${key} must be a list of entries`);
  return value.map((e: unknown, i) => {
    const at = `${key}[${i}]`;
    if (!e || typeof e !== 'object' || Array.isArray(e)) throw new UsageError(`${at} must be an entry such as {access_level: 40}`);
    const names = checkNames(at, e as Record<string, unknown>);
    const { username: _u, group_path: _g, ...ids } = e as Record<string, unknown>;
    for (const [k, v] of Object.entries(ids)) if (!ENTRY_KEYS.has(k) || typeof v !== 'number') throw new UsageError(`${at}: ${k} is not a key of an entry as sent`);
    checkEntry(at, ids, key === 'approval_rules');
    return { ...(ids as EntryInput), ...names };
  });
}

/** The item's changes by key: the lists and count it sets. */
type ReadEntry = AccessRecord & EntryNames;

function wantedOf(item: ShownItem): { lists: Partial<Record<keyof typeof LISTS, { before: ReadEntry[]; after: EntrySpec[] }>>; count?: { before: number; after: number } } {
  const lists: Partial<Record<keyof typeof LISTS, { before: ReadEntry[]; after: EntrySpec[] }>> = {};
  let count: { before: number; after: number } | undefined;
  for (const c of item.changes) {
    if (c.key === 'deploy_access_levels' || c.key === 'approval_rules') {
      if (c.before !== null && (!Array.isArray(c.before) || c.before.some((e) => !e || typeof e !== 'object'))) throw new UsageError(`${c.key}: before must be the entries read`);
      // A name an entry read shows is printed: it is a username or path, as one resolved from a file is.
      const before = ((c.before as ReadEntry[] | null) ?? []).map((e, i) => ({ ...e, ...checkNames(`${c.key} before[${i}]`, e) }));
      lists[c.key] = { before, after: checkEntries(c.key, c.after) };
    }
    else if (c.key === 'required_approval_count') {
      if (!Number.isSafeInteger(c.after) || (c.after as number) < 0) throw new UsageError('required_approval_count must be a whole number, 0 or more');
      count = { before: typeof c.before === 'number' ? c.before : 0, after: c.after as number };
    } else throw new UsageError(`${c.key} is not a setting of a protected environment`);
  }
  return { lists, count };
}

const withoutNames = (e: unknown) => {
  if (!e || typeof e !== 'object') return e;
  const { username: _u, group_path: _g, ...rest } = e as Record<string, unknown>;
  return rest;
};

export const envBuilder: ItemBuilder = {
  actions: ['create', 'update', 'delete'],
  check(item) {
    parseIdentity(item.identity);
    if (item.changes.some((c) => c.secret)) throw new UsageError('a protected environment has no secret');
    const { lists } = wantedOf(item);
    if (item.action === 'create' && !lists.deploy_access_levels?.after.length) throw new UsageError('a protected environment needs at least one deploy entry');
  },
  writes(item) {
    const { group, tier } = parseIdentity(item.identity);
    const path = environmentPath(group, tier);
    if (item.action === 'delete') return [{ action: 'delete', method: 'DELETE', path }];
    const { lists, count } = wantedOf(item);
    if (item.action === 'create') {
      const approvals = (lists.approval_rules?.after ?? []).map(sentEntry);
      const writes: WriteOp[] = [{ action: 'create', method: 'POST', path: environmentsPath(group), body: { name: tier, deploy_access_levels: lists.deploy_access_levels!.after.map(sentEntry), ...(approvals.length ? { approval_rules: approvals } : {}) } }];
      // The create call takes no count; a second call sets it.
      if (count?.after) {
        writes.push({ action: 'update', method: 'PUT', path, body: { required_approval_count: count.after }, confirm: [{ key: 'required_approval_count', before: 0, after: count.after }], leaves: `${tier} is protected, with 0 approvals required` });
      }
      return writes;
    }
    const body: UpdateBody = {};
    for (const key of ['deploy_access_levels', 'approval_rules'] as const) {
      const list = lists[key];
      if (list) body[key] = diffEntries(LISTS[key], list.before, list.after);
    }
    if (count) body.required_approval_count = count.after;
    const confirm = count ? [{ key: 'required_approval_count', before: count.before, after: count.after }] : undefined;
    return [{ action: 'update', method: 'PUT', path, body: { ...body }, ...(confirm ? { confirm } : {}) }];
  },
  linesTellChanges: true,
  read: (item) => {
    const { group, tier } = parseIdentity(item.identity);
    // A username or path shown with its id must still give that id, or the plan would act on someone else
    // (or show a removal under a name that is now another user's).
    const names: NameRead[] = [];
    if (item.action !== 'delete') {
      for (const list of Object.values(wantedOf(item).lists)) {
        for (const e of [...list.after, ...list.before]) {
          // Each name with each id it is shown beside: an edited plan may show one name with two ids.
          const add = (n: NameRead) => { if (!names.some((m) => m.kind === n.kind && m.name === n.name && m.id === n.id)) names.push(n); };
          if (e.username !== undefined) add({ kind: 'user', name: e.username, id: e.user_id! });
          if (e.group_path !== undefined) add({ kind: 'group', name: e.group_path, id: e.group_id! });
        }
      }
    }
    // The instance answers the entries without the names the plan shows beside them: those are checked by `names`.
    const values = item.observed.values;
    const answered = values && names.length ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.map(withoutNames) : v])) : undefined;
    return { path: environmentPath(group, tier), ...(names.length ? { names } : {}), ...(answered ? { values: answered } : {}) };
  },
  lines(item) {
    if (item.action === 'delete') return ['not in the file'];
    const { lists, count } = wantedOf(item);
    const lines: string[] = [];
    if (item.action === 'create') {
      for (const key of ['deploy_access_levels', 'approval_rules'] as const) for (const e of lists[key]?.after ?? []) lines.push(`+ ${LISTS[key]} ${describeEntry(e)}`);
      if (count?.after) lines.push(`required_approval_count ${count.after}`);
      return lines;
    }
    for (const key of ['deploy_access_levels', 'approval_rules'] as const) {
      const list = lists[key];
      if (list) diffEntries(LISTS[key], list.before, list.after, lines);
    }
    if (count) lines.push(`~ required_approval_count ${count.before} → ${count.after}`);
    return lines;
  },
};
