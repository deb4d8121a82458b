// `state export|plan|apply|schema`.

import type { Context } from '../../context.js';
import { CommandFailedError, UsageError } from '../../core/errors.js';
import { none, object, text, type CommandResult } from '../../core/output.js';
import { confirmDestructive } from '../shared.js';
import { EXIT_DIFFERS } from '../settings/run.js';
import { computePlan, type PlanOptions } from './load.js';
import { identityText, planData, planLines, summaryLine } from './render.js';
import { instanceFileJsonSchema } from './schema.js';
import type { PlanItem } from './plan.js';

export { exportStateCommand } from './export.js';


function needFile(o: PlanOptions): string[] {
  if (!o.file?.length) throw new UsageError('give the instance file with -f FILE', 'start from `forgectl state export > instance.yaml`');
  return o.file;
}

export async function planStateCommand(ctx: Context, o: PlanOptions & { exitCode?: boolean }): Promise<CommandResult> {
  const { plan } = await computePlan(ctx, o, needFile(o));
  const result = ctx.globals.output === 'table' ? text(planLines(plan).join('\n')) : object(planData(plan));
  const n = plan.items.length;
  return o.exitCode && n ? { ...result, exitCode: EXIT_DIFFERS, summary: `${n} change${n === 1 ? '' : 's'}` } : result;
}

function label(item: PlanItem): string {
  return `${item.action} ${item.resource} ${identityText(item.resource, item.identity)}`;
}

export async function applyStateCommand(ctx: Context, o: PlanOptions): Promise<CommandResult> {
  const { plan, http } = await computePlan(ctx, o, needFile(o));
  for (const line of planLines(plan)) ctx.notice(line);
  if (!plan.items.length) return none;
  await confirmDestructive(ctx, `Apply these ${plan.items.length} change${plan.items.length > 1 ? 's' : ''} to ${http.baseUrl}?`);
  const applied: PlanItem[] = [];
  for (const [i, item] of plan.items.entries()) {
    try {
      await item.write(http);
    } catch (err) {
      for (const a of applied) ctx.notice(`applied: ${label(a)}`);
      ctx.notice(`failed: ${label(item)}`);
      for (const n of plan.items.slice(i + 1)) ctx.notice(`not tried: ${label(n)}`);
      throw new CommandFailedError(`${label(item)} failed: ${(err as Error).message}`, 'fix the cause and run `state apply` again: it plans afresh and finishes the job');
    }
    applied.push(item);
  }
  ctx.notice(ctx.dryRun ? 'Dry run: nothing was changed.' : `Applied: ${summaryLine(plan).replace(/^Plan: /, '')}`);
  return none;
}

export function schemaStateCommand(): CommandResult {
  return text(JSON.stringify(instanceFileJsonSchema(), null, 2));
}
