import type { Context } from '../../context.js';
import { listEvents, type Event, type EventSource } from '../../api/events.js';
import { UsageError } from '../../core/errors.js';
import { list, type Column, type CommandResult } from '../../core/output.js';
import { parseDate } from '../../core/parse.js';
import { parseProjectId } from '../../core/refs.js';
import { exclusive, pageOptions } from '../shared.js';
import { ACTION_OF_SHOWN_NAME, EVENT_ACTIONS, EVENT_TARGET_TYPES } from './values.js';

export { EVENT_ACTIONS, EVENT_TARGET_TYPES };

export interface EventsListOptions {
  user?: string;
  project?: string;
  scope?: string;
  action?: string;
  targetType?: string;
  before?: string;
  after?: string;
  sort?: string;
}

const COLUMNS: Column<Event>[] = [
  { key: 'created_at', header: 'time' },
  { key: 'author_username', header: 'author' },
  { key: 'action_name', header: 'action' },
  { key: 'target_type', header: 'target' },
  { key: 'target_title', header: 'title', value: (e) => e.target_title ?? (e as { push_data?: { ref?: string } }).push_data?.ref ?? (e as { wiki_page?: { title?: string } }).wiki_page?.title ?? '' },
  { key: 'project_id', header: 'project' },
];

function targetType(raw: string): string {
  if ((EVENT_TARGET_TYPES as readonly string[]).includes(raw)) return raw;
  const lower = raw.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  if ((EVENT_TARGET_TYPES as readonly string[]).includes(lower)) {
    throw new UsageError(`--target-type takes lowercase values: write ${lower}, not ${raw}`);
  }
  throw new UsageError(`--target-type must be one of ${EVENT_TARGET_TYPES.join(', ')}; got ${JSON.stringify(raw)}`);
}

/**
 * A warning for an --action value outside the known set: it is sent as given, since the spec leaves
 * the set open and a newer service may know more, though GitLab answers 400 to one it does not know.
 */
export function actionWarning(action: string | undefined): string | undefined {
  if (action === undefined || (EVENT_ACTIONS as readonly string[]).includes(action)) return undefined;
  const lower = action.trim().toLowerCase();
  const known = (EVENT_ACTIONS as readonly string[]).includes(lower) ? lower : ACTION_OF_SHOWN_NAME[lower];
  const advice = known ? `; events shown as "${lower}" are selected by --action ${known}` : '';
  return `--action ${JSON.stringify(action)} is not one of the known actions (${EVENT_ACTIONS.join(', ')}); sent as given, the service may refuse it${advice}`;
}

export function buildEventsQuery(o: EventsListOptions): { source: EventSource; query: Record<string, string | undefined> } {
  exclusive(o as Record<string, unknown>, { user: '--user', project: '--project' });
  if (o.scope !== undefined && (o.user !== undefined || o.project !== undefined)) throw new UsageError('--scope applies to your own events only, not with --user or --project');
  let source: EventSource = { kind: 'own' };
  if (o.user !== undefined) {
    if (!o.user.trim()) throw new UsageError('--user needs an id or a username');
    source = { kind: 'user', user: o.user.trim() };
  }
  if (o.project !== undefined) source = { kind: 'project', project: parseProjectId(o.project, '--project') };
  if (o.action !== undefined && !o.action.trim()) throw new UsageError('--action needs a value', `known actions: ${EVENT_ACTIONS.join(', ')}`);
  const before = o.before === undefined ? undefined : parseDate('--before', o.before);
  const after = o.after === undefined ? undefined : parseDate('--after', o.after);
  // Both bounds exclude their own day, so nothing lies between them unless --after is two days earlier.
  if (before !== undefined && after !== undefined && after >= before) {
    throw new UsageError(`--after ${after} is not before --before ${before}: no event can match`, 'both dates are exclusive');
  }
  return {
    source,
    query: { action: o.action, target_type: o.targetType === undefined ? undefined : targetType(o.targetType), before, after, sort: o.sort, scope: o.scope },
  };
}

export async function listEventsCommand(ctx: Context, o: EventsListOptions): Promise<CommandResult> {
  const { source, query } = buildEventsQuery(o);
  const warning = actionWarning(o.action);
  if (warning) ctx.warn(warning);
  const http = await ctx.http();
  return list(listEvents(http, source, query, pageOptions(ctx)), COLUMNS, { empty: 'No events match.' });
}
