// `forgectl plan-limits …` (CLI.md "Instance settings"; spec part 1 §2.6, §4.3). Administrators only.

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry } from '../../core/command.js';
import { SIZE_HELP } from '../../core/sizes.js';

const run = () => import('./run.js');

export function registerPlanLimits(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'plan-limits', 'Read and change the limits of a plan (administrators)');
  const plan = '--plan <name>';
  const planHelp = 'plan name (community edition: only default; enterprise: free, premium, ultimate…)';

  defineCommand(group, reg, {
    name: 'get',
    summary: 'Show the limits of a plan',
    examples: ['forgectl plan-limits get', 'forgectl plan-limits get --plan default -o json --fields ci_pipeline_size,pypi_max_file_size'],
    options: (c) => c.option(plan, planHelp, 'default'),
    run: async (ctx, opts) => (await run()).getPlanLimitsCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'set <assignments...>',
    summary: 'Change limits of a plan: KEY=VALUE with non-negative integers, sizes with units',
    description:
      'Known keys only (spec part 1 §2.6): ci_* limits, dotenv_size, dotenv_variables, enforcement_limit, ' +
      'notification_limit, storage_size_limit and the per-format *_max_file_size. The sizes take units: ' +
      `dotenv_size and *_max_file_size are in bytes, enforcement_limit, notification_limit and storage_size_limit in MiB; each is ${SIZE_HELP}. Prints each changed ` +
      'limit as before → after in a table; -o json/yaml print the limits the service answered (the unchanged ones when nothing changes).',
    writes: true,
    exitCodes: ['2  unknown key or a value that is not a non-negative integer or size (nothing was sent)'],
    examples: [
      'forgectl plan-limits set conan_max_file_size=3GB',
      'forgectl plan-limits set npm_max_file_size=512MiB storage_size_limit=10GiB',
      'forgectl plan-limits set --plan default ci_pipeline_size=500 ci_active_jobs=0 --dry-run',
    ],
    options: (c) => c.option(plan, planHelp, 'default'),
    run: async (ctx, opts, args) => (await run()).setPlanLimitsCommand(ctx, opts, args),
  });
}
