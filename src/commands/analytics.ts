// `forgectl analytics GROUP_PATH`: the group's recent activity counts, requested in parallel.

import type { Command } from 'commander';
import type { ActivityKind } from '../api/analytics.js';
import { defineCommand, type Registry } from '../core/command.js';
import { UsageError } from '../core/errors.js';
import { object, type CommandResult } from '../core/output.js';
import { parseList } from '../core/parse.js';
import type { Context } from '../context.js';
import { parseGroupId } from '../core/refs.js';

export function registerAnalytics(program: Command, reg: Registry): void {
  defineCommand(program, reg, {
    name: 'analytics <group_path>',
    summary: 'Recent activity counts of a group: issues, merge requests, new members',
    description: 'The three counts are requested in parallel and shown together. --only takes one or more of issues, merge_requests, new_members.',
    examples: ['forgectl analytics acme', 'forgectl analytics acme/platform --only issues,merge_requests -o json'],
    exitCodes: ['3  no such group', '4  you may not read the group’s analytics (Reporter role and Premium needed)'],
    options: (c) => c.option('--only <kinds>', 'comma-separated: issues, merge_requests, new_members'),
    explain: (e) => (e.status === 403 ? 'group activity analytics need at least the Reporter role in the group, on a Premium instance' : undefined),
    run: (ctx, opts, args) => analyticsCommand(ctx, opts, args[0]),
  });
}

export async function analyticsCommand(ctx: Context, o: { only?: string }, rawGroup: string): Promise<CommandResult> {
  // Loaded when run, so registering the command costs nothing at start-up.
  const { ACTIVITY_KINDS, activityCount } = await import('../api/analytics.js');
  const group = String(parseGroupId(rawGroup, 'group path'));
  let kinds: ActivityKind[] = [...ACTIVITY_KINDS];
  if (o.only !== undefined) {
    const asked = parseList(o.only);
    const bad = asked.filter((k) => !(ACTIVITY_KINDS as readonly string[]).includes(k));
    if (bad.length || !asked.length) throw new UsageError(`--only takes ${ACTIVITY_KINDS.join(', ')}; got ${JSON.stringify(o.only)}`);
    kinds = ACTIVITY_KINDS.filter((k) => asked.includes(k));
  }
  const http = await ctx.http();
  const counts = await Promise.all(kinds.map((k) => activityCount(http, k, group)));
  const value: Record<string, unknown> = { group_path: group };
  kinds.forEach((k, i) => (value[`${k}_count`] = counts[i]));
  return object(value);
}
