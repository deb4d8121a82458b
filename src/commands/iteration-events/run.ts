// Iteration events of an issue.

import { getIterationEvent, listIterationEvents, type IterationEvent } from '../../api/iteration-events.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { list, object, type Column, type CommandResult } from '../../core/output.js';
import { parseInteger } from '../../core/parse.js';
import { takeNoteableRef, type ProjectItemRef } from '../../core/refs.js';
import { pageOptions } from '../shared.js';

const COLUMNS: Column<IterationEvent>[] = [
  { key: 'id' },
  { key: 'created_at', header: 'time' },
  { key: 'user.username', header: 'user' },
  { key: 'action' },
  { key: 'iteration.title', header: 'iteration' },
  { key: 'iteration.start_date', header: 'start' },
  { key: 'iteration.due_date', header: 'due' },
];

function issueAnd(args: string[], extra: number): { ref: ProjectItemRef; rest: string[] } {
  const { ref, rest } = takeNoteableRef(args, ['issue'], 'issue');
  if (rest.length !== extra) throw new UsageError(extra ? 'expected ISSUE_REF EVENT_ID' : 'expected only ISSUE_REF', 'e.g. acme/platform/gateway#1' + (extra ? ' 143' : ''));
  return { ref: ref as ProjectItemRef, rest };
}

export async function listIterationEventsCommand(ctx: Context, args: string[]): Promise<CommandResult> {
  const { ref } = issueAnd(args, 0);
  const http = await ctx.http();
  return list(listIterationEvents(http, ref.project, ref.id, pageOptions(ctx)), COLUMNS, { empty: 'No iteration events.' });
}

export async function getIterationEventCommand(ctx: Context, args: string[]): Promise<CommandResult> {
  const { ref, rest } = issueAnd(args, 1);
  const id = parseInteger('EVENT_ID', rest[0], { min: 1 });
  const http = await ctx.http();
  return object(await getIterationEvent(http, ref.project, ref.id, id), { columns: COLUMNS });
}
