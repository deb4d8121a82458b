// Several instance files as one (`-f base.yaml -f 'instances/{profile}.yaml'`): later files override
// earlier ones key by key; a list item overrides the item of the same identity (a hook by url, a
// broadcast by message, a protected environment by name). `{profile}` in a name is the profile in
// use; a name starting with `?` may be missing. `{env: NAME}` stands for a value anywhere; where a
// secret goes it stays a reference, resolved (and masked) with the other secrets. Every value keeps
// the place it came from, so problems name the file that gave it.

import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { boundedInput, readInputFile } from '../../core/input-file.js';
import type { FileProblems } from '../../core/file-problems.js';
import { isSecretKey } from '../../core/redact.js';
import { readPlainYaml, type Located } from '../settings/plain-yaml.js';
import { pathText } from './model.js';
import { isSecretRef } from './references.js';
import { cannotRead } from '../../core/fs-errors.js';

export interface StateSource {
  value: unknown;
  located?: Located;
  /** The files as messages name them together. */
  where: string;
}

export const PROFILE = '{profile}';
/** A file name's mark: the file may be missing. */
export const OPTIONAL = '?';

type Obj = Record<string, unknown>;
type Path = readonly (string | number)[];

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const envRef = (v: unknown): string | undefined => (isSecretRef(v) && 'env' in v ? v.env : undefined);

/** The key that identifies an item of the list at `path`, where items are matched rather than replaced. */
function identityOf(path: Path): string | undefined {
  if (path.length === 1 && path[0] === 'system_hooks') return 'url';
  if (path.length === 1 && path[0] === 'broadcast_messages') return 'message';
  if (path.length === 3 && path[0] === 'groups' && path[2] === 'protected_environments') return 'name';
  return undefined;
}

/** Values replaced whole rather than merged: a setting (an object setting is one value) and a protected environment's rules. */
function replacedWhole(path: Path): boolean {
  return (path.length === 2 && path[0] === 'settings') || (path.length === 4 && path[0] === 'groups' && path[2] === 'protected_environments');
}

interface Layer {
  value: unknown;
  located?: Located;
}

function mergeLists(base: unknown[], over: unknown[], identity: string, baseLoc: Located | undefined, overLoc: Located | undefined, path: Path): Layer {
  const items: Layer[] = base.map((value, i) => ({ value, located: baseLoc?.children?.get(i) }));
  over.forEach((value, i) => {
    const located = overLoc?.children?.get(i);
    // An identity may be a reference ({env: NAME} for a hook URL): compared as written.
    const id = isObj(value) && value[identity] !== undefined ? JSON.stringify(value[identity]) : undefined;
    const same = id === undefined ? -1 : items.findIndex((it) => isObj(it.value) && JSON.stringify(it.value[identity]) === id);
    if (same < 0) items.push({ value, located });
    else items[same] = mergeLayers(items[same]!, { value, located }, [...path, same]);
  });
  const place = overLoc?.place ?? baseLoc?.place;
  return {
    value: items.map((it) => it.value),
    located: place && { place, keyPlace: overLoc?.keyPlace ?? baseLoc?.keyPlace, children: new Map(items.flatMap((it, i) => (it.located ? [[i, it.located] as const] : []))) },
  };
}

function mergeLayers(base: Layer, over: Layer, path: Path): Layer {
  const [b, o] = [base.value, over.value];
  if (replacedWhole(path) || isSecretRef(b) || isSecretRef(o)) return over;
  if (Array.isArray(b) && Array.isArray(o)) {
    const identity = identityOf(path);
    return identity ? mergeLists(b, o, identity, base.located, over.located, path) : over;
  }
  if (!isObj(b) || !isObj(o)) return over;
  const value: Obj = { ...b };
  const children = new Map(base.located?.children ?? []);
  for (const [key, v] of Object.entries(o)) {
    const overChild = { value: v, located: over.located?.children?.get(key) };
    const merged = key in b ? mergeLayers({ value: b[key], located: base.located?.children?.get(key) }, overChild, [...path, key]) : overChild;
    value[key] = merged.value;
    if (merged.located) children.set(key, merged.located);
  }
  const place = over.located?.place ?? base.located?.place;
  return { value, located: place && { place, keyPlace: over.located?.keyPlace ?? base.located?.keyPlace, children } };
}

