// The `settings:` section: typed and checked by the settings model and the §2.7 rules exactly as
// `settings set -f` checks them; secret settings are references, compared but never shown.

import { getSettings, type Settings } from '../../api/settings.js';
import { COMPANION_RULES, SETTINGS, canonicalSetting } from '../../api/settings-model.js';
import { UsageError } from '../../core/errors.js';
import { isSecretKey } from '../../core/redact.js';
import { checkSettingRules, type CompanionsHint } from '../settings/rules.js';
import type { FileProblems, Place } from '../../core/file-problems.js';
import { asWritten, checkUnknownNames, instanceNaming, modelNamed } from '../settings/names.js';
import { masked, type SentChange } from '../settings/answer.js';
import { sameValue } from '../../core/same-value.js';
import { typeFile, type Notes } from '../settings/values.js';
import type { SecretRef } from './model.js';
import { isSecretRef } from './references.js';
import type { ItemBuilder, ResolveRef, SecretSlot, ShownItem, WriteOp } from './plan.js';

export interface SettingsOptions {
  strict?: boolean;
  allowUnknown?: boolean;
}

/** The file's settings: values to compare (references resolved) and the references, which writes carry. */
export interface WantedSettings {
  values: Settings;
  refs: Record<string, SecretRef>;
}

/** Where the file's problems go, and where a setting stands in it (`settings` merged from several files). */
export interface SettingsProblems {
  problems: FileProblems;
  at: (path: readonly (string | number)[]) => Place | undefined;
  /** A number as the file wrote it: YAML 1.1 tools write the string `1e3` plain, which reads as a number. */
  written: (path: readonly (string | number)[]) => string | undefined;
}

const silent: Notes = { warn: () => undefined, notice: () => undefined };

/** Missing companions are added to the file's settings, not given as arguments. */
const inFile: CompanionsHint = (missing) => `add ${missing.join(' and ')} to settings`;

/** A refusal of one setting, placed at it and named by its path (`settings.max_attachment_size`). */
function settingProblem(into: SettingsProblems, key: string, err: unknown): void {
  const path = `settings.${key}`;
  into.problems.addError(err, into.at(['settings', key]), path);
  const added = into.problems.items.at(-1);
  // The typing names the key alone (as for an argument): name its place in the document.
  if (added && added.path === path && added.text.startsWith(key)) added.text = `settings.${added.text}`;
}

/** A rule's refusal as a problem of the file: at the switch it names, worded as the file writes it. */
export function addRuleProblem(into: Pick<SettingsProblems, 'problems' | 'at'>, err: unknown): void {
  const key = err instanceof Error ? (/^(\w+)/.exec(err.message)?.[1] ?? '') : '';
  into.problems.addError(err, into.at(['settings', key]), `settings.${key}`);
  const added = into.problems.items.at(-1);
  if (added) added.text = added.text.replace(`${key}=true `, `settings.${key}: true `);
}

/**
 * The file's settings typed, their references resolved and the rules the values alone break checked.
 * With `into`, every refused setting is one problem there (and left out of the result); without, the
 * first is thrown. With `skipped` (--no-secrets), secret settings are left out of the comparison and
 * named there.
 */
export async function prepareSettings(raw: Record<string, unknown>, where: string, o: SettingsOptions, notes: Notes, resolve: ResolveRef, into?: SettingsProblems, skipped?: string[]): Promise<WantedSettings> {
  const refs: Record<string, SecretRef> = {};
  const refuse = (key: string, err: unknown) => {
    if (!into) throw err;
    settingProblem(into, key, err);
  };
  const plain: Record<string, unknown> = {};
  const secrets: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (isSecretRef(value)) {
      if (!isSecretKey(key)) refuse(key, new UsageError(`${into ? '' : `${where}: `}settings.${key} is not a secret setting; give its value, not a reference`));
      else if (skipped) skipped.push(`settings.${key}`);
      else {
        try {
          refs[key] = value;
          secrets[key] = await resolve(value, `settings.${key}`);
        } catch (err) {
          refuse(key, err);
        }
      }
    } else if (isSecretKey(key) && value !== null && value !== '') {
      refuse(key, new UsageError(`${into ? '' : `${where}: `}settings.${key} is a secret and is not written in the file`, `give it as {env: NAME} or {command: "…"}`));
    } else if (typeof value === 'number' && SETTINGS[canonicalSetting(key)]?.type === 'string') plain[key] = into?.written(['settings', key]) ?? value;
    else plain[key] = value;
  }
  let typed: Record<string, unknown>;
  try {
    typed = { ...typeFile(plain, where, !!o.strict, notes), ...modelNamed(secrets) };
  } catch (err) {
    if (!into) throw err;
    // Setting by setting, to find each one refused (the notes were given by the whole pass).
    typed = modelNamed(secrets);
    for (const [key, value] of Object.entries(plain)) {
      try {
        Object.assign(typed, typeFile({ [key]: value }, '', !!o.strict, silent));
      } catch (e) {
        refuse(key, e);
      }
    }
  }
  try {
    checkSettingRules(typed, undefined, inFile);
  } catch (err) {
    if (!into) throw err;
    addRuleProblem(into, err);
  }
  // Keyed as written: which name is sent depends on what the instance reports (planSettings).
  return { values: asWritten(typed, Object.keys(raw)), refs: modelNamed(refs) as Record<string, SecretRef> };
}

