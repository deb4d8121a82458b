// From the file to a plan: the file is checked and its references resolved before any request, then
// the instance is read (sections in parallel) and compared.

import type { Context } from '../../context.js';
import type { HttpClient } from '../../core/http.js';
import type { Notes } from '../settings/values.js';
import { planBroadcasts, readBroadcasts } from './broadcasts-section.js';
import { planHooks, prepareHooks, readHooks, refuseClearUrlCredentials, type WantedHook } from './hooks-section.js';
import { planGroups, prepareGroups, readGroups, type WantedGroup } from './groups-section.js';
import { FILE_HINT, checkStateDoc, pathText, type Section } from './model.js';
import { secretResolver, type ResolveSlot } from './apply.js';
import { readStateSources } from './layers.js';
import { FileProblems } from '../../core/file-problems.js';
import { ApiError, AuthError, UsageError } from '../../core/errors.js';
import { idOfName } from '../envs/entries.js';
import { locate, locateExactly, type Located } from '../settings/plain-yaml.js';
import { fileLabel } from '../settings/values.js';
import { planNotifications, readNotifications } from './notifications-section.js';
import { planPlanLimits, readPlanLimits } from './plan-limits-section.js';
import { SECTION_NEEDS, type Plan, type ResolveRef, type ShownItem } from './plan.js';
import { built } from './sections.js';
import { checkReplaceInFile, parseReplace } from './replace.js';
import { addRuleProblem, getSettings, planSettings, prepareSettings, type SettingsOptions } from './settings-section.js';

export interface PlanOptions extends SettingsOptions {
  /** `-f`, given once or more (layered in order). */
  file?: string[];
  prune?: boolean;
  /** Compare everything but secret-bearing fields, whose references are neither resolved nor needed. */
  noSecrets?: boolean;
  /** The plan is saved (--out): nothing in it may hold a password. */
  saved?: boolean;
  /** `--replace 'system_hooks[URL]'`, given once or more. */
  replace?: string[];
}

/**
 * The files read, layered and checked, their secret references resolved, before any request. Every
 * problem found is reported at once (with its file:line:column), as one UsageError.
 */
async function readInstanceFiles(o: PlanOptions, files: readonly string[], notes: Notes, ctx: Context, resolve: ResolveRef, notCompared: string[]) {
  const problems = new FileProblems(files.length === 1 ? fileLabel(files[0]!) : 'the instance files', FILE_HINT);
  const source = await readStateSources(ctx, files, problems);
  problems.where = source.where;
  const { where, located } = source;
  const doc = checkStateDoc(source.value, located, where, problems);
  if (o.saved) refuseClearUrlCredentials(doc.system_hooks ?? [], where);
  const at = (path: readonly (string | number)[]) => locate(located, path)?.place;
  /** A section's refusal (a secret reference that does not resolve) is one of the problems, at `path`. */
  const collect = async <T>(path: (string | number)[], prepare: () => T | Promise<T>): Promise<T | undefined> => {
    try {
      return await prepare();
    } catch (err) {
      problems.addError(err, at(path), pathText(path));
      return undefined;
    }
  };
  const written = (path: readonly (string | number)[]) => locateExactly(located, path)?.written;
  const skipped = o.noSecrets ? notCompared : undefined;
  const settings = doc.settings && (await collect(['settings'], () => prepareSettings(doc.settings!, where, o, notes, resolve, { problems, at, written }, skipped)));
  // Hook by hook, so that each unresolvable token is found; one after another, as a {command: …} may prompt.
  const hooks: (WantedHook | undefined)[] | undefined = doc.system_hooks && [];
  // (With --no-secrets, a hook whose URL is a reference is not compared: it yields none.)
  for (const [i, h] of (doc.system_hooks ?? []).entries()) if (h) hooks!.push(await collect(['system_hooks', i, 'token'], async () => (await prepareHooks([h], resolve, notCompared, !!o.noSecrets, i))[0]));
  // Group by group, so that each group's problems are found.
  const groups =
    doc.groups &&
    (await Promise.all(
      Object.entries(doc.groups).map(([path, g]) => {
        // Each tier's problem is one of the file's, at the tier.
        const envs = ['groups', path, 'protected_environments'];
        return collect(envs, () => prepareGroups({ [path]: g }, where, (err, tier) => problems.addError(err, at([...envs, ...tier]), pathText([...envs, ...tier])))[0]!);
      }),
    ));
  problems.throwIfAny();
  const placing: Placing = { problems, located };
  return { doc, settings, hooks: hooks?.filter((h) => h !== undefined), groups: groups as WantedGroup[] | undefined, placing };
}

