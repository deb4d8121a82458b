// Names forgectl does not know, judged against the instance's own answer: a name the instance
// reports is a real setting (instances have more than the model), a name close to a known one is a
// typo and is refused unless the user insists, any other name passes with a warning.

import { SETTINGS } from '../../api/settings-model.js';
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
