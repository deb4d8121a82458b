// `forgectl state …` (CLI.md "Instance as code"): the instance's configuration in one reviewed file.

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry } from '../../core/command.js';
import { collectRepeated } from '../../core/parse.js';

const run = () => import('./run.js');

const FILE = 'YAML file of the instance as it should be, - for standard input; repeatable: later files override earlier ones key by key, {profile} is the profile in use, a leading ? lets the file be missing';

export function registerState(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'state', 'The instance as code: export its configuration to a file, plan and apply changes');

  defineCommand(group, reg, {
    name: 'export',
    globals: { output: false },
    summary: 'Print the instance’s configuration as a file that `state plan` reads back as no change',
    description:
      'Sections: settings (writable, non-secret), plan_limits (default, and the plans named with --plans), system_hooks, ' +
      'broadcast_messages, notification_settings (global, of the token’s user), groups (those named with --groups, or every one with --all-groups: ' +
      'protected environments in the format of `envs apply`, and notification settings). Secrets are never written: ' +
      'comments name the secret settings and hook tokens to add as references ({env: NAME} or {command: "…"}).',
    examples: ['forgectl state export > instance.yaml', 'forgectl state export --only system_hooks,broadcast_messages', 'forgectl state export --plans free,premium --groups acme,acme/platform > instance.yaml'],
    options: (c) =>
      c
        .option('-f, --file <file>', 'write the file here (whole or not at all) instead of standard output')
        .option('--only <sections>', 'export only these sections (comma-separated)').option('--plans <plans>', 'export the limits of these plans too (comma-separated; default is always exported)')
        .option('--groups <paths>', 'export these groups (comma-separated paths)')
        .option('--all-groups', 'export every group of the instance (read in parallel)'),
    run: async (ctx, opts) => (await run()).exportStateCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'plan',
    summary: 'Show what `state apply` would change (sends nothing but reads)',
    description:
      'Prints + create, ~ update (key: before → after), ± replace (a changed hook: the API has no update) and, ' +
      'with --prune, - delete; items on the instance the file does not name are listed as not managed. ' +
      'A section left out of the file is not managed. The file is checked whole (every problem listed with its file:line:column), and its secret references ' +
      'resolved, before any request. -o json gives the same as data.',
    exitCodes: ['0  planned (with --exit-code: no changes)', '2  invalid file or unresolvable secret reference (nothing was sent)', '5  with --exit-code: the instance differs from the file'],
    examples: ['forgectl state plan -f instance.yaml', '# nightly drift check in CI', 'forgectl state plan -f instance.yaml --exit-code', '# a shared file, then what differs per instance (layered key by key)', "forgectl state plan -p prod -f base.yaml -f 'instances/{profile}.yaml'"],
    options: (c) =>
      c
        .requiredOption('-f, --file <file>', FILE, collectRepeated)
        .option('--prune', 'plan to delete hooks and broadcasts the file does not name')
        .option('--exit-code', 'exit 5 when there are changes')
        .option('--strict', 'refuse settings forgectl does not know')
        .option('--allow-unknown', 'send a name close to a known setting as given instead of refusing it as a typo'),
    run: async (ctx, opts) => (await run()).planStateCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'apply',
    summary: 'Make the instance match the file: shows the plan, asks (--yes in scripts), applies',
    description:
      'Writes in the order settings, plan limits, system hooks, broadcast messages, notification settings, groups. ' +
      'A protected environment of a listed group that its protected_environments leave out is unprotected only with --prune. On the first failure it stops (exit 1) ' +
      'and lists what was applied, what failed and what was not tried; running it again plans afresh and finishes the job.',
    writes: true,
    exitCodes: ['1  a write failed (applied / failed / not tried are listed)', '2  invalid file, unresolvable secret reference, or no terminal to confirm and no --yes (nothing was sent)'],
    examples: ['forgectl state apply -f instance.yaml', 'forgectl state apply -f instance.yaml --prune --yes', 'forgectl state apply -f instance.yaml --dry-run'],
    options: (c) =>
      c
        .requiredOption('-f, --file <file>', FILE, collectRepeated)
        .option('--prune', 'delete hooks and broadcasts the file does not name')
        .option('--strict', 'refuse settings forgectl does not know')
        .option('--allow-unknown', 'send a name close to a known setting as given instead of refusing it as a typo'),
    run: async (ctx, opts) => (await run()).applyStateCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'schema',
    scope: 'local',
    globals: { output: false },
    summary: 'Print the JSON Schema of the instance file (for editors)',
    examples: ['forgectl state schema > instance.schema.json'],
    run: async () => (await run()).schemaStateCommand(),
  });
}
