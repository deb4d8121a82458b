// Values the shells complete that the command tree does not carry: names from the models (setting
// and plan-limit names, state sections, deployment tiers). Loaded only to write completion scripts.

import { TIERS } from '../api/environments.js';
import { PLAN_LIMIT_KEYS } from '../api/settings.js';
import { SETTINGS, SETTING_ALIASES } from '../api/settings-model.js';
import { SECTIONS } from '../commands/state/model.js';

/** The names a setting is written by: the model's writable ones (not the deprecated), and the spec's names. */
function settingNames(): string[] {
  return [...Object.keys(SETTINGS).filter((k) => !SETTINGS[k]!.readOnly && !SETTINGS[k]!.replacement), ...Object.keys(SETTING_ALIASES)].sort();
}

/** `command path|argument name` → the values of that argument. */
export const ARGUMENT_VALUES: Readonly<Partial<Record<string, () => readonly string[]>>> = {
  'settings get|keys': settingNames,
  'settings set|assignments': settingNames,
  'plan-limits set|assignments': () => PLAN_LIMIT_KEYS,
  'envs get|tier': () => TIERS,
  'envs protect|tier': () => TIERS,
  'envs update|tier': () => TIERS,
  'envs unprotect|tier': () => TIERS,
};

/** `command path|--flag` → the values of that flag (a comma-separated list: its first item). */
export const FLAG_VALUES: Readonly<Partial<Record<string, () => readonly string[]>>> = {
  'state export|--only': () => SECTIONS,
};
