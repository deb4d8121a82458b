// `state export|plan|apply|schema`.

import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { none, object, text, type CommandResult } from '../../core/output.js';
import { confirmDestructive } from '../shared.js';
import { EXIT_DIFFERS } from '../settings/run.js';
import { computePlan, type PlanOptions } from './load.js';
import { itemName, planData, planLines, summaryLine } from './render.js';
import { stateJsonSchema } from './model.js';
import { applyPlan, failureError, reportLine } from './apply.js';

export { exportStateCommand } from './export.js';


function needFile(o: PlanOptions): string {
  if (!o.file) throw new UsageError('give the instance file with -f FILE', 'start from `forgectl state export > instance.yaml`');
  return o.file;
}

export async function planStateCommand(ctx: Context, o: PlanOptions & { exitCode?: boolean }): Promise<CommandResult> {
  const { plan } = await computePlan(ctx, o, needFile(o));
  const result = ctx.globals.output === 'table' ? text(planLines(plan).join('\n')) : object(planData(plan));
  return o.exitCode && plan.items.length ? { ...result, exitCode: EXIT_DIFFERS } : result;
}

export async function applyStateCommand(ctx: Context, o: PlanOptions): Promise<CommandResult> {
  const { plan, http, resolve } = await computePlan(ctx, o, needFile(o));
  for (const line of planLines(plan)) ctx.notice(line);
  if (!plan.items.length) return none;
  await confirmDestructive(ctx, `Apply these ${plan.items.length} change${plan.items.length > 1 ? 's' : ''} to ${http.baseUrl}?`);
  const outcome = await applyPlan(http, plan.items, resolve, itemName);
  if (outcome.failed) {
    for (const r of outcome.reports) ctx.notice(reportLine(r));
    throw failureError(outcome.failed, 'fix the cause and run `state apply` again: it plans afresh and finishes the job');
  }
  ctx.notice(ctx.dryRun ? 'Dry run: nothing was changed.' : `Applied: ${summaryLine(plan).replace(/^Plan: /, '')}`);
  return none;
}

export function schemaStateCommand(): CommandResult {
  return text(JSON.stringify(stateJsonSchema(), null, 2));
}
