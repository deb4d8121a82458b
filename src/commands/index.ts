// The command groups, in the order `forgectl --help` lists them, under three headings. Each registers its own commands;
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

/** A group's register function, the top-level words (names and aliases) it declares, and the heading `forgectl help` lists it under. */
export interface CommandGroup {
  names: readonly string[];
  register: RegisterGroup;
  heading: string;
}

const ADMIN = 'Administer the instance:';
const WORK = 'Work in groups and projects:';
const TOOLS = 'Set-up and tools:';

// Administrators come first: what runs the instance, then the work inside it, then set-up. Within a
// heading the order is the help's. `names` lets the CLI register only the group a command line names
// (a test checks they match what each register function declares).
export const COMMAND_GROUPS: CommandGroup[] = [
  { names: ['state'], register: registerState, heading: ADMIN },
  { names: ['settings'], register: registerSettings, heading: ADMIN },
  { names: ['plan-limits'], register: registerPlanLimits, heading: ADMIN },
  { names: ['hooks'], register: registerHooks, heading: ADMIN },
  { names: ['broadcast'], register: registerBroadcast, heading: ADMIN },
  { names: ['token'], register: registerToken, heading: ADMIN },
  { names: ['users'], register: registerUsers, heading: ADMIN },
  { names: ['migrate'], register: registerMigrate, heading: ADMIN },
  { names: ['envs'], register: registerEnvs, heading: ADMIN },
  { names: ['mr'], register: registerMr, heading: WORK },
  { names: ['discussion'], register: registerDiscussion, heading: WORK },
  { names: ['epic'], register: registerEpic, heading: WORK },
  { names: ['events'], register: registerEvents, heading: WORK },
  { names: ['iteration-events'], register: registerIterationEvents, heading: WORK },
  { names: ['notify'], register: registerNotify, heading: WORK },
  { names: ['wiki'], register: registerWiki, heading: WORK },
  { names: ['alerts'], register: registerAlerts, heading: WORK },
  { names: ['analytics'], register: registerAnalytics, heading: WORK },
  { names: ['releases'], register: registerReleases, heading: WORK },
  { names: ['dashboards'], register: registerDashboards, heading: WORK },
  { names: ['projects'], register: registerProjects, heading: WORK },
  { names: ['profile'], register: registerProfile, heading: TOOLS },
  { names: ['api'], register: registerApi, heading: TOOLS },
  { names: ['sandbox'], register: registerSandbox, heading: TOOLS },
  { names: ['licenses'], register: registerLicenses, heading: TOOLS },
  { names: ['completion', 'man', 'help'], register: registerShell, heading: TOOLS },
];

/** Puts each top-level command under its group's heading in `forgectl help`. */
export function headCommands(program: Command): void {
  for (const cmd of program.commands) {
    const group = COMMAND_GROUPS.find((g) => g.names.includes(cmd.name()));
    if (group) cmd.helpGroup(group.heading);
  }
}
