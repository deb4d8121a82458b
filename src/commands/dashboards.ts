// `forgectl dashboards star|unstar`: a user's favourite metrics dashboards (spec part 3 §4.5).

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry } from '../core/command.js';
import { UsageError } from '../core/errors.js';
import { none, object, type CommandResult } from '../core/output.js';
import type { Context } from '../context.js';
import { parseProjectId } from '../core/refs.js';
import { numericId } from '../core/instance-ids.js';

function checkProject(raw: string): string {
  return String(parseProjectId(raw));
}

export function registerDashboards(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'dashboards', 'Star and unstar metrics dashboards');
  defineCommand(group, reg, {
    name: 'star <project> <dashboard_path>',
    summary: 'Star a metrics dashboard of a project',
    writes: true,
    localIds: { named: (args) => numericId(args[0], 'project') },
    examples: ['forgectl dashboards star acme/platform/api config/prometheus/common_metrics.yml'],
    exitCodes: ['3  no such project'],
    run: (ctx, _o, args) => starCommand(ctx, args[0], args[1]),
  });
  defineCommand(group, reg, {
    name: 'unstar <project> [dashboard_path]',
    summary: 'Unstar one dashboard, or every dashboard of the project with --all',
    writes: true,
    localIds: { named: (args) => numericId(args[0], 'project') },
    examples: ['forgectl dashboards unstar acme/platform/api config/prometheus/common_metrics.yml', 'forgectl dashboards unstar acme/platform/api --all'],
    exitCodes: ['2  neither a dashboard path nor --all', '3  no such project'],
    replacesGlobals: ['--all'],
    options: (c) => c.option('--all', 'remove every star of the project'),
    run: (ctx, o, args) => unstarCommand(ctx, o, args[0], args[1]),
  });
}

export async function starCommand(ctx: Context, rawProject: string, dashboardPath: string): Promise<CommandResult> {
  const project = checkProject(rawProject);
  if (!dashboardPath.trim()) throw new UsageError('a dashboard path is required');
  const { starDashboard } = await import('../api/dashboards.js');
  const star = await starDashboard(await ctx.http(), project, dashboardPath.trim());
  return star ? object(star) : none;
}

export async function unstarCommand(ctx: Context, o: { all?: boolean }, rawProject: string, dashboardPath?: string): Promise<CommandResult> {
  const project = checkProject(rawProject);
  if (dashboardPath !== undefined && o.all) throw new UsageError('give a dashboard path or --all, not both');
  if (dashboardPath === undefined && !o.all) throw new UsageError('which dashboard?', 'give its path, or --all to unstar every dashboard of the project');
  if (dashboardPath !== undefined && !dashboardPath.trim()) throw new UsageError('the dashboard path must not be empty');
  const { unstarDashboards } = await import('../api/dashboards.js');
  const res = await unstarDashboards(await ctx.http(), project, dashboardPath?.trim());
  if (res === null) return none;
  // A 204 (or an empty 200) says it is done, not how many went.
  if (res === undefined) {
    ctx.notice(dashboardPath === undefined ? `Unstarred the dashboards of ${project}.` : `Unstarred ${dashboardPath.trim()}.`);
    return none;
  }
  return object(res, { columns: [{ key: 'deleted_rows', header: 'deleted rows' }] });
}
