// `state export --only-managed FILE`: the instance's values for exactly what FILE manages, so a
// trimmed base file is refreshed from an instance without pinning every other setting again.
// What the instance never returns (secrets, hook tokens) is carried over from FILE as written.

import type { Context } from '../../context.js';
import { FileProblems } from '../../core/file-problems.js';
import { readStateSources } from './layers.js';
import { checkStateDoc, FILE_HINT, type Section, type StateFile } from './model.js';
import { isSecretRef } from './references.js';

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => !!v && typeof v === 'object' && !Array.isArray(v);

/** FILE read and checked as `state plan -f FILE` reads it, references left unresolved. */
export async function readManaged(ctx: Context, file: string): Promise<StateFile> {
  const problems = new FileProblems(file, FILE_HINT);
  const source = await readStateSources(ctx, [file], problems);
  problems.where = source.where;
  const doc = checkStateDoc(source.value, source.located, source.where, problems);
  problems.throwIfAny();
  return doc;
}

/** What the export reads: the sections FILE has, its plans and its groups. */
export function managedScope(doc: StateFile): { sections: Section[]; plans: string[]; groups: string[] } {
  const sections = (Object.keys(doc) as Section[]).filter((s) => doc[s] !== undefined);
  return { sections, plans: Object.keys(doc.plan_limits ?? {}), groups: Object.keys(doc.groups ?? {}) };
}

/**
 * The keys of `file` picked from `exported`, `depth` levels down (a setting's value is whole at depth
 * 1). A key the instance did not give keeps the file's value when it is a reference (a secret), and
 * is otherwise reported in `missing` by its path.
 */
function pick(exported: unknown, file: unknown, depth: number, path: string, missing: string[]): unknown {
  if (depth === 0 || !isMapping(file)) return exported;
  const from = isMapping(exported) ? exported : {};
  const out: Mapping = {};
  for (const [key, value] of Object.entries(file)) {
    const at = path ? `${path}.${key}` : key;
    if (key in from) out[key] = pick(from[key], value, depth - 1, at, missing);
    else if (isSecretRef(value)) out[key] = value;
    else missing.push(at);
  }
  return out;
}

/** List items matched by `identity` (a hook's url, a broadcast's message), each trimmed to the file's keys. */
function pickList(exported: unknown, file: readonly Mapping[], identity: string, section: string, missing: string[]): Mapping[] {
  const items = Array.isArray(exported) ? (exported as Mapping[]) : [];
  const out: Mapping[] = [];
  for (const wanted of file) {
    const id = wanted[identity];
    // A URL given as a reference cannot be matched without resolving it: kept as the file has it.
    if (isSecretRef(id)) {
      out.push(wanted);
      continue;
    }
    const found = items.find((i) => i[identity] === id);
    if (!found) missing.push(`${section}[${JSON.stringify(id)}] (not on the instance)`);
    else out.push(pick(found, wanted, 1, `${section}[${JSON.stringify(id)}]`, missing) as Mapping);
  }
  return out;
}

const NOTIFICATION_DEPTH = 2; // level, notification_email, events.EVENT

/** A group's tiers as a mapping by name: the file may list them as `envs list -o yaml` prints (else every tier the instance has was kept). */
const byTier = (envs: unknown): unknown => (Array.isArray(envs) ? Object.fromEntries(envs.filter((e): e is Mapping => isMapping(e) && typeof e.name === 'string').map((e) => [e.name, e])) : envs);

/** `data` (the export's sections) cut down to what `doc` manages; the comments name what could not be refreshed. */
export function trimToManaged(data: Mapping, doc: StateFile): { data: Mapping; comments: string[] } {
  const missing: string[] = [];
  const out: Mapping = {};
  if (doc.settings) out.settings = pick(data.settings, doc.settings, 1, 'settings', missing);
  if (doc.plan_limits) out.plan_limits = pick(data.plan_limits, doc.plan_limits, 2, 'plan_limits', missing);
  if (doc.system_hooks) out.system_hooks = pickList(data.system_hooks, doc.system_hooks as Mapping[], 'url', 'system_hooks', missing);
  if (doc.broadcast_messages) out.broadcast_messages = pickList(data.broadcast_messages, doc.broadcast_messages as Mapping[], 'message', 'broadcast_messages', missing);
  if (doc.notification_settings) out.notification_settings = pick(data.notification_settings, doc.notification_settings, NOTIFICATION_DEPTH, 'notification_settings', missing);
  if (doc.groups) {
    const groups: Mapping = {};
    const exported = isMapping(data.groups) ? data.groups : {};
    for (const [path, wanted] of Object.entries(doc.groups)) {
      const have = isMapping(exported[path]) ? exported[path] : {};
      const group: Mapping = {};
      // Environments by name, each with its rules whole; notification settings key by key.
      if (wanted.protected_environments !== undefined) group.protected_environments = pick(have.protected_environments, byTier(wanted.protected_environments), 1, `groups.${path}.protected_environments`, missing);
      if (wanted.notification_settings) group.notification_settings = pick(have.notification_settings, wanted.notification_settings, NOTIFICATION_DEPTH, `groups.${path}.notification_settings`, missing);
      groups[path] = group;
    }
    out.groups = groups;
  }
  const comments = missing.length ? [`# Managed by the file but not given by the instance, so left out: ${missing.join(', ')}`] : [];
  return { data: out, comments };
}