interface Placing {
  problems: FileProblems;
  located?: Located;
}

/** A refusal the instance's values prove (a switch whose companion it lacks), placed at the setting it names. */
function placed<T>(placing: Placing, plan: () => T): T {
  try {
    return plan();
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    addRuleProblem({ problems: placing.problems, at: (path) => locate(placing.located, path)?.place }, err);
    placing.problems.throwIfAny();
    throw err;
  }
}

/** When a group cannot be read, each group the instance does not have is named with its place in the file (exit 2). */
async function missingGroups(http: HttpClient, groups: WantedGroup[], err: unknown, placing: Placing): Promise<never> {
  if (!(err instanceof ApiError) || err.status !== 404) throw err;
  const found = await Promise.all(groups.map(async (g) => (await idOfName(http, 'group', g.path)) !== undefined));
  groups.forEach((g, i) => {
    if (!found[i]) placing.problems.add({ place: locateExactly(placing.located, ['groups', g.path])?.keyPlace, path: `groups.${g.path}`, text: `groups.${g.path}: the group ${g.path} does not exist on ${http.baseUrl}`, hint: 'check the path: `forgectl state export --all-groups` lists every group' });
  });
  placing.problems.throwIfAny();
  throw err;
}

export interface Planned {
  plan: Plan;
  http: HttpClient;
  /** Resolves the secret references of the plan's writes (each resolved once per run). */
  resolve: ResolveSlot;
}

/** A refused read names its section and request, and the token the section needs (README "Instance as code"). */
function sectionRead<T>(section: Section, read: Promise<T>): Promise<T> {
  return read.catch((e: unknown) => {
    if (e instanceof AuthError && e.status === 403) {
      e.message = `${section}: ${e.method} ${new URL(e.url).pathname.replace(/^.*?\/api\/v4/, '')} was refused (${e.message})`;
      e.hint ??= `the ${section} section needs ${SECTION_NEEDS[section]}`;
    }
    throw e;
  });
}

export async function computePlan(ctx: Context, o: PlanOptions, files: readonly string[]): Promise<Planned> {
  const notes: Notes = { warn: (m) => ctx.warn(m), notice: (m) => ctx.notice(m) };
  const secrets = secretResolver(ctx);
  const notCompared: string[] = [];
  const replace = parseReplace(o.replace);
  const { doc, settings, hooks, groups, placing } = await readInstanceFiles(o, files, notes, ctx, secrets.ref, notCompared);
  checkReplaceInFile(replace, (hooks ?? []).map((h) => h.url), (hooks?.length ?? 0) < (doc.system_hooks?.length ?? 0));
  const broadcasts = doc.broadcast_messages;

  const http = await ctx.http();
  const limits = doc.plan_limits;
  const notifications = doc.notification_settings;
  const [currentSettings, currentLimits, currentHooks, currentBroadcasts, currentNotifications, currentGroups] = await Promise.all([
    settings ? sectionRead('settings', getSettings(http)) : undefined,
    limits ? sectionRead('plan_limits', readPlanLimits(http, Object.keys(limits))) : undefined,
    hooks ? sectionRead('system_hooks', readHooks(http)) : undefined,
    broadcasts ? sectionRead('broadcast_messages', readBroadcasts(http)) : undefined,
    notifications ? sectionRead('notification_settings', readNotifications(http)) : undefined,
    groups ? sectionRead('groups', readGroups(http, groups).catch((err) => missingGroups(http, groups, err, placing))) : undefined,
  ]);
  const shown: Plan<ShownItem> = { items: [], unmanaged: [], notes: [], notCompared };
  const plan = shown;
  // The order of apply: settings, plan limits, hooks, broadcasts, notification settings, groups.
  if (settings && currentSettings) plan.items.push(...placed(placing, () => planSettings(settings, currentSettings, o, notes)));
  if (limits && currentLimits) planPlanLimits(limits, currentLimits, plan);
  if (hooks && currentHooks) planHooks(hooks, currentHooks, !!o.prune, plan, hooks.length < doc.system_hooks!.length, replace);
  if (broadcasts && currentBroadcasts) planBroadcasts(broadcasts, currentBroadcasts, !!o.prune, plan);
  if (notifications && currentNotifications) planNotifications(notifications, currentNotifications, plan);
  if (groups && currentGroups) planGroups(groups, currentGroups, !!o.prune, plan);
  // What runs is built from what is shown, as for a saved plan.
  return { plan: { ...shown, items: shown.items.map(built) }, http, resolve: secrets.slot };
}
