// `forgectl iteration-events`: when iterations were added to or removed from an issue (spec part 2 §4.6).

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry } from '../../core/command.js';

const run = () => import('./run.js');

export function registerIterationEvents(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'iteration-events', 'Iteration changes of an issue', 'ISSUE_REF is group/project#12, or the two arguments PROJECT IID.');
  defineCommand(group, reg, {
    name: 'list <ref> [iid]',
    summary: 'List the iteration events of an issue',
    aliases: ['ls'],
    examples: ['forgectl iteration-events list acme/platform/gateway#1', 'forgectl iteration-events list acme/platform/gateway 1 -o json'],
    run: async (ctx, _opts, args) => (await run()).listIterationEventsCommand(ctx, args),
  });
  defineCommand(group, reg, {
    name: 'get <ref> <event-id...>',
    summary: 'Show one iteration event',
    description: 'Arguments: ISSUE_REF EVENT_ID (or PROJECT IID EVENT_ID).',
    examples: ['forgectl iteration-events get acme/platform/gateway#1 143'],
    run: async (ctx, _opts, args) => (await run()).getIterationEventCommand(ctx, args),
  });
}
