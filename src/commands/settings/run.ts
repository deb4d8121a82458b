// `settings get|set|diff`. Every value is typed and checked by the settings model before a request
// is made; secrets are masked in every output unless --show-secrets.

import type { Context } from '../../context.js';
import { getSettings, secretSettingKeys, updateSettings, type Settings } from '../../api/settings.js';
import { SETTINGS, canonicalSetting } from '../../api/settings-model.js';
import { CommandFailedError, UsageError } from '../../core/errors.js';
import { MASK, list, none, object, type Column, type CommandResult } from '../../core/output.js';
import { checkSettingRules } from './rules.js';
import { isSecretSettingName, readSettingsFile, typeArgs, typeFile, type Notes } from './values.js';

export interface GetOptions {
  showSecrets?: boolean;
}

export interface SetOptions {
  file?: string;
  strict?: boolean;
  showSecrets?: boolean;
}

export interface DiffOptions {
  file?: string;
  strict?: boolean;
  showSecrets?: boolean;
}

function notesOf(ctx: Context): Notes {
  return { warn: (m) => ctx.warn(m), notice: (m) => ctx.notice(m) };
}

export async function getSettingsCommand(ctx: Context, o: GetOptions, keys: string[]): Promise<CommandResult> {
  const wanted = keys.map((k) => canonicalSetting(k.trim()));
  for (const k of wanted) if (!/^[a-z0-9_]+$/.test(k)) throw new UsageError(`invalid setting name ${JSON.stringify(k)}`);
  const http = await ctx.http();
  const settings = await getSettings(http);
  let value: Settings = settings;
  if (wanted.length) {
    value = {};
    for (const k of wanted) {
      if (k in settings) value[k] = settings[k];
      else ctx.warn(`${k}: not reported by this instance${SETTINGS[k]?.premium ? ' (a Premium/Ultimate setting)' : ''}`);
    }
    if (!Object.keys(value).length) throw new CommandFailedError('none of the requested settings is reported by this instance');
  }
  return object(value, { maskKeys: o.showSecrets ? undefined : secretSettingKeys(settings) });
}

