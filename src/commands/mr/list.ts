// `mr list`: across projects (GET /merge_requests, the service's default scope is created_by_me)
// or in one project.

import type { Context } from '../../context.js';
import { listMergeRequests } from '../../api/merge-requests.js';
import { list, type CommandResult } from '../../core/output.js';
import { parseProjectId } from '../../core/refs.js';
import { pageOptions } from '../shared.js';
import { mrListQuery, type MrListOptions } from './filters.js';
import { LIST_COLUMNS, SIMPLE_COLUMNS } from './shared.js';

export async function listMrCommand(ctx: Context, o: MrListOptions): Promise<CommandResult> {
  const project = o.project === undefined ? undefined : parseProjectId(o.project, '--project');
  const query = mrListQuery(o, project === undefined ? 'global' : 'project');
  const http = await ctx.http();
  const items = listMergeRequests(http, project, query, pageOptions(ctx));
  // Across projects the service lists only the caller's own by default: an administrator who
  // expected every merge request would otherwise take "none" for the answer.
  const onlyYours = project === undefined && query.scope === undefined;
  const empty = onlyYours ? 'No merge requests you created match: without --scope, mr list shows only yours; --scope all lists every one you can see.' : 'No merge requests match.';
  return list(items, query.view === 'simple' ? SIMPLE_COLUMNS : LIST_COLUMNS, { empty });
}
