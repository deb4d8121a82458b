// From the file to a plan: the file is checked and its references resolved before any request, then
// the instance is read (sections in parallel) and compared.

import type { Context } from '../../context.js';
import type { HttpClient } from '../../core/http.js';
import type { Notes } from '../settings/values.js';
import { planBroadcasts, readBroadcasts } from './broadcasts-section.js';
import { planHooks, prepareHooks, readHooks, refuseClearUrlCredentials } from './hooks-section.js';
import { planGroups, prepareGroups, readGroups } from './groups-section.js';
import { secretResolver, type ResolveSlot } from './apply.js';
import { readStateFile, type Section } from './model.js';
import { AuthError } from '../../core/errors.js';
import { SECTION_NEEDS } from './plan.js';
import { planNotifications, readNotifications } from './notifications-section.js';
import { planPlanLimits, readPlanLimits } from './plan-limits-section.js';
import type { Plan } from './plan.js';
import { getSettings, planSettings, prepareSettings, type SettingsOptions } from './settings-section.js';

export interface PlanOptions extends SettingsOptions {
  file?: string;
  prune?: boolean;
  /** Compare everything but secret-bearing fields, whose references are neither resolved nor needed. */
  noSecrets?: boolean;
  /** The plan is saved (--out): nothing in it may hold a password. */
  saved?: boolean;
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

export async function computePlan(ctx: Context, o: PlanOptions, file: string): Promise<Planned> {
  const notes: Notes = { warn: (m) => ctx.warn(m), notice: (m) => ctx.notice(m) };
  const where = file === '-' ? 'standard input' : file;
  const doc = await readStateFile(file, (what) => ctx.readStdin(what));
  if (o.saved) refuseClearUrlCredentials(doc.system_hooks ?? [], where);
  const secrets = secretResolver(ctx);
  const notCompared: string[] = [];
  const settings = doc.settings && (await prepareSettings(doc.settings, where, o, notes, secrets.ref, o.noSecrets ? notCompared : undefined));
  const hooks = doc.system_hooks && (await prepareHooks(doc.system_hooks, secrets.ref, notCompared, !!o.noSecrets));
  const broadcasts = doc.broadcast_messages;
  const groups = doc.groups && prepareGroups(doc.groups, where);

  const http = await ctx.http();
  const limits = doc.plan_limits;
  const notifications = doc.notification_settings;
  const [currentSettings, currentLimits, currentHooks, currentBroadcasts, currentNotifications, currentGroups] = await Promise.all([
    settings ? sectionRead('settings', getSettings(http)) : undefined,
    limits ? sectionRead('plan_limits', readPlanLimits(http, Object.keys(limits))) : undefined,
    hooks ? sectionRead('system_hooks', readHooks(http)) : undefined,
    broadcasts ? sectionRead('broadcast_messages', readBroadcasts(http)) : undefined,
    notifications ? sectionRead('notification_settings', readNotifications(http)) : undefined,
    groups ? sectionRead('groups', readGroups(http, groups)) : undefined,
  ]);
  const plan: Plan = { items: [], unmanaged: [], notes: [], notCompared };
  // The order of apply: settings, plan limits, hooks, broadcasts, notification settings, groups.
  if (settings && currentSettings) plan.items.push(...planSettings(settings, currentSettings, o, notes));
  if (limits && currentLimits) planPlanLimits(limits, currentLimits, plan);
  if (hooks && currentHooks) planHooks(hooks, currentHooks, !!o.prune, plan, hooks.length < doc.system_hooks!.length);
  if (broadcasts && currentBroadcasts) planBroadcasts(broadcasts, currentBroadcasts, !!o.prune, plan);
  if (notifications && currentNotifications) planNotifications(notifications, currentNotifications, plan);
  if (groups && currentGroups) planGroups(groups, currentGroups, !!o.prune, plan);
  return { plan, http, resolve: secrets.slot };
}
