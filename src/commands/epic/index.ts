// `forgectl epic`: epics of a group (spec part 2 §4.5).

import type { Command } from 'commander';
import { ApiError } from '../../core/errors.js';
import { defineCommand, defineGroup, type Registry, TypedOption as Option, type DeclaredOptions, type OptionValues } from '../../core/command.js';
import { numericId, refParentId } from '../../core/instance-ids.js';

const run = () => import('./run.js');

/** A 403 from the epics API usually means the feature is not there (it needs Premium or Ultimate). */
function explain(err: ApiError): string | undefined {
  if (err.status === 403 && err.insufficientScope === undefined) {
    return 'epics need the Premium or Ultimate tier, and writing them the Planner role or above; the instance refused (403)';
  }
  return undefined;
}

const REF = "REF is 'group&5', in single quotes (unquoted, the shell would start a background job at the &), or the two arguments GROUP IID.";

/** Body fields shared by create and update. */
function fieldOptions<O extends OptionValues>(c: DeclaredOptions<O>) {
  return c
    .option('--description <text>', 'description (at most 1,048,576 characters); - reads standard input')
    .option('--description-file <file>', 'read the description from a file')
    .option('--confidential', 'only members with the Planner role or higher see the epic')
    .option('--no-confidential', 'the opposite of --confidential')
    .option('--color <hex>', 'colour such as #1068bf (behind a feature flag on the service)')
    .option('--start-date-fixed <date>', 'fixed start date YYYY-MM-DD (implies --start-date-is-fixed)')
    .option('--due-date-fixed <date>', 'fixed due date YYYY-MM-DD (implies --due-date-is-fixed)')
    .option('--start-date-is-fixed', 'use the fixed start date rather than the one inherited from child epics and milestones')
    .option('--no-start-date-is-fixed', 'the opposite of --start-date-is-fixed')
    .option('--due-date-is-fixed', 'use the fixed due date rather than the inherited one')
    .option('--no-due-date-is-fixed', 'the opposite of --due-date-is-fixed')
    .option('--parent-id <id|ref>', "parent epic (in this group or an ancestor): its global id, or a reference 'group&5' ('&5': this group), quoted; 0 removes the parent on update");
}

