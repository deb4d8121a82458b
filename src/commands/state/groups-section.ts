// The `groups:` section: per group path, its protected environments in the `envs apply` format
// (parsed, resolved and planned by the envs code) and its notification settings. Groups are read in
// parallel; the client's pace keeps them under the rate limit.

import { listEnvironments, type ProtectedEnvironment } from '../../api/environments.js';
import type { NotificationSetting } from '../../api/notification-settings.js';
import type { HttpClient } from '../../core/http.js';
import { collect } from '../../core/paginate.js';
import { DESCRIPTIVE, parseEnvsDoc, planEnvs, type DesiredEnv, type EnvsProblemReport } from '../envs/apply.js';
import { checkGroupPath } from '../envs/builder.js';
import { resolveNames } from '../envs/entries.js';
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

/** Reads each group's current state and resolves the usernames of the file (reads only). */
export async function readGroups(http: HttpClient, wanted: WantedGroup[]): Promise<CurrentGroup[]> {
  const known = new Map<string, number>();
  return Promise.all(
    wanted.map(async (g) => {
      if (g.environments) {
        for (const d of g.environments) {
          // The names stay beside their ids: the plan shows both, and a saved plan checks them again.
          d.deploy = await resolveNames(http, d.deploy, known, true);
          d.approvals = await resolveNames(http, d.approvals, known, true);
        }
      }
      const [environments, notifications] = await Promise.all([
        g.environments ? collect(listEnvironments(http, g.path, { all: true })) : undefined,
        g.notifications ? readNotifications(http, { kind: 'group', group: g.path }) : undefined,
      ]);
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

function entryOf(record: Record<string, unknown>): Record<string, unknown> {
  const out = Object.fromEntries(Object.entries(record).filter(([k, v]) => !DESCRIPTIVE.has(k) && v !== null && v !== undefined));
  // A user or group entry carries the access level the service stores with it; the identity is enough.
  if (out.user_id !== undefined || out.group_id !== undefined) delete out.access_level;
  return out;
}

function environmentOf(env: ProtectedEnvironment): Record<string, unknown> {
  const out: Record<string, unknown> = { deploy: (env.deploy_access_levels ?? []).map(entryOf) };
  if (env.approval_rules?.length) out.approvals = env.approval_rules.map(entryOf);
  if (env.required_approval_count) out.required_approval_count = env.required_approval_count;
  return out;
}

/** What export writes for one group: its environments as `envs list -o yaml` prints them, which `envs apply` reads. */
export async function exportGroup(http: HttpClient, path: string): Promise<Record<string, unknown>> {
  const [environments, notifications] = await Promise.all([collect(listEnvironments(http, path, { all: true })), readNotifications(http, { kind: 'group', group: path })]);
  return { protected_environments: Object.fromEntries(environments.map((e) => [e.name, environmentOf(e)])), notification_settings: exportNotifications(notifications) };
}
