// The command groups, in the order `forgectl --help` lists them. Each registers its own commands;
// their implementations load only when run.

import type { Command } from 'commander';
import type { Registry } from '../core/command.js';
import { registerApi } from './api/index.js';
import { registerMigrate } from './migrate/index.js';
import { registerProfile } from './profile/index.js';
import { registerProjects } from './projects/index.js';
import { registerSandbox } from './sandbox.js';
import { registerToken } from './token/index.js';

export type RegisterGroup = (program: Command, reg: Registry) => void;

export const COMMAND_GROUPS: RegisterGroup[] = [registerProfile, registerToken, registerProjects, registerMigrate, registerApi, registerSandbox];
