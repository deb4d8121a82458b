// From the file to a plan: the file is checked and its references resolved before any request, then
// the instance is read (sections in parallel) and compared.

import type { Context } from '../../context.js';
import type { HttpClient } from '../../core/http.js';
import type { Notes } from '../settings/values.js';
import { planBroadcasts, readBroadcasts } from './broadcasts-section.js';
import { planHooks, prepareHooks, readHooks, type WantedHook } from './hooks-section.js';
import { planGroups, prepareGroups, readGroups, type WantedGroup } from './groups-section.js';
import { FILE_HINT, checkStateDoc, pathText } from './model.js';
import { readStateSources } from './layers.js';
import { FileProblems } from '../../core/file-problems.js';
import { ApiError, UsageError } from '../../core/errors.js';
import { getGroup } from '../../api/instance.js';
import { locate, locateExactly, type Located } from '../settings/plain-yaml.js';
import { fileLabel } from '../settings/values.js';
import { planNotifications, readNotifications } from './notifications-section.js';
import { planPlanLimits, readPlanLimits } from './plan-limits-section.js';
import type { Plan } from './plan.js';
import { addRuleProblem, getSettings, planSettings, prepareSettings, type SettingsOptions } from './settings-section.js';

export interface PlanOptions extends SettingsOptions {
  /** `-f`, given once or more (layered in order). */
  file?: string[];
  prune?: boolean;
}

/**
 * The files read, layered and checked, their secret references resolved, before any request. Every
 * problem found is reported at once (with its file:line:column), as one UsageError.
 */
async function readInstanceFiles(ctx: Context, o: PlanOptions, files: readonly string[], notes: Notes) {
  const problems = new FileProblems(files.length === 1 ? fileLabel(files[0]!) : 'the instance files', FILE_HINT);
  const source = await readStateSources(ctx, files, problems);
  problems.where = source.where;
  const { where, located } = source;
  const doc = checkStateDoc(source.value, located, where, problems);
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
  const settings = doc.settings && (await collect(['settings'], () => prepareSettings(ctx, doc.settings!, where, o, notes, { problems, at, written: (path) => locateExactly(located, path)?.written })));
  // Hook by hook, so that each unresolvable token is found; one after another, as a {command: …} may prompt.
  const hooks: (WantedHook | undefined)[] | undefined = doc.system_hooks && [];
  for (const [i, h] of (doc.system_hooks ?? []).entries()) hooks!.push(await collect(['system_hooks', i, 'token'], async () => (await prepareHooks(ctx, [h], i))[0]!));
  // Group by group, so that each group's problems are found.
  const groups = doc.groups && (await Promise.all(Object.entries(doc.groups).map(([path, g]) => collect(['groups', path, 'protected_environments'], () => prepareGroups({ [path]: g }, where)[0]!))));
  problems.throwIfAny();
  const placing: Placing = { problems, located };
  return { doc, settings, hooks: hooks as WantedHook[] | undefined, groups: groups as WantedGroup[] | undefined, placing };
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
  const found = await Promise.all(groups.map((g) => getGroup(http, g.path).then(() => true, (e: unknown) => (e instanceof ApiError && e.status === 404 ? false : Promise.reject(e)))));
  groups.forEach((g, i) => {
    if (!found[i]) placing.problems.add({ place: locateExactly(placing.located, ['groups', g.path])?.keyPlace, path: `groups.${g.path}`, text: `groups.${g.path}: the group ${g.path} does not exist on ${http.baseUrl}`, hint: 'check the path: `forgectl state export --all-groups` lists every group' });
  });
  placing.problems.throwIfAny();
  throw err;
}

export interface Planned {
  plan: Plan;
  http: HttpClient;
}

export async function computePlan(ctx: Context, o: PlanOptions, files: readonly string[]): Promise<Planned> {
  const notes: Notes = { warn: (m) => ctx.warn(m), notice: (m) => ctx.notice(m) };
  const { doc, settings, hooks, groups, placing } = await readInstanceFiles(ctx, o, files, notes);
  const broadcasts = doc.broadcast_messages;

  const http = await ctx.http();
  const limits = doc.plan_limits;
  const notifications = doc.notification_settings;
  const [currentSettings, currentLimits, currentHooks, currentBroadcasts, currentNotifications, currentGroups] = await Promise.all([
    settings ? getSettings(http) : undefined,
    limits ? readPlanLimits(http, Object.keys(limits)) : undefined,
    hooks ? readHooks(http) : undefined,
    broadcasts ? readBroadcasts(http) : undefined,
    notifications ? readNotifications(http) : undefined,
    groups ? readGroups(http, groups).catch((err) => missingGroups(http, groups, err, placing)) : undefined,
  ]);
  const plan: Plan = { items: [], unmanaged: [], notes: [] };
  // The order of apply: settings, plan limits, hooks, broadcasts, notification settings, groups.
  if (settings && currentSettings) plan.items.push(...placed(placing, () => planSettings(settings, currentSettings, o, notes)));
  if (limits && currentLimits) planPlanLimits(limits, currentLimits, plan);
  if (hooks && currentHooks) planHooks(hooks, currentHooks, !!o.prune, plan);
  if (broadcasts && currentBroadcasts) planBroadcasts(broadcasts, currentBroadcasts, !!o.prune, plan);
  if (notifications && currentNotifications) planNotifications(notifications, currentNotifications, plan);
  if (groups && currentGroups) planGroups(groups, currentGroups, !!o.prune, plan);
  return { plan, http };
}