/** Where a reference stays one: the secrets (a hook's URL may hold a password), resolved and masked by the sections that send them. */
function isSecretPlace(path: Path): boolean {
  return (path.length === 2 && path[0] === 'settings' && isSecretKey(String(path[1]))) || (path.length === 3 && path[0] === 'system_hooks' && (path[2] === 'token' || path[2] === 'url'));
}

/** Replaces `{env: NAME}` by the variable's value, which keeps its text for values typed otherwise (`true`, `3`). */
function substituteEnv(ctx: Context, layer: Layer, problems: FileProblems): void {
  const pending: { value: unknown; located?: Located; path: Path }[] = [{ value: layer.value, located: layer.located, path: [] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, located, path } = item;
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : isObj(value) ? Object.entries(value) : [];
    for (const [key, child] of entries) {
      const childPath = [...path, key];
      const childLoc = located?.children?.get(key);
      const name = envRef(child);
      if (name === undefined) {
        pending.push({ value: child, located: childLoc, path: childPath });
        continue;
      }
      if (isSecretPlace(childPath)) continue;
      const text = ctx.env[name];
      const at = pathText(childPath);
      if (text === undefined || text === '') {
        problems.add({ place: childLoc?.place, path: at, text: `${at}: the environment variable ${name} is not set (or empty)`, hint: `export ${name} before running forgectl` });
        continue;
      }
      (value as Record<string | number, unknown>)[key] = text;
      if (childLoc) {
        childLoc.written = text;
        delete childLoc.children;
      }
    }
  }
}

/** The file names of `-f`, with `{profile}` replaced by the profile in use. */
async function fileNames(ctx: Context, files: readonly string[]): Promise<{ name: string; optional: boolean }[]> {
  const needsProfile = files.some((f) => f.includes(PROFILE));
  const profile = needsProfile ? (await ctx.connection()).profile?.name : undefined;
  if (needsProfile && !profile) throw new UsageError(`-f ${files.find((f) => f.includes(PROFILE))}: ${PROFILE} names the profile in use, and there is none`, 'choose one with -p NAME (or run over several with --profiles)');
  return files.map((f) => {
    const optional = f.startsWith(OPTIONAL);
    return { name: (optional ? f.slice(OPTIONAL.length) : f).split(PROFILE).join(profile ?? PROFILE), optional };
  });
}

/** Reads and layers the files of `-f` (in order); each file's own problems are thrown as it is read. */
export async function readStateSources(ctx: Context, files: readonly string[], problems: FileProblems): Promise<StateSource> {
  if (files.filter((f) => f === '-').length > 1) throw new UsageError('-f - (standard input) can be given once');
  const layers: Layer[] = [];
  const read: string[] = [];
  for (const { name, optional } of await fileNames(ctx, files)) {
    if (name === '-') {
      layers.push(readPlainYaml(boundedInput(await ctx.readStdin('the instance file'), 'standard input'), 'standard input'));
      read.push('standard input');
      continue;
    }
    let text: string;
    try {
      text = readInputFile(name);
    } catch (e) {
      if (e instanceof UsageError) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      if (optional && code === 'ENOENT') continue;
      throw cannotRead(name, e, code === 'ENOENT' && files.length > 1 ? `a file that may be missing is named with a leading ?: -f '?${name}'` : undefined);
    }
    layers.push(readPlainYaml(text, name));
    read.push(name);
  }
  if (!layers.length) throw new UsageError(`none of the files ${files.join(', ')} exists: nothing to apply`);
  let merged = layers[0]!;
  // An empty file among several adds nothing; alone, it is refused as empty.
  for (const layer of layers.slice(1)) merged = layer.value === null || layer.value === undefined ? merged : merged.value === null || merged.value === undefined ? layer : mergeLayers(merged, layer, []);
  substituteEnv(ctx, merged, problems);
  return { ...merged, where: read.length === 1 ? read[0]! : `the instance files (${read.join(', ')})` };
}
