// `forgectl broadcast …` (CLI.md "Broadcast messages"; spec part 1 §2.4, §4.4).

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry, TypedOption as Option, type DeclaredOptions, type OptionValues } from '../../core/command.js';
import { DURATION_HELP } from '../../core/parse.js';
import { numericId } from '../../core/instance-ids.js';
import { BROADCAST_THEMES, BROADCAST_TYPES } from './fields.js';

const run = () => import('./run.js');

function messageOptions<O extends OptionValues>(c: DeclaredOptions<O>, create: boolean) {
  return c
    .option('--message <text>', create ? 'the message (required)' : 'new message text; without an id, the message with exactly this text')
    .option('--starts-at <datetime>', create ? 'ISO 8601 start (default: now, set by the service)' : 'ISO 8601 start')
    .option('--ends-at <datetime>', create ? 'ISO 8601 end (default: one hour after now)' : 'ISO 8601 end')
    .option('--duration <duration>', `end this long after the start instead of --ends-at, e.g. 90min, 2h or 3d (${DURATION_HELP})`)
    .option('--font <color>', 'text colour as a hex code, e.g. #FFFFFF')
    .option('--target-access-levels <levels>', 'show only to these roles: comma-separated from 10, 20, 30, 40, 50')
    .option('--target-path <path>', 'show only on matching paths, e.g. */welcome')
    .addOption(new Option('--type <type>', create ? 'banner (default) or notification' : 'banner or notification').choices(BROADCAST_TYPES))
    .addOption(new Option('--theme <theme>', 'banner colour theme').choices(BROADCAST_THEMES))
    .option('--dismissable', 'users may dismiss the message')
    .option('--no-dismissable', 'users may not dismiss the message');
}

export function registerBroadcast(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'broadcast', 'Manage broadcast messages shown to the instance’s users');

  defineCommand(group, reg, {
    name: 'list',
    summary: 'List broadcast messages (no credentials needed)',
    aliases: ['ls'],
    examples: ['forgectl broadcast list', 'forgectl broadcast list -o json --fields id,message,active'],
    run: async (ctx) => (await run()).listBroadcastsCommand(ctx),
  });

  defineCommand(group, reg, {
    name: 'get <id>',
    summary: 'Show one broadcast message (no credentials needed)',
    examples: ['forgectl broadcast get 1', 'forgectl broadcast get 1 -o yaml'],
    subject: (args) => `broadcast message ${args[0]}`,
    run: async (ctx, _o, args) => (await run()).getBroadcastCommand(ctx, args[0]),
  });

  defineCommand(group, reg, {
    name: 'create',
    summary: 'Create a broadcast message (administrators)',
    description:
      'The service fills in what is not given: it starts now, ends one hour later and is a banner. ' +
      'The end must come after the start.',
    writes: true,
    examples: [
      'forgectl broadcast create --message "Deploy in progress" --duration 2h',
      'forgectl broadcast create --message "Maintenance tonight" --starts-at 2030-01-31T22:00:00Z --ends-at 2030-02-01T02:00:00Z --type notification --target-access-levels 30,40 --dismissable',
    ],
    options: (c) => messageOptions(c, true),
    run: async (ctx, opts) => (await run()).createBroadcastCommand(ctx, opts),
  });

  defineCommand(group, reg, {
    name: 'update [id]',
    summary: 'Change a broadcast message (administrators); nothing is defaulted',
    description:
      'Name the message by its id, or by its text with --message and no id: the text is the same on every instance, ' +
      'the id is not, so over several instances (--profiles) only --message is taken, and each instance changes its one message ' +
      'with that text (none or several: that instance fails, naming the ids). Named by text, its text stays as it is.',
    writes: true,
    examples: [
      'forgectl broadcast update 1 --message "Deploy finished"',
      'forgectl broadcast update 1 --duration 30min --no-dismissable',
      '# the same message on every instance: named by its text',
      'forgectl broadcast update --message "Deploy in progress" --ends-at 2030-01-31T23:00:00Z --profiles prod-eu,prod-us',
    ],
    options: (c) => messageOptions(c, false),
    localIds: { named: (args) => numericId(args[0], 'broadcast message'), instead: '--message TEXT' },
    subject: (args) => (args[0] === undefined ? undefined : `broadcast message ${args[0]}`),
    run: async (ctx, opts, args) => (await run()).updateBroadcastCommand(ctx, opts, args[0]),
  });

  defineCommand(group, reg, {
    name: 'delete [id]',
    summary: 'Delete a broadcast message (asks first; --yes in scripts)',
    description:
      'Name the message by its id, or by its text with --message: over several instances (--profiles) only --message is taken, ' +
      'and each instance deletes its one message with that text (none or several: that instance fails, naming the ids).',
    writes: true,
    examples: ['forgectl broadcast delete 1', 'forgectl broadcast delete 1 --yes', 'forgectl broadcast delete --message "Deploy in progress" --all-profiles --yes'],
    options: (c) => c.option('--message <text>', 'the message with exactly this text, instead of an id'),
    localIds: { named: (args) => numericId(args[0], 'broadcast message'), instead: '--message TEXT' },
    subject: (args) => (args[0] === undefined ? undefined : `broadcast message ${args[0]}`),
    run: async (ctx, o, args) => (await run()).deleteBroadcastCommand(ctx, o, args[0]),
  });
}
