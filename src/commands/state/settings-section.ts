// The `settings:` section: typed and checked by the settings model and the §2.7 rules exactly as
// `settings set -f` checks them; secret settings are references, compared but never shown.

import type { Context } from '../../context.js';
import { getSettings, updateSettings, type Settings } from '../../api/settings.js';
import { SETTINGS } from '../../api/settings-model.js';
import { UsageError } from '../../core/errors.js';
import { MASK } from '../../core/output.js';
import { isSecretKey } from '../../core/redact.js';
import { checkSettingRules } from '../settings/rules.js';
import { asWritten, checkUnknownNames, instanceNaming, modelNamed } from '../settings/names.js';
import { sameSetting } from '../settings/run.js';
import { typeFile, type Notes } from '../settings/values.js';
import { isSecretRef, resolveSecret } from './references.js';
import type { PlanItem } from './plan.js';

export interface SettingsOptions {
  strict?: boolean;
  allowUnknown?: boolean;
}

/** The file's settings typed, their references resolved and the rules the values alone break checked. */
export async function prepareSettings(ctx: Context, raw: Record<string, unknown>, where: string, o: SettingsOptions, notes: Notes): Promise<Settings> {
  const plain: Record<string, unknown> = {};
  const secrets: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (isSecretRef(value)) {
      if (!isSecretKey(key)) throw new UsageError(`${where}: settings.${key} is not a secret setting; give its value, not a reference`);
      secrets[key] = await resolveSecret(ctx, value, `settings.${key}`);
    } else if (isSecretKey(key) && value !== null && value !== '') {
      throw new UsageError(`${where}: settings.${key} is a secret and is not written in the file`, `give it as {env: NAME} or {command: "…"}`);
    } else plain[key] = value;
  }
  const typed = { ...typeFile(plain, where, !!o.strict, notes), ...modelNamed(secrets) };
  checkSettingRules(typed);
  // Keyed as written: which name is sent depends on what the instance reports (planSettings).
  return asWritten(typed, Object.keys(raw));
}

function shown(key: string, v: unknown): unknown {
  return isSecretKey(key) && v !== null && v !== undefined && v !== '' ? MASK : v;
}

export function planSettings(written: Settings, reported: Settings, o: SettingsOptions, notes: Notes): PlanItem[] {
  const naming = instanceNaming(reported, Object.keys(written), notes);
  const [wanted, current] = [modelNamed(written), naming.current];
  checkUnknownNames(Object.keys(wanted), current, { purpose: 'send', allowUnknown: !!o.allowUnknown, notes });
  checkSettingRules(wanted, current);
  const changed = Object.fromEntries(Object.entries(wanted).filter(([k, v]) => !sameSetting(current[k], v)));
  if (!Object.keys(changed).length) return [];
  // The companions a changed switch needs travel in the same request (the service wants them so).
  const carried = checkSettingRules(changed, { ...current, ...wanted });
  return [
    {
      resource: 'settings',
      identity: 'application settings',
      action: 'update',
      changes: Object.entries(changed).map(([key, after]) => ({ key: naming.name(key), before: shown(key, current[key]), after: shown(key, after) })),
      write: async (http) => {
        await updateSettings(http, naming.toInstance({ ...changed, ...carried }));
      },
    },
  ];
}

/** What `export` writes: the writable, non-secret settings, in the order the instance lists them. */
export function exportSettings(current: Settings): { settings: Settings; secrets: string[] } {
  const settings: Settings = {};
  const secrets: string[] = [];
  for (const [key, value] of Object.entries(current)) {
    const def = SETTINGS[key];
    if (def?.readOnly || def?.replacement) continue;
    if (isSecretKey(key)) {
      if (value !== null && value !== '' && value !== undefined) secrets.push(key);
      continue;
    }
    settings[key] = value;
  }
  return { settings, secrets };
}

export { getSettings };
