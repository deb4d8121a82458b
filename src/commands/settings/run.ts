// `settings get|set|diff`. Every value is typed and checked by the settings model before a request
// is made; secrets are masked in every output unless --show-secrets.

import type { Context } from '../../context.js';
import { getSettings, secretSettingKeys, type Settings } from '../../api/settings.js';
import { SETTINGS, canonicalSetting } from '../../api/settings-model.js';
import { CommandFailedError, ExitCode, UsageError } from '../../core/errors.js';
import { list, none, object, type Column, type CommandResult } from '../../core/output.js';
import { isSecretKey } from '../../core/redact.js';
import { masked, NotAppliedError } from './answer.js';
import { applyPlan, secretFreeResolver } from '../state/apply.js';
import type { PlanItem } from '../state/plan.js';
import { SETTINGS_IDENTITY, settingsWrite } from '../state/settings-section.js';
import { sameValue } from '../../core/same-value.js';
import { checkSettingRules } from './rules.js';
import { checkReadableNames, checkUnknownNames, instanceNaming, meantSetting } from './names.js';
import { fileLabel, maskedSecrets, readSettingsSource, typeArgs, typeFile, type Notes } from './values.js';

export interface GetOptions {
  showSecrets?: boolean;
}

export interface SetOptions {
  file?: string;
  strict?: boolean;
  allowUnknown?: boolean;
  showSecrets?: boolean;
}

export interface DiffOptions {
  file?: string;
  exitCode?: boolean;
  strict?: boolean;
  allowUnknown?: boolean;
  showSecrets?: boolean;
}

function notesOf(ctx: Context): Notes {
  return { warn: (m) => ctx.warn(m), notice: (m) => ctx.notice(m) };
}

function didYouMean(name: string, reported: Settings): string {
  const meant = meantSetting(name, reported);
  return meant ? `; did you mean ${meant}?` : '';
}

function checkUnknownFlags(o: { strict?: boolean; allowUnknown?: boolean }): void {
  if (o.strict && o.allowUnknown) throw new UsageError('--strict and --allow-unknown contradict each other', 'give one of them');
}

export async function getSettingsCommand(ctx: Context, o: GetOptions, keys: string[]): Promise<CommandResult> {
  const asked = keys.map((k) => k.trim());
  for (const k of asked) if (!/^[a-z0-9_]+$/.test(k)) throw new UsageError(`invalid setting name ${JSON.stringify(k)}`);
  const http = await ctx.http();
  const settings = await getSettings(http);
  let value: Settings = settings;
  if (asked.length) {
    // Shown under the name the instance reports, whichever of the spec's and the service's was asked.
    const naming = instanceNaming(settings, asked);
    checkReadableNames(asked.filter((k) => !(naming.name(canonicalSetting(k)) in settings)), naming.current);
    value = {};
    for (const k of asked) {
      const model = canonicalSetting(k);
      const name = naming.name(model);
      if (name in settings) value[name] = settings[name];
      else ctx.warn(`${k}: not reported by this instance${SETTINGS[model]?.premium ? ' (a Premium/Ultimate setting)' : ''}${didYouMean(model, naming.current)}`);
    }
    if (!Object.keys(value).length) throw new CommandFailedError('none of the requested settings is reported by this instance');
  }
  return object(value, { maskKeys: o.showSecrets ? undefined : secretSettingKeys(settings) });
}

function shown(key: string, v: unknown, showSecrets: boolean): unknown {
  return showSecrets ? v : masked(key, v);
}

export interface Change {
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
  checkUnknownFlags(o);
  const fromArgs = typeArgs(args, !!o.strict, notes);
  if (o.file === '-' && fromArgs.fromStdin.length) {
    throw new UsageError(`standard input cannot hold both the settings file and ${fromArgs.fromStdin[0]}`, `put ${fromArgs.fromStdin[0]} in the file, or give the file by its path`);
  }
  // An argument overrides the same key in the file.
  const doc = o.file ? await readSettingsSource(o.file, (what) => ctx.readStdin(what)) : {};
  const fromFile = o.file ? typeFile(doc, fileLabel(o.file), !!o.strict, notes) : {};
  const written = [...Object.keys(doc), ...args.map((a) => a.slice(0, a.indexOf('=')))];
  const sent: Record<string, unknown> = { ...fromFile, ...fromArgs.values };
  for (const key of fromArgs.fromStdin) sent[key] = await readSecret(ctx, key);
  // Secrets from a file must not show up in an error or trace either.
  for (const [k, v] of Object.entries(sent)) if (isSecretKey(k) && typeof v === 'string') ctx.redactor.add(v);
  checkSettingRules(sent); // what the sent values alone prove wrong, before any request

  const http = await ctx.http();
  const reported = await getSettings(http);
  const naming = instanceNaming(reported, written, notes);
  const current = naming.current;
  checkUnknownNames(Object.keys(sent), current, { purpose: 'send', allowUnknown: !!o.allowUnknown, notes });
  checkSettingRules(sent, current);
  for (const k of Object.keys(sent)) {
    if (SETTINGS[k]?.premium && !(k in current)) ctx.warn(`${k} is a Premium/Ultimate setting this instance does not report; it may be ignored`);
  }

