// `forgectl notify get|set`: notification settings, global or for a group or project (spec part 2 §4.7).

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry, TypedOption as Option, type DeclaredOptions, type OptionValues } from '../../core/command.js';
import { NOTIFICATION_EVENTS, NOTIFICATION_LEVELS } from './values.js';
import { firstNamed, numericId } from '../../core/instance-ids.js';

const run = () => import('./run.js');

function scopeOptions<O extends OptionValues>(c: DeclaredOptions<O>) {
  return c.option('--group <group>', 'settings for this group (id or full path)').option('--project <project>', 'settings for this project (id or full path)');
}

export function registerNotify(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'notify', 'Read and change your notification settings');
  defineCommand(group, reg, {
    name: 'get',
    summary: 'Show your notification level (and events when custom)',
    description: 'Without --group or --project: the global setting, with the notification email.',
    examples: ['forgectl notify get', 'forgectl notify get --group acme/platform', 'forgectl notify get --project acme/platform/api -o json'],
    options: scopeOptions,
    run: async (ctx, opts) => (await run()).getNotifyCommand(ctx, opts),
  });
  defineCommand(group, reg, {
    name: 'set',
    summary: 'Change your notification level, email or events',
    description:
      `Levels: ${NOTIFICATION_LEVELS.join(', ')}. ` +
      `Events (--on / --off, comma-separated): ${NOTIFICATION_EVENTS.join(', ')} (new_epic: Ultimate). ` +
      'Events are saved at any level but only take effect at level custom: --on/--off send just the events ' +
      '(and the level only when --level is given), and a note on stderr says when the level in force leaves them inactive. ' +
      '--email (the notification email) is global only.',
    examples: [
      'forgectl notify set --level watch',
      'forgectl notify set --email alice@example.com',
      'forgectl notify set --project acme/platform/api --level custom --on new_note,failed_pipeline --off new_issue',
      'forgectl notify set --group acme --level disabled',
    ],
    options: (c) =>
      scopeOptions(c)
        .addOption(new Option('--level <level>', 'notification level').choices([...NOTIFICATION_LEVELS]))
        .option('--email <address>', 'notification email (global only; one of your verified addresses)')
        .option('--on <events>', 'comma-separated events to turn on')
        .option('--off <events>', 'comma-separated events to turn off'),
    writes: true,
    localIds: { named: (_args, o) => firstNamed(numericId(o.group, 'group'), numericId(o.project, 'project')) },
    run: async (ctx, opts) => (await run()).setNotifyCommand(ctx, opts),
  });
}
