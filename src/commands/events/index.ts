// `forgectl events list`: the activity feed (spec part 2 §4.4).

import type { Command } from 'commander';
import { defineCommand, defineGroup, suggestValues, type Registry, TypedOption as Option } from '../../core/command.js';
import { EVENT_ACTIONS, EVENT_TARGET_TYPES } from './values.js';

const run = () => import('./list.js');

export function registerEvents(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'events', 'Read the activity feed of you, a user or a project');
  defineCommand(group, reg, {
    name: 'list',
    summary: 'List activity events (newest first)',
    aliases: ['ls'],
    description:
      'Without --user or --project: your own events (GET /events); --scope all adds every event of the projects you are a member of. ' +
      'With --user: that user’s events; with --project: the project’s. Your own and user events need a token with scope read_user or api. ' +
      '--before and --after are dates (YYYY-MM-DD) and exclude the day itself. Events older than three years are removed by the service; ' +
      'events about epics are not available.',
    examples: [
      'forgectl events list',
      'forgectl events list --scope all --action pushed --after 2024-01-31',
      'forgectl events list --user alice --target-type merge_request --sort asc',
      'forgectl events list --project acme/platform/api --action commented -o json',
    ],
    exitCodes: ['4  the token lacks scope read_user or api (own and user events)', '3  the user or project does not exist or is not visible'],
    options: (c) =>
      c
        .option('--user <user>', 'events of this user (id or username)')
        .option('--project <project>', 'events of this project (id or full path)')
        .addOption(new Option('--scope <scope>', 'all: every event of your projects (own events only)').choices(['all']))
        .addOption(suggestValues(new Option('--action <action>', `only this kind of action: ${EVENT_ACTIONS.join(', ')} (others are sent with a warning)`), EVENT_ACTIONS))
        .option('--target-type <type>', `only events about this (lowercase): ${EVENT_TARGET_TYPES.join(', ')}`)
        .option('--before <date>', 'only events before this day (YYYY-MM-DD)')
        .option('--after <date>', 'only events after this day (YYYY-MM-DD)')
        .addOption(new Option('--sort <order>', 'by creation time (service default: desc)').choices(['asc', 'desc'])),
    // Own and user events need read_user or api: say so when the token has neither.
    explain: (e, _args, o) =>
      e.insufficientScope !== undefined && o.project === undefined ? 'reading your own or a user’s events needs a token with scope read_user or api' : undefined,
    run: async (ctx, opts) => (await run()).listEventsCommand(ctx, opts),
  });
}
