// Setting names judged against the instance's own answer. A name forgectl does not know: one the
// instance reports is a real setting (instances have more than the model), one close to a known one
// is a typo and is refused unless the user insists, any other passes with a warning. A name the spec
// and the service spell differently is sent and shown as the instance reports it (instanceNaming).

import { SETTINGS, SETTING_ALIASES, canonicalSetting } from '../../api/settings-model.js';
import { UsageError } from '../../core/errors.js';
import { nearest } from '../../core/nearest.js';
import { AS_GIVEN, type Notes, type Purpose } from './values.js';

/** Setting names are long and made of words: a typo is a couple of letters, a few more in a long name. */
const SETTING_TYPO = (word: string) => Math.max(2, Math.floor(word.length / 6));

export interface UnknownNameOptions {
  purpose: Purpose;
  /** --allow-unknown: a name near a known one is sent (or compared) as given, with the warning. */
  allowUnknown: boolean;
  notes: Notes;
  /** The file the names came from, when they all did. */
  where?: string;
}

/** The setting `name` was probably meant to be, if it is not a setting itself. */
export function meantSetting(name: string, reported: Record<string, unknown>, candidates = settingNames(reported)): string | undefined {
  if (name in SETTINGS || name in reported) return undefined;
  return nearest(name, candidates, SETTING_TYPO);
}

/** Every name a typo may have meant: forgectl's and the instance's. */
function settingNames(reported: Record<string, unknown>): Set<string> {
  return new Set([...Object.keys(SETTINGS), ...Object.keys(reported)]);
}

/** Reading sends nothing: a name further off than a typo is still worth suggesting. */
const READ_GUESS = (word: string) => Math.max(2, Math.floor(word.length / 2));

/**
 * Refuses (exit 2) a name to read that neither forgectl nor the instance knows, with the nearest
 * name when one is near enough to be meant.
 */
export function checkReadableNames(names: Iterable<string>, reported: Record<string, unknown>): void {
  for (const name of names) {
    if (canonicalSetting(name) in SETTINGS || name in reported) continue;
    const meant = nearest(name, settingNames(reported), READ_GUESS);
    throw new UsageError(
      `unknown setting ${name}${meant ? `: did you mean ${meant}?` : ' (forgectl does not know it and this instance does not report it)'}`,
      '`forgectl settings get` lists every setting the instance reports',
    );
  }
}

/** Throws a UsageError for the first likely typo; warns about the other unknown names. */
export function checkUnknownNames(names: Iterable<string>, reported: Record<string, unknown>, o: UnknownNameOptions): void {
  const { doing, verb } = AS_GIVEN[o.purpose];
  const unknown = [...names].filter((k) => !(k in SETTINGS) && !(k in reported));
  const candidates = settingNames(reported);
  for (const k of unknown) {
    const meant = meantSetting(k, reported, candidates);
    if (meant && !o.allowUnknown) {
      throw new UsageError(`${o.where ? `${o.where}: ` : ''}unknown setting ${k}: did you mean ${meant}?`, `to ${verb} ${k} as given all the same, add --allow-unknown`);
    }
  }
  for (const k of unknown) {
    o.notes.warn(`${k} is not a setting forgectl knows; ${doing} it as given (this instance does not report it either)`);
  }
}

/** The service's identifier → the spec's name: the model is keyed by the service's identifiers. */
const SPEC_NAMES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(SETTING_ALIASES).map(([spec, service]) => [service, spec]));

/**
 * A setting's names resolved against the instance's own GET /application/settings. forgectl types,
 * checks and compares under the model's names; what goes to and comes from the instance is under
 * the name the instance reports (the service's `akismet_enabled` or the spec's `spam_service_enabled`).
 */
export interface InstanceNaming {
  /** The instance's settings under the model's names. */
  current: Record<string, unknown>;
  /** The name the instance knows a setting by: the one it reports; when it reports neither, the one written. */
  name(key: string): string;
  /** Values (a request body) under the instance's names. */
  toInstance(values: Record<string, unknown>): Record<string, unknown>;
  /** An answer of the instance under the model's names. */
  fromInstance(answer: Record<string, unknown>): Record<string, unknown>;
}

/** Settings under the model's names (a file or answer may use either). */
export function modelNamed(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const model = canonicalSetting(k);
    out[model !== k && model in values ? k : model] = v;
  }
  return out;
}

/** Typed values (under the model's names) keyed again as the user wrote them. */
export function asWritten(values: Record<string, unknown>, written: Iterable<string>): Record<string, unknown> {
  const spelled = new Map([...written].map((w) => [canonicalSetting(w.trim()), w.trim()]));
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [spelled.get(k) ?? k, v]));
}

/**
 * Resolves the names the user wrote (`written`, as given) against what the instance reports; a name
 * written one way and sent the other is noted.
 */
export function instanceNaming(reported: Record<string, unknown>, written: Iterable<string> = [], notes?: Notes, purpose: Purpose = 'send'): InstanceNaming {
  const writtenSet = new Set([...written].map((w) => w.trim()));
  const name = (key: string): string => {
    if (key in reported) return key;
    const spec = SPEC_NAMES[key];
    if (spec && (spec in reported || writtenSet.has(spec))) return spec;
    return key;
  };
  if (notes) {
    for (const w of writtenSet) {
      const sent = name(canonicalSetting(w));
      if (sent !== w) notes.notice(`note: ${w} is called ${sent} by this instance; ${AS_GIVEN[purpose].doing} ${sent}`);
    }
  }
  return {
    current: modelNamed(reported),
    name,
    toInstance: (values) => Object.fromEntries(Object.entries(values).map(([k, v]) => [name(k), v])),
    fromInstance: modelNamed,
  };
}
