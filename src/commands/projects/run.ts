import type { Context } from '../../context.js';
import { listProjects, listUserProjects, readsInIdOrder, type Project } from '../../api/projects.js';
import { list, type Column, type CommandResult } from '../../core/output.js';
import { pageOptions } from '../shared.js';
import { projectQuery, type ProjectListOptions } from './filters.js';

const COLUMNS: Column<Project>[] = [
  { key: 'id' },
  { key: 'path_with_namespace', header: 'path' },
  { key: 'visibility' },
  { key: 'archived', value: (p) => (p.archived ? 'archived' : '') },
  { key: 'default_branch', header: 'branch' },
  { key: 'last_activity_at', header: 'last activity' },
];

export async function listProjectsCommand(ctx: Context, o: ProjectListOptions & { showSecrets?: boolean }): Promise<CommandResult> {
  const query = projectQuery(o);
  const http = await ctx.http({ anonymous: true }); // public projects need no credentials
  const paging = pageOptions(ctx);
  if (o.user === undefined && query.order_by === undefined && readsInIdOrder(query, paging) && ctx.stderrIsTTY) {
    // The order differs from the service's default (created_at): say so to the person reading.
    // One line at 80 columns: the why is in --help and the README.
    ctx.notice(`Listing by id, ${query.sort === 'asc' ? 'oldest' : 'newest'} first: --all pages by id; --order-by sets another order`);
  }
  const items = o.user !== undefined ? listUserProjects(http, o.user, query, paging) : listProjects(http, query, paging);
  // runners_token registers runners to the project: shown only when asked for.
  return list(items, COLUMNS, { empty: 'No projects match.', maskTokenLike: !o.showSecrets });
}
