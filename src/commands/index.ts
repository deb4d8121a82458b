// The command groups, in the order `forgectl --help` lists them. Each registers its own commands;
// their implementations load only when run.

import type { Command } from 'commander';
import type { Registry } from '../core/command.js';

export type RegisterGroup = (program: Command, reg: Registry) => void;

export const COMMAND_GROUPS: RegisterGroup[] = [];
