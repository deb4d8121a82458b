// Values the shells complete that the command tree does not carry: names from the models (setting
// and plan-limit names, state sections, deployment tiers). Loaded only to write completion scripts.

import { TIERS } from '../api/environments.js';
import { PLAN_LIMIT_KEYS } from '../api/settings.js';
import { SETTINGS, SETTING_ALIASES } from '../api/settings-model.js';
import { SECTIONS } from '../api/state-sections.js';
import { FINDINGS } from '../api/token-findings.js';

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

/** The values a setting takes that can be listed: true/false for a switch, a choice's values. */
function settingValues(): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  const listed = (key: string): readonly string[] | undefined => {
    const def = SETTINGS[key]!;
    if (def.readOnly || def.replacement) return undefined;
    if (def.type === 'boolean') return ['true', 'false'];
    return def.values?.map(String);
  };
  for (const key of Object.keys(SETTINGS)) {
    const values = listed(key);
    if (values) out[key] = values;
  }
  for (const [spec, service] of Object.entries(SETTING_ALIASES)) if (out[service]) out[spec] = out[service];
  return out;
}

/** `command path` of KEY=VALUE arguments → KEY → the values completed after `KEY=`. */
export const ASSIGNMENT_VALUES: Readonly<Partial<Record<string, () => Record<string, readonly string[]>>>> = {
  'settings set': settingValues,
};

/** `command path|--flag` → the values of that flag (a comma-separated list: its first item). */
export const FLAG_VALUES: Readonly<Partial<Record<string, () => readonly string[]>>> = {
  'state export|--only': () => SECTIONS,
  'token revoke|--where': () => FINDINGS,
  'token rotate|--where': () => FINDINGS,
};