const isSet = (v: unknown) => v !== null && v !== undefined && v !== '';

export function planSettings(file: WantedSettings, reported: Settings, o: SettingsOptions, notes: Notes): ShownItem[] {
  const naming = instanceNaming(reported, Object.keys(file.values), notes);
  const [wanted, current] = [modelNamed(file.values), naming.current];
  checkUnknownNames(Object.keys(wanted), current, { purpose: 'send', allowUnknown: !!o.allowUnknown, notes });
  checkSettingRules(wanted, current, inFile);
  const changed = Object.fromEntries(Object.entries(wanted).filter(([k, v]) => !sameValue(current[k], v)));
  if (!Object.keys(changed).length) return [];
  // The companions a changed switch needs travel in the same request (the service wants them so).
  const carried = checkSettingRules(changed, { ...current, ...wanted });
  return [
    {
      resource: 'settings',
      identity: SETTINGS_IDENTITY,
      action: 'update',
      // Names as the instance reports them: what is compared again, sent and confirmed. A secret shows its reference.
      changes: Object.entries(changed).map(([key, after]) => ({ key: naming.name(key), before: masked(key, current[key]) ?? null, after: file.refs[key] ?? masked(key, after), ...(isSecretKey(key) ? { secret: true } : {}) })),
      // The carried companions too: a saved plan sends them as read, so one that moved is a change.
      observed: { values: Object.fromEntries(Object.keys({ ...changed, ...carried }).map((k) => [naming.name(k), masked(k, current[k]) ?? null])) },
    },
  ];
}

export const SETTINGS_IDENTITY = 'application settings';

/** The one write of settings (`state apply` and `settings set`): what changes and its companions, in one request, confirmed by the answer. */
export function settingsWrite(body: Record<string, unknown>, confirm: SentChange[]): WriteOp {
  return { action: 'update', method: 'PUT', path: '/application/settings', body, confirm };
}

/** The companions `changed` may carry: those of the rules its switches are. */
function companionsOf(changed: readonly string[]): Set<string> {
  const switches = new Set(changed.map(canonicalSetting));
  return new Set(COMPANION_RULES.filter((r) => switches.has(r.when)).flatMap((r) => [...r.requires, ...(r.orElse ?? [])]));
}

/** What was read but not changed: the companions carried with a switch, as the instance holds them. */
function carriedOf(item: ShownItem): [string, unknown][] {
  const changed = new Set(item.changes.map((c) => c.key));
  return Object.entries(item.observed.values ?? {}).filter(([k]) => !changed.has(k));
}

/** A secret travels as its reference, or as "what the instance holds" for a carried companion. */
function sentSetting(key: string, value: unknown): unknown {
  if (isSecretRef(value)) return { $secret: value, for: `settings.${key}` } satisfies SecretSlot;
  return isSecretKey(key) && isSet(value) ? ({ $secret: { setting: key }, for: `settings.${key}` } satisfies SecretSlot) : value;
}

export const settingsBuilder: ItemBuilder = {
  actions: ['update'],
  check(item) {
    if (item.identity !== SETTINGS_IDENTITY) throw new UsageError(`settings are named ${JSON.stringify(SETTINGS_IDENTITY)}`);
    for (const c of item.changes) {
      if (!!c.secret !== isSecretKey(c.key)) throw new UsageError(`settings.${c.key} ${c.secret ? 'is not a secret setting' : 'is a secret setting: its change shows only its reference'}`);
      if (!c.secret) typeFile({ [c.key]: c.after }, '', false, silent);
    }
    const allowed = companionsOf(item.changes.map((c) => c.key));
    const stray = carriedOf(item).find(([k]) => !allowed.has(canonicalSetting(k)));
    if (stray) throw new UsageError(`settings.${stray[0]} is read but neither changed nor carried by a changed switch`);
  },
  writes(item) {
    const body = Object.fromEntries([...item.changes.map((c) => [c.key, sentSetting(c.key, c.after)] as const), ...carriedOf(item).map(([k, v]) => [k, sentSetting(k, v)] as const)]);
    const confirm = item.changes.map((c) => ({ key: c.key, before: c.secret ? null : c.before, after: sentSetting(c.key, c.after) }));
    return [settingsWrite(body, confirm)];
  },
  read: () => ({ path: '/application/settings' }),
  lines: (item) => carriedOf(item).map(([k, v]) => `${k}: ${JSON.stringify(v)} (sent with the switch, as the instance holds it)`),
};

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
