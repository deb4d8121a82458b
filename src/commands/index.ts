// The command groups, in the order `forgectl --help` lists them. Each registers its own commands;
// their implementations load only when run.

import type { Command } from 'commander';
import type { Registry } from '../core/command.js';
import { registerAlerts } from './alerts/index.js';
import { registerAnalytics } from './analytics.js';
import { registerApi } from './api/index.js';
import { registerBroadcast } from './broadcast/index.js';
import { registerDashboards } from './dashboards.js';
import { registerDiscussion } from './discussion/index.js';
import { registerEnvs } from './envs/index.js';
import { registerEpic } from './epic/index.js';
import { registerEvents } from './events/index.js';
import { registerHooks } from './hooks/index.js';
import { registerIterationEvents } from './iteration-events/index.js';
import { registerMigrate } from './migrate/index.js';
import { registerMr } from './mr/index.js';
import { registerNotify } from './notify/index.js';
import { registerPlanLimits } from './plan-limits/index.js';
import { registerProfile } from './profile/index.js';
import { registerProjects } from './projects/index.js';
import { registerReleases } from './releases.js';
import { registerSandbox } from './sandbox.js';
import { registerSettings } from './settings/index.js';
import { registerShell } from './shell.js';
import { registerToken } from './token/index.js';
import { registerWiki } from './wiki/index.js';

export type RegisterGroup = (program: Command, reg: Registry) => void;

// One line per group, in the order of CLI.md.
export const COMMAND_GROUPS: RegisterGroup[] = [
  registerProfile,
  registerToken,
  registerSettings,
  registerPlanLimits,
  registerBroadcast,
  registerHooks,
  registerMigrate,
  registerMr,
  registerDiscussion,
  registerEvents,
  registerEpic,
  registerIterationEvents,
  registerNotify,
  registerWiki,
  registerAlerts,
  registerEnvs,
  registerAnalytics,
  registerReleases,
  registerDashboards,
  registerProjects,
  registerApi,
  registerSandbox,
  registerShell,
];