export function registerEpic(program: Command, reg: Registry): void {
  const group = defineGroup(
    program,
    'epic',
    'Epics of a group',
    `${REF}\nNote: the epics REST API is deprecated and scheduled for removal in API v5 (the service’s work items replace it).`,
  );
  defineCommand(group, reg, {
    name: 'list <group>',
    summary: 'List the epics of a group (and, by default, its subgroups)',
    aliases: ['ls'],
    examples: [
      'forgectl epic list acme --state opened --labels roadmap',
      'forgectl epic list acme/platform --include-ancestor-groups --order-by title --sort asc',
      'forgectl epic list acme --not-labels cleanup --not-author bob -o json',
      'forgectl epic list acme --created-after 2024-01-01T00:00:00Z --search api',
    ],
    options: (c) =>
      c
        .option('--author-id <id>', 'created by this user id').option('--author <username>', 'created by this user')
        .option('--labels <names>', 'comma-separated; all must match (None or Any too)')
        .option('--with-labels-details', 'labels as objects with colour and description')
        .option('--no-with-labels-details', 'the opposite of --with-labels-details')
        .addOption(new Option('--order-by <field>', 'sort field (service default: created_at)').choices(['created_at', 'updated_at', 'title']))
        .addOption(new Option('--sort <order>', 'service default: desc').choices(['asc', 'desc']))
        .option('--search <text>', 'title or description contains this text')
        .addOption(new Option('--state <state>', 'service default: all').choices(['opened', 'closed', 'all']))
        .option('--created-after <datetime>', 'ISO 8601, inclusive').option('--created-before <datetime>', 'ISO 8601, inclusive')
        .option('--updated-after <datetime>', 'ISO 8601, inclusive').option('--updated-before <datetime>', 'ISO 8601, inclusive')
        .option('--include-ancestor-groups', 'include epics of the ancestor groups (service default: no)')
        .option('--no-include-ancestor-groups', 'the opposite of --include-ancestor-groups')
        .option('--include-descendant-groups', 'include epics of the subgroups (service default: yes)')
        .option('--no-include-descendant-groups', 'the opposite of --include-descendant-groups')
        .option('--my-reaction-emoji <emoji>', 'epics you reacted to with this emoji (None or Any too)')
        .option('--not-author-id <id>', 'not created by this user id').option('--not-author <username>', 'not created by this user')
        .option('--not-labels <names>', 'without any of these labels'),
    explain,
    run: async (ctx, opts, args) => (await run()).listEpicsCommand(ctx, opts, args[0]),
  });
  defineCommand(group, reg, {
    name: 'get <ref> [iid]',
    summary: 'Show one epic',
    description: REF,
    examples: ["forgectl epic get 'acme&1'", 'forgectl epic get acme 1 -o yaml'],
    explain,
    run: async (ctx, _opts, args) => (await run()).getEpicCommand(ctx, args),
  });
  defineCommand(group, reg, {
    name: 'create <group>',
    summary: 'Create an epic',
    description: '--created-at needs administrator rights or the Owner role of the group; the service ignores it otherwise.',
    examples: [
      "forgectl epic create acme --title 'Public API v3' --labels roadmap,api --start-date-fixed 2025-01-06 --due-date-fixed 2025-03-31",
      "forgectl epic create acme/platform --title 'Gateway' --parent-id 21 --description-file epic.md",
      "forgectl epic create acme/platform --title 'Edge cache' --parent-id 'acme&1'",
    ],
    writes: true,
    localIds: { named: (args) => numericId(args[0], 'group') },
    options: (c) =>
      fieldOptions(c
        .requiredOption('--title <title>', 'title of the epic')
        .option('--labels <names>', 'comma-separated label names')
        .option('--created-at <datetime>', 'ISO 8601 creation time (administrators and owners only)')),
    explain,
    run: async (ctx, opts, args) => (await run()).createEpicCommand(ctx, opts, args[0]),
  });
  defineCommand(group, reg, {
    name: 'update <ref> [iid]',
    summary: 'Change an epic (at least one change)',
    description: `${REF} --labels replaces every label ('' removes all); --add-labels and --remove-labels change some.`,
    examples: [
      "forgectl epic update 'acme&2' --title 'Rate limiting (v2)' --add-labels priority::1",
      "forgectl epic update 'acme&2' --due-date-fixed 2025-06-30 --no-confidential",
      'forgectl epic update acme 2 --state-event close',
    ],
    writes: true,
    localIds: { named: (args) => refParentId(args, 'group') },
    options: (c) =>
      fieldOptions(c
        .option('--title <title>', 'new title')
        .option('--labels <names>', "replace the labels ('' removes all)")
        .option('--add-labels <names>', 'comma-separated labels to add').option('--remove-labels <names>', 'comma-separated labels to remove')
        .addOption(new Option('--state-event <event>', 'close or reopen the epic').choices(['close', 'reopen']))
        .option('--updated-at <datetime>', 'ISO 8601 update time (administrators and owners only)')),
    explain,
    run: async (ctx, opts, args) => (await run()).updateEpicCommand(ctx, opts, args),
  });
  for (const [verb, event] of [['close', 'close'], ['reopen', 'reopen']] as const) {
    defineCommand(group, reg, {
      name: `${verb} <ref> [iid]`,
      summary: `${verb === 'close' ? 'Close' : 'Reopen'} an epic`,
      description: REF,
      examples: [`forgectl epic ${verb} 'acme&2'`, `forgectl epic ${verb} acme 2`],
      writes: true,
      localIds: { named: (args) => refParentId(args, 'group') },
      explain,
      run: async (ctx, _opts, args) => (await run()).updateEpicCommand(ctx, { stateEvent: event }, args),
    });
  }
}
