// Turning `KEY=VALUE` arguments and settings files into typed JSON by the settings model, checked
// before anything is sent: deprecated and read-only names, types, bounds. Unknown names are judged
// once the instance has answered (names.ts).

import { SETTINGS, canonicalSetting, checkBounds, type SettingDef } from '../../api/settings-model.js';
import { UsageError } from '../../core/errors.js';
import { boundedInput, readInputFile } from '../../core/input-file.js';
import { MASK } from '../../core/output.js';
import { parseBoolean, parseInteger, parseList, parseNumber } from '../../core/parse.js';
import { isSecretKey } from '../../core/redact.js';
import { parseSize } from '../../core/sizes.js';
import { parsePlainYaml } from './plain-yaml.js';
import { cannotRead } from '../../core/fs-errors.js';

export interface Notes {
  warn(message: string): void;
  notice(message: string): void;
}

export interface TypedEntries {
  values: Record<string, unknown>;
  /** Keys whose value must still be read from stdin or a hidden prompt (`KEY=-`). */
  fromStdin: string[];
}

/** What the typed values are for: `settings set` sends them, `settings diff` only compares them. */
export type Purpose = 'send' | 'compare';

export const AS_GIVEN: Record<Purpose, { verb: string; doing: string; done: string }> = {
  send: { verb: 'send', doing: 'sending', done: 'sent' },
  compare: { verb: 'compare', doing: 'comparing', done: 'compared' },
};

/**
 * Resolves aliases and says what is special about a name; throws for unknown keys under --strict.
 * `alongside` holds the other names given: a deprecated name given with its replacement (as the
 * instance reports both in `settings get`) needs no warning.
 */
export function resolveKey(raw: string, where: string, strict: boolean, notes: Notes, purpose: Purpose = 'send', alongside: ReadonlySet<string> = new Set()): { key: string; def?: SettingDef } {
  const { done } = AS_GIVEN[purpose];
  const key = canonicalSetting(raw.trim());
  if (!key || !/^[a-z0-9_]+$/.test(key)) throw new UsageError(`${where ? `${where}: ` : ''}invalid setting name ${JSON.stringify(raw)}`);
  const def = SETTINGS[key];
  if (!def) {
    if (strict) throw new UsageError(`${where ? `${where}: ` : ''}unknown setting ${key}`, `check the name in \`forgectl settings get\`; without --strict unknown settings are ${done} as given`);
    return { key };
  }
  if (def.replacement && !alongside.has(def.replacement)) notes.warn(`${key} is deprecated; use ${def.replacement}`);
  return { key, def };
}

/** `where` is the file a value came from; empty for command-line arguments. */
function at(where: string, key: string): string {
  return where ? `${where}: ${key}` : key;
}

function fail(where: string, key: string, why: string): never {
  throw new UsageError(`${at(where, key)} ${why}`);
}

