// The command groups, in the order `forgectl --help` lists them. Each registers its own commands;
// their implementations load only when run, and a command line registers only the group it names.

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
import { registerLicenses } from './licenses/index.js';
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
import { registerState } from './state/index.js';
import { registerToken } from './token/index.js';
import { registerUsers } from './users/index.js';
import { registerWiki } from './wiki/index.js';

export type RegisterGroup = (program: Command, reg: Registry) => void;

/** A group's register function and the top-level words (names and aliases) it declares. */
export interface CommandGroup {
  names: readonly string[];
  register: RegisterGroup;
}

// One line per group, in the order of CLI.md. `names` lets the CLI register only the group a
// command line names (a test checks they match what each register function declares).
export const COMMAND_GROUPS: CommandGroup[] = [
  { names: ['profile'], register: registerProfile },
  { names: ['token'], register: registerToken },
  { names: ['users'], register: registerUsers },
  { names: ['settings'], register: registerSettings },
  { names: ['plan-limits'], register: registerPlanLimits },
  { names: ['broadcast'], register: registerBroadcast },
  { names: ['hooks'], register: registerHooks },
  { names: ['state'], register: registerState },
  { names: ['migrate'], register: registerMigrate },
  { names: ['mr'], register: registerMr },
  { names: ['discussion'], register: registerDiscussion },
  { names: ['events'], register: registerEvents },
  { names: ['epic'], register: registerEpic },
  { names: ['iteration-events'], register: registerIterationEvents },
  { names: ['notify'], register: registerNotify },
  { names: ['wiki'], register: registerWiki },
  { names: ['alerts'], register: registerAlerts },
  { names: ['envs'], register: registerEnvs },
  { names: ['analytics'], register: registerAnalytics },
  { names: ['releases'], register: registerReleases },
  { names: ['dashboards'], register: registerDashboards },
  { names: ['projects'], register: registerProjects },
  { names: ['api'], register: registerApi },
  { names: ['sandbox'], register: registerSandbox },
  { names: ['licenses'], register: registerLicenses },
  { names: ['completion', 'man', 'help'], register: registerShell },
];