/** Equal as settings: null, empty string and absent alike; lists compared as sets. */
export function sameSetting(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (empty(a) && empty(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const key = (x: unknown) => JSON.stringify(x);
    const sa = a.map(key).sort();
    const sb = b.map(key).sort();
    return sa.every((x, i) => x === sb[i]);
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a as object);
    const kb = Object.keys(b as object);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => sameSetting((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}

function shown(key: string, v: unknown, showSecrets: boolean): unknown {
  return !showSecrets && isSecretSettingName(key) && v !== null && v !== undefined && v !== '' ? MASK : v;
}

interface Change {
  key: string;
  before: unknown;
  after: unknown;
}

const CHANGE_COLUMNS: Column<Change>[] = [{ key: 'key', header: 'setting' }, { key: 'before' }, { key: 'after' }];

function arrow(c: Change): string {
  const s = (v: unknown) => (v === undefined ? '(unset)' : JSON.stringify(v));
  return `${c.key}: ${s(c.before)} → ${s(c.after)}`;
}

async function readSecret(ctx: Context, key: string): Promise<string> {
  if (ctx.interactive) {
    const v = await ctx.prompt.password(`Value of ${key} (hidden):`);
    if (!v) throw new UsageError(`no value given for ${key}`);
    ctx.redactor.add(v);
    return v;
  }
  return ctx.readSecretFromStdin(key);
}

export async function setSettingsCommand(ctx: Context, o: SetOptions, args: string[]): Promise<CommandResult> {
  const notes = notesOf(ctx);
  if (!args.length && !o.file) throw new UsageError('nothing to set', 'give KEY=VALUE arguments or -f FILE');
  // File first, then arguments: an argument overrides the same key in the file.
  const fromFile = o.file ? typeFile(readSettingsFile(o.file), o.file, !!o.strict, notes) : {};
  const fromArgs = typeArgs(args, !!o.strict, notes);
  const sent: Record<string, unknown> = { ...fromFile, ...fromArgs.values };
  for (const key of fromArgs.fromStdin) sent[key] = await readSecret(ctx, key);
  // Secrets from a file must not show up in an error or trace either.
  for (const [k, v] of Object.entries(sent)) if (isSecretSettingName(k) && typeof v === 'string') ctx.redactor.add(v);
  checkSettingRules(sent); // what the sent values alone prove wrong, before any request

  const http = await ctx.http();
  const current = await getSettings(http);
  checkSettingRules(sent, current);
  for (const k of Object.keys(sent)) {
    if (SETTINGS[k]?.premium && !(k in current)) ctx.warn(`${k} is a Premium/Ultimate setting this instance does not report; it may be ignored`);
  }

  const changes: Change[] = Object.entries(sent)
    .filter(([k, v]) => !sameSetting(current[k], v))
    .map(([k, v]) => ({ key: k, before: current[k], after: v }));
  if (!changes.length) {
    ctx.notice('Nothing to change: the instance already has these values.');
    return none;
  }
  // Only what changes is sent (a whole `settings get` dump holds ~170 keys, secrets included), plus
  // the companions a changed switch needs in the same request: from the file when it has them,
  // else carried from the instance.
  const changed = Object.fromEntries(changes.map((c) => [c.key, c.after]));
  const carried = checkSettingRules(changed, { ...current, ...sent });
  for (const [k, v] of Object.entries(carried)) {
    if (k in sent) continue;
    ctx.notice(`note: sending ${k}=${JSON.stringify(shown(k, v, !!o.showSecrets))} from the instance, as the service wants it with the switch`);
  }
  const display = changes.map((c) => ({ key: c.key, before: shown(c.key, c.before, !!o.showSecrets), after: shown(c.key, c.after, !!o.showSecrets) }));
  const body = { ...changed, ...carried };
  const updated = await updateSettings(http, body);
  if (!updated) {
    for (const c of display) ctx.notice(`would change ${arrow(c)}`);
    return none;
  }
  // Show what the instance now reports, which is what it actually stored.
  const after = display.map((c) => ({ ...c, after: shown(c.key, c.key in updated ? updated[c.key] : sent[c.key], !!o.showSecrets) }));
  const restart = changes.filter((c) => SETTINGS[c.key]?.restart).map((c) => c.key);
  if (restart.length) ctx.warn(`${restart.join(', ')} ${restart.length > 1 ? 'take' : 'takes'} effect only after the instance restarts`);
  ctx.notice(`Changed ${changes.length} setting${changes.length > 1 ? 's' : ''}. The instance caches settings for about 60 s, so the change may take up to a minute to apply.`);
  return list(after, CHANGE_COLUMNS);
}

interface Difference {
  key: string;
  instance: unknown;
  file: unknown;
}

export async function diffSettingsCommand(ctx: Context, o: DiffOptions): Promise<CommandResult> {
  if (!o.file) throw new UsageError('settings diff needs -f FILE');
  const wanted = typeFile(readSettingsFile(o.file), o.file, !!o.strict, notesOf(ctx), 'compare');
  const http = await ctx.http();
  const current = await getSettings(http);
  const diffs: Difference[] = [];
  for (const [k, v] of Object.entries(wanted)) {
    if (sameSetting(current[k], v)) continue;
    diffs.push({ key: k, instance: shown(k, k in current ? current[k] : '(not reported)', !!o.showSecrets), file: shown(k, v, !!o.showSecrets) });
  }
  if (!diffs.length) {
    ctx.notice(`The instance matches ${o.file} (${Object.keys(wanted).length} settings compared).`);
    return none;
  }
  ctx.notice(`${diffs.length} setting${diffs.length > 1 ? 's differ' : ' differs'} from ${o.file}.`);
  return { ...list(diffs, [{ key: 'key', header: 'setting' }, { key: 'instance' }, { key: 'file' }]), exitCode: 1 };
}
