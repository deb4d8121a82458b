// Over several instances, a state file shared by all of them (no {profile} in its name) must not name
// a user or group of a protected environment by id: user 4 on one instance is another person on the
// next, who would be given the right to deploy. Read before any instance runs (LocalIds.inFile).

import { UsageError } from '../../core/errors.js';
import type { IdInFile } from '../../core/instance-ids.js';
import { boundedInput, readInputFile } from '../../core/input-file.js';
import { cannotRead } from '../../core/fs-errors.js';
import { parsePlainYaml } from '../settings/plain-yaml.js';
import { OPTIONAL, PROFILE } from './layers.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^\s*\d+\s*$/.test(v));

const LISTS = ['deploy', 'deploy_access_levels', 'approvals', 'approval_rules'] as const;

/** `user 4` or `group 13` when the entry names one by id (`user_id: 4`, `user: 4`, `group_id: 13`, `group: 13`). */
function idOf(entry: unknown): { named: string; instead: string } | undefined {
  if (!isObj(entry)) return undefined;
  for (const kind of ['user', 'group'] as const) {
    for (const key of [`${kind}_id`, kind]) {
      const v = entry[key];
      if (isId(v)) return { named: `${kind} ${String(v).trim()}`, instead: kind === 'user' ? 'user: USERNAME' : 'group: PATH, such as acme/platform' };
    }
  }
  return undefined;
}

/** The tiers of a `protected_environments:` value: the mapping form or the list `envs list -o yaml` prints. */
function tiers(envs: unknown): [string, unknown][] {
  if (Array.isArray(envs)) return envs.map((e, i) => [isObj(e) && typeof e.name === 'string' ? e.name : String(i), e]);
  return isObj(envs) ? Object.entries(envs) : [];
}

/** The first entry of the document naming a user or group by id, with its path. */
export function firstIdInDoc(doc: unknown, source: string): IdInFile | undefined {
  if (!isObj(doc) || !isObj(doc.groups)) return undefined;
  for (const [group, g] of Object.entries(doc.groups)) {
    if (!isObj(g)) continue;
    for (const [tier, spec] of tiers(g.protected_environments)) {
      if (!isObj(spec)) continue;
      for (const list of LISTS) {
        const entries = spec[list];
        if (!Array.isArray(entries)) continue;
        for (const [i, e] of entries.entries()) {
          const found = idOf(e);
          if (found) return { where: `${source}: groups.${group}.protected_environments.${tier}.${list}[${i}]`, ...found };
        }
      }
    }
  }
  return undefined;
}

/**
 * The first id in the files of `-f` that every instance reads. A file named with {profile} is the
 * instance's own: its ids are that instance's, as with one instance.
 */
export async function stateFileIds(o: { file?: string[] }, readStdin: (what: string) => Promise<string>): Promise<IdInFile | undefined> {
  for (const f of o.file ?? []) {
    if (f.includes(PROFILE)) continue;
    const optional = f.startsWith(OPTIONAL);
    const name = optional ? f.slice(OPTIONAL.length) : f;
    let text: string;
    if (name === '-') text = boundedInput(await readStdin('the instance file'), 'standard input');
    else {
      try {
        text = readInputFile(name);
      } catch (e) {
        if (e instanceof UsageError) throw e;
        if (optional && (e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw cannotRead(name, e);
      }
    }
    const found = firstIdInDoc(parsePlainYaml(text, name === '-' ? 'standard input' : name), name === '-' ? 'standard input' : name);
    if (found) return found;
  }
  return undefined;
}
