// The `settings:` section: typed and checked by the settings model and the §2.7 rules exactly as
// `settings set -f` checks them; secret settings are references, compared but never shown.

import { getSettings, type Settings } from '../../api/settings.js';
import { SETTINGS } from '../../api/settings-model.js';
import { UsageError } from '../../core/errors.js';
import { MASK } from '../../core/output.js';
import { isSecretKey } from '../../core/redact.js';
import { checkSettingRules } from '../settings/rules.js';
import { asWritten, checkUnknownNames, instanceNaming, modelNamed } from '../settings/names.js';
import { sameSetting } from '../settings/answer.js';
import { typeFile, type Notes } from '../settings/values.js';
import type { SecretRef } from './model.js';
import { isSecretRef } from './references.js';
import type { PlanItem, ResolveRef, SecretSlot } from './plan.js';

export interface SettingsOptions {
  strict?: boolean;
  allowUnknown?: boolean;
}

/** The file's settings: values to compare (references resolved) and the references, which writes carry. */
export interface WantedSettings {
  values: Settings;
  refs: Record<string, SecretRef>;
}

/** The file's settings typed, their references resolved and the rules the values alone break checked. */
/** With `skipped` (--no-secrets), secret settings are left out of the comparison and named there. */
export async function prepareSettings(raw: Record<string, unknown>, where: string, o: SettingsOptions, notes: Notes, resolve: ResolveRef, skipped?: string[]): Promise<WantedSettings> {
  const refs: Record<string, SecretRef> = {};
  const plain: Record<string, unknown> = {};
  const secrets: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (isSecretRef(value)) {
      if (!isSecretKey(key)) throw new UsageError(`${where}: settings.${key} is not a secret setting; give its value, not a reference`);
      if (skipped) {
        skipped.push(`settings.${key}`);
        continue;
      }
      refs[key] = value;
      secrets[key] = await resolve(value, `settings.${key}`);
    } else if (isSecretKey(key) && value !== null && value !== '') {
      throw new UsageError(`${where}: settings.${key} is a secret and is not written in the file`, `give it as {env: NAME} or {command: "…"}`);
    } else plain[key] = value;
  }
  const typed = { ...typeFile(plain, where, !!o.strict, notes), ...modelNamed(secrets) };
  checkSettingRules(typed);
  // Keyed as written: which name is sent depends on what the instance reports (planSettings).
  return { values: asWritten(typed, Object.keys(raw)), refs: modelNamed(refs) as Record<string, SecretRef> };
}

function shown(key: string, v: unknown): unknown {
  return isSecretKey(key) && v !== null && v !== undefined && v !== '' ? MASK : v;
}

const isSet = (v: unknown) => v !== null && v !== undefined && v !== '';

export function planSettings(file: WantedSettings, reported: Settings, o: SettingsOptions, notes: Notes): PlanItem[] {
  const naming = instanceNaming(reported, Object.keys(file.values), notes);
  const [wanted, current] = [modelNamed(file.values), naming.current];
  checkUnknownNames(Object.keys(wanted), current, { purpose: 'send', allowUnknown: !!o.allowUnknown, notes });
  checkSettingRules(wanted, current);
  const changed = Object.fromEntries(Object.entries(wanted).filter(([k, v]) => !sameSetting(current[k], v)));
  if (!Object.keys(changed).length) return [];
  // The companions a changed switch needs travel in the same request (the service wants them so).
  const carried = checkSettingRules(changed, { ...current, ...wanted });
  // A secret travels as its reference, or as "what the instance holds" for a carried companion.
  const sent = (key: string, v: unknown): unknown => {
    const ref = file.refs[key];
    if (ref) return { $secret: ref, for: `settings.${key}` } satisfies SecretSlot;
    return isSecretKey(key) && isSet(v) ? ({ $secret: { setting: naming.name(key) }, for: `settings.${key}` } satisfies SecretSlot) : v;
  };
  const body = Object.fromEntries(Object.entries({ ...changed, ...carried }).map(([k, v]) => [k, sent(k, v)]));
  return [
    {
      resource: 'settings',
      identity: 'application settings',
      action: 'update',
      // Names as the instance reports them: what is compared again, sent and confirmed.
      changes: Object.entries(changed).map(([key, after]) => ({ key: naming.name(key), before: shown(key, current[key]), after: shown(key, after), ...(isSecretKey(key) ? { secret: true } : {}) })),
      observed: { read: '/application/settings', values: Object.fromEntries(Object.keys(changed).map((k) => [naming.name(k), shown(k, current[k]) ?? null])) },
      writes: [
        {
          action: 'update',
          method: 'PUT',
          path: '/application/settings',
          body: naming.toInstance(body),
          confirm: Object.entries(changed).map(([key, after]) => ({ key: naming.name(key), before: isSecretKey(key) ? null : current[key], after: sent(key, after) })),
        },
      ],
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