/** A raw command-line string typed by the definition (or guessed for unknown keys). */
export function typeArgValue(key: string, raw: string, def: SettingDef | undefined, where: string): unknown {
  const flag = at(where, key);
  if (!def) {
    const s = raw.trim();
    if (s === 'true' || s === 'false') return s === 'true';
    if (/^-?\d+$/.test(s) && Number.isSafeInteger(Number(s))) return Number(s);
    if (/^[[{]/.test(s)) return parseStructured(flag, s);
    return raw;
  }
  switch (def.type) {
    case 'boolean':
      return parseBoolean(flag, raw);
    case 'integer':
      if (raw.trim() === 'null' || raw.trim() === '') return null;
      return def.size ? parseSize(flag, raw, def.size) : parseInteger(flag, raw);
    case 'number':
      return raw.trim() === 'null' || raw.trim() === '' ? null : parseNumber(flag, raw);
    case 'string':
      return def.trimmed ? raw.trim() : raw;
    case 'array': {
      const s = raw.trim();
      if (s.startsWith('[')) return typeFileValue(key, parseStructured(flag, s), def, where);
      return parseList(s);
    }
    case 'object': {
      const v = parseStructured(flag, raw.trim());
      if (!v || typeof v !== 'object' || Array.isArray(v)) fail(where, key, 'must be an object, e.g. {"default": 100}');
      return v;
    }
  }
}

function parseStructured(flag: string, s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    throw new UsageError(`${flag} must be valid JSON, got ${JSON.stringify(s)}`);
  }
}

/** A value from a YAML/JSON file typed by the definition; strings are accepted where the flag form is. */
export function typeFileValue(key: string, v: unknown, def: SettingDef | undefined, where: string): unknown {
  if (!def || v === null) return v;
  const flag = at(where, key);
  switch (def.type) {
    case 'boolean':
      if (typeof v === 'boolean') return v;
      if (typeof v === 'string') return parseBoolean(flag, v);
      return fail(where, key, `must be true or false, got ${JSON.stringify(v)}`);
    case 'integer':
      if (typeof v === 'number' && Number.isInteger(v)) return Number.isSafeInteger(v) ? v : fail(where, key, `is out of range: ${v}`);
      if (typeof v === 'string') return def.size ? parseSize(flag, v, def.size) : parseInteger(flag, v);
      return fail(where, key, `must be an integer, got ${JSON.stringify(v)}`);
    case 'number':
      if (typeof v === 'number') return v;
      if (typeof v === 'string') return parseNumber(flag, v);
      return fail(where, key, `must be a number, got ${JSON.stringify(v)}`);
    case 'string':
      if (typeof v === 'string') return def.trimmed ? v.trim() : v;
      if (typeof v === 'number' || typeof v === 'boolean') return String(v);
      return fail(where, key, `must be a string, got ${JSON.stringify(v)}`);
    case 'array':
      if (Array.isArray(v) && v.every((x) => ['string', 'number'].includes(typeof x))) return v.map(String);
      if (typeof v === 'string') return parseList(v);
      return fail(where, key, `must be a list of strings, got ${JSON.stringify(v)}`);
    case 'object':
      if (typeof v === 'object' && !Array.isArray(v)) return v;
      return fail(where, key, `must be an object, got ${JSON.stringify(v)}`);
  }
}

function checkValue(key: string, value: unknown, def: SettingDef | undefined, where: string): void {
  if (!def) return;
  const why = checkBounds(def, value);
  if (why) fail(where, key, why);
}

/** `KEY=VALUE` arguments. A secret given on the command line is refused: `KEY=-` reads it safely. */
export function typeArgs(args: string[], strict: boolean, notes: Notes): TypedEntries {
  const out: TypedEntries = { values: {}, fromStdin: [] };
  for (const arg of args) {
    const eq = arg.indexOf('=');
    if (eq <= 0) throw new UsageError(`expected KEY=VALUE, got ${JSON.stringify(arg)}`, 'e.g. forgectl settings set signup_enabled=false');
    const { key, def } = resolveKey(arg.slice(0, eq), '', strict, notes);
    if (def?.readOnly) throw new UsageError(`${key} is read-only`);
    const raw = arg.slice(eq + 1);
    // An empty value clears a secret and reveals nothing.
    if (isSecretKey(key) && raw !== '') {
      if (raw !== '-') {
        throw new UsageError(
          `${key} is a secret and is not taken from the command line (other users can read it in the process list)`,
          `give ${key}=- to read it from standard input or a hidden prompt, or put it in a -f file`,
        );
      }
      out.fromStdin.push(key);
      continue;
    }
    const value = typeArgValue(key, raw, def, '');
    checkValue(key, value, def, '');
    // A key twice with two values is a mistake, not "last wins".
    if (key in out.values && JSON.stringify(out.values[key]) !== JSON.stringify(value)) {
      throw new UsageError(`${key} is given twice with two values (${JSON.stringify(out.values[key])} and ${JSON.stringify(value)})`, 'give each setting once');
    }
    out.values[key] = value;
  }
  if (out.fromStdin.length > 1) throw new UsageError(`only one secret can be read from standard input at a time; got ${out.fromStdin.join(', ')}`, 'put the others in a -f file');
  return out;
}

/** Where a settings file came from, as messages name it: `-f -` is standard input. */
export function fileLabel(path: string): string {
  return path === '-' ? 'standard input' : path;
}

/** Reads a YAML or JSON mapping of settings from a file, or from standard input for `-`. */
export async function readSettingsSource(path: string, readStdin: (what: string) => Promise<string>): Promise<Record<string, unknown>> {
  if (path === '-') return parseSettingsText(boundedInput(await readStdin('the settings'), fileLabel(path)), fileLabel(path));
  return readSettingsFile(path);
}

/** Reads a YAML or JSON mapping of settings. */
export function readSettingsFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readInputFile(path);
  } catch (e) {
    throw cannotRead(path, e);
  }
  return parseSettingsText(text, path);
}

export function parseSettingsText(text: string, where: string): Record<string, unknown> {
  const doc = parsePlainYaml(text, where);
  // An empty file (a failed `settings get -o yaml > f`) would pass as "no difference" in a diff.
  if (doc === null || doc === undefined) throw new UsageError(`${where} is empty (or null)`, 'give a mapping of setting names to values');
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new UsageError(`${where} must hold a mapping of setting names to values`);
  return doc as Record<string, unknown>;
}

/** The secrets of a file that hold the mask `settings get` prints instead of their value. */
export function maskedSecrets(doc: Record<string, unknown>): string[] {
  return Object.entries(doc)
    .filter(([rawKey, v]) => v === MASK && isSecretKey(canonicalSetting(rawKey.trim())))
    .map(([rawKey]) => canonicalSetting(rawKey.trim()));
}

/**
 * File entries typed by the model. What a `settings get` dump holds besides settings to write is
 * skipped without a word — read-only keys (id, timestamps), secrets still masked, deprecated names
 * next to their replacement — so get → edit → set -f (or diff -f) round-trips.
 */
export function typeFile(doc: Record<string, unknown>, where: string, strict: boolean, notes: Notes, purpose: Purpose = 'send'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const names = new Set(Object.keys(doc).map((k) => canonicalSetting(k.trim())));
  const masked = new Set(maskedSecrets(doc));
  for (const [rawKey, rawValue] of Object.entries(doc)) {
    const { key, def } = resolveKey(rawKey, where, strict, notes, purpose, names);
    if (def?.readOnly) continue;
    if (rawValue === MASK && masked.has(key)) continue;
    const value = typeFileValue(key, rawValue, def, where);
    checkValue(key, value, def, where);
    out[key] = value;
  }
  return out;
}
