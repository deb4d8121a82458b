// The `groups:` section: per group path, its protected environments in the `envs apply` format
// (parsed, resolved and planned by the envs code) and its notification settings. Groups are read in
// parallel; the client's pace keeps them under the rate limit.

import { listEnvironments, type ProtectedEnvironment } from '../../api/environments.js';
import type { NotificationSetting } from '../../api/notification-settings.js';
import type { HttpClient } from '../../core/http.js';
import { collect } from '../../core/paginate.js';
import { DESCRIPTIVE, FILE_ENTRIES, nameRemoved, parseEnvsDoc, planEnvs, type DesiredEnv, type EnvsProblemReport } from '../envs/apply.js';
import { checkGroupPath } from '../envs/builder.js';
import { resolveNames } from '../envs/entries.js';
import { entryNamer, type EntryNamer } from '../envs/entry-names.js';
import type { NotificationEntry } from './model.js';
import { exportNotifications, planNotifications, readNotifications } from './notifications-section.js';
import type { Plan, ShownItem } from './plan.js';

export interface WantedGroup {
  path: string;
  environments?: DesiredEnv[];
  notifications?: NotificationEntry;
}

export interface CurrentGroup {
  environments?: ProtectedEnvironment[];
  notifications?: NotificationSetting;
}

/** The groups of the file; `report` takes each problem of their environments (else the first is thrown). */
export function prepareGroups(raw: Record<string, { protected_environments?: unknown; notification_settings?: NotificationEntry }>, where: string, report?: EnvsProblemReport): WantedGroup[] {
  for (const path of Object.keys(raw)) checkGroupPath(path, where);
  return Object.entries(raw).map(([path, g]) => ({
    path,
    environments: g.protected_environments === undefined ? undefined : parseEnvsDoc(g.protected_environments, `${where}: groups.${path}.protected_environments`, report),
    notifications: g.notification_settings,
  }));
}

/** Reads each group's current state and resolves the usernames of the file (reads only); an entry the plan removes is named too. */
export async function readGroups(http: HttpClient, wanted: WantedGroup[]): Promise<CurrentGroup[]> {
  const known = new Map<string, number>();
  const namer = entryNamer(http);
  return Promise.all(
    wanted.map(async (g) => {
      if (g.environments) {
        for (const d of g.environments) {
          // The names stay beside their ids: the plan shows both, and a saved plan checks them again.
          d.deploy = await resolveNames(http, d.deploy, known, FILE_ENTRIES);
          d.approvals = await resolveNames(http, d.approvals, known, FILE_ENTRIES);
        }
      }
      const [environments, notifications] = await Promise.all([
        g.environments ? collect(listEnvironments(http, g.path, { all: true })) : undefined,
        g.notifications ? readNotifications(http, { kind: 'group', group: g.path }) : undefined,
      ]);
      if (environments && g.environments) await nameRemoved(namer, environments, g.environments);
      return { environments, notifications };
    }),
  );
}

export function planGroups(wanted: WantedGroup[], current: CurrentGroup[], prune: boolean, plan: Plan<ShownItem>): void {
  wanted.forEach((g, i) => {
    const have = current[i]!;
    if (g.environments && have.environments) {
      for (const call of planEnvs(g.path, have.environments, g.environments)) {
        if (call.action === 'unprotect' && !prune) plan.unmanaged.push({ resource: 'groups', identity: call.item.identity });
        else plan.items.push(call.item);
      }
    }
    if (g.notifications && have.notifications) planNotifications(g.notifications, have.notifications, plan, g.path);
  });
}

/**
 * An entry as the file writes it: a user by username and a group by path (the same on every instance,
 * where an id is another user or group), by id only where the instance names none (`unnamed` says which).
 */
async function entryOf(record: Record<string, unknown>, namer: EntryNamer, where: string, unnamed: string[]): Promise<Record<string, unknown>> {
  const kept = Object.entries(record).filter(([k, v]) => !DESCRIPTIVE.has(k) && v !== null && v !== undefined);
  // A user or group entry carries the access level the service stores with it; the identity is enough.
  const identified = kept.some(([k]) => k === 'user_id' || k === 'group_id');
  const out: Record<string, unknown> = {};
  for (const [k, v] of kept) {
    if (identified && k === 'access_level') continue;
    const kind = k === 'user_id' ? 'user' : k === 'group_id' ? 'group' : undefined;
    const name = kind && typeof v === 'number' ? await namer[kind](v) : undefined;
    if (kind && name === undefined) unnamed.push(`${where}: ${kind} ${String(v)}`);
    if (kind && name !== undefined) out[kind] = name;
    else out[k] = v;
  }
  return out;
}

async function environmentOf(env: ProtectedEnvironment, namer: EntryNamer, where: string, unnamed: string[]): Promise<Record<string, unknown>> {
  const entries = (list: ProtectedEnvironment['deploy_access_levels'], key: string) => Promise.all((list ?? []).map((e, i) => entryOf(e as Record<string, unknown>, namer, `${where}.${env.name}.${key}[${i}]`, unnamed)));
  const out: Record<string, unknown> = { deploy: await entries(env.deploy_access_levels, 'deploy') };
  if (env.approval_rules?.length) out.approvals = await entries(env.approval_rules, 'approvals');
  if (env.required_approval_count) out.required_approval_count = env.required_approval_count;
  return out;
}

/** What export writes for one group: its environments as `envs apply` reads them (users and groups by name), and the entries left by id. */
export async function exportGroup(http: HttpClient, path: string, namer: EntryNamer): Promise<{ group: Record<string, unknown>; unnamed: string[] }> {
  const [environments, notifications] = await Promise.all([collect(listEnvironments(http, path, { all: true })), readNotifications(http, { kind: 'group', group: path })]);
  const unnamed: string[] = [];
  const where = `groups.${path}.protected_environments`;
  const envs = await Promise.all(environments.map(async (e) => [e.name, await environmentOf(e, namer, where, unnamed)] as const));
  return { group: { protected_environments: Object.fromEntries(envs), notification_settings: exportNotifications(notifications) }, unnamed };
}
