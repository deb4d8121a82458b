// The command groups, in the order `forgectl --help` lists them. Each registers its own commands;
// their implementations load only when run.

import type { Command } from 'commander';
import type { Registry } from '../core/command.js';
import { registerApi } from './api/index.js';
import { registerEvents } from './events/index.js';
import { registerMr } from './mr/index.js';
import { registerNotify } from './notify/index.js';
import { registerProfile } from './profile/index.js';
import { registerProjects } from './projects/index.js';
import { registerSandbox } from './sandbox.js';
import { registerShell } from './shell.js';
import { registerToken } from './token/index.js';
import { registerWiki } from './wiki/index.js';

export type RegisterGroup = (program: Command, reg: Registry) => void;

// One line per group, in the order of CLI.md.
export const COMMAND_GROUPS: RegisterGroup[] = [
  registerProfile,
  registerToken,
  registerMr,
  registerEvents,
  registerNotify,
  registerWiki,
  registerProjects,
  registerApi,
  registerSandbox,
  registerShell,
];