  const changes: Change[] = Object.entries(sent)
    .filter(([k, v]) => !sameValue(current[k], v))
    .map(([k, v]) => ({ key: k, before: current[k], after: v }));
  if (!changes.length) {
    ctx.notice('Nothing to change: the instance already has these values.');
    return settingsObject(ctx, reported, !!o.showSecrets) ?? none;
  }
  // Only what changes is sent (a whole `settings get` dump holds ~170 keys, secrets included), plus
  // the companions a changed switch needs in the same request: from the file when it has them,
  // else carried from the instance.
  const changed = Object.fromEntries(changes.map((c) => [c.key, c.after]));
  const carried = checkSettingRules(changed, { ...current, ...sent });
  for (const [k, v] of Object.entries(carried)) {
    if (k in sent) continue;
    ctx.notice(`note: sending ${naming.name(k)}=${JSON.stringify(shown(k, v, !!o.showSecrets))} from the instance, as the service wants it with the switch`);
  }
  const display = changes.map((c) => ({ key: naming.name(c.key), before: shown(c.key, c.before, !!o.showSecrets), after: shown(c.key, c.after, !!o.showSecrets) }));
  // Sent and its answer checked by the executor of `state apply` (one write, named as the instance names settings).
  const write = settingsWrite(naming.toInstance({ ...changed, ...carried }), changes.map((c) => ({ key: naming.name(c.key), before: c.before, after: c.after })));
  const item: PlanItem = { resource: 'settings', identity: SETTINGS_IDENTITY, action: 'update', changes: display.map((c) => ({ ...c, before: c.before ?? null })), observed: { values: null }, read: { path: write.path }, writes: [write] };
  const outcome = await applyPlan(http, [item], secretFreeResolver);
  if (http.dryRun) {
    for (const c of display) ctx.notice(`would change ${arrow(c)}`);
    return none;
  }
  const answer = outcome.answers[0];
  const refused = outcome.failed?.error;
  // A failure other than keys left as they were is the request's own (its exit code and hint kept).
  if (refused && !(refused instanceof NotAppliedError && answer)) throw refused;
  const updated = naming.fromInstance(answer!);
  // The report is the instance's answer: what it now holds, and what it dropped.
  for (const key of outcome.reports[0]!.unconfirmed ?? []) ctx.notice(`note: ${key} was sent; the instance’s answer leaves it out (secrets may be withheld), so the change is not confirmed`);
  const drops = refused instanceof NotAppliedError ? refused.dropped : [];
  for (const d of drops) ctx.warn(`${d.key} was not applied: ${d.why}${didYouMean(canonicalSetting(d.key), updated)}`);
  const dropped = new Set(drops.map((d) => d.key));
  const done = changes.filter((c) => !dropped.has(naming.name(c.key)));
  const after = done
    .map((c) => ({ key: naming.name(c.key), before: shown(c.key, c.before, !!o.showSecrets), after: shown(c.key, c.key in updated ? updated[c.key] : sent[c.key], !!o.showSecrets) }));
  const restart = done.filter((c) => SETTINGS[c.key]?.restart).map((c) => naming.name(c.key));
  if (restart.length) ctx.warn(`${restart.join(', ')} ${restart.length > 1 ? 'take' : 'takes'} effect only after the instance restarts`);
  if (done.length) {
    const count = dropped.size ? `${done.length} of ${changes.length} settings` : `${done.length} setting${done.length > 1 ? 's' : ''}`;
    ctx.notice(`Changed ${count}. The instance caches settings for about 60 s, so the change may take up to a minute to apply.`);
  } else {
    ctx.notice('Nothing was changed.');
  }
  const result = settingsObject(ctx, answer!, !!o.showSecrets) ?? (done.length ? list(after, CHANGE_COLUMNS) : none);
  return dropped.size ? { ...result, exitCode: 1 } : result;
}

export { outcomeOf } from './answer.js';

/** json/yaml/ndjson print the settings object as the service answered it (secrets masked); tables the changes. */
function settingsObject(ctx: Context, settings: Settings, showSecrets: boolean): CommandResult | undefined {
  if (ctx.globals.output === 'table') return undefined;
  return object(settings, { maskKeys: showSecrets ? undefined : secretSettingKeys(settings) });
}

interface Difference {
  key: string;
  instance: unknown;
  file: unknown;
}

export async function diffSettingsCommand(ctx: Context, o: DiffOptions): Promise<CommandResult> {
  if (!o.file) throw new UsageError('settings diff needs -f FILE');
  checkUnknownFlags(o);
  const notes = notesOf(ctx);
  const source = fileLabel(o.file);
  const doc = await readSettingsSource(o.file, (what) => ctx.readStdin(what));
  const wanted = typeFile(doc, source, !!o.strict, notes, 'compare');
  const http = await ctx.http();
  const naming = instanceNaming(await getSettings(http), Object.keys(doc), notes, 'compare');
  const current = naming.current;
  checkUnknownNames(Object.keys(wanted), current, { purpose: 'compare', allowUnknown: !!o.allowUnknown, notes, where: source });
  const diffs: Difference[] = [];
  for (const [k, v] of Object.entries(wanted)) {
    if (sameValue(current[k], v)) continue;
    diffs.push({ key: naming.name(k), instance: shown(k, k in current ? current[k] : '(not reported)', !!o.showSecrets), file: shown(k, v, !!o.showSecrets) });
  }
  // A masked secret says nothing of the value: it is named as not compared, which is no fault of the file.
  const masked = maskedSecrets(doc);
  const notCompared = masked.length ? `; ${masked.join(', ')} masked, not compared` : '';
  if (!diffs.length) {
    ctx.notice(`The instance matches ${source} (${Object.keys(wanted).length} settings compared${notCompared}).`);
    return none;
  }
  ctx.notice(`${diffs.length} setting${diffs.length > 1 ? 's differ' : ' differs'} from ${source}${notCompared ? ` (${notCompared.slice(2)})` : ''}.`);
  // As `git diff --exit-code`: a difference is an answer, not a failure (1 stays for failures).
  return { ...list(diffs, [{ key: 'key', header: 'setting' }, { key: 'instance' }, { key: 'file' }]), exitCode: o.exitCode ? ExitCode.differs : ExitCode.ok, summary: `${diffs.length} difference${diffs.length === 1 ? '' : 's'}` };
}
