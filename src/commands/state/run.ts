// `state export|plan|apply|schema`.

import type { Context } from '../../context.js';
import { CommandFailedError, ExitCode, UsageError } from '../../core/errors.js';
import { document, none, object, text, type CommandResult } from '../../core/output.js';
import { confirmDestructive, instanceNamed } from '../shared.js';
import { computePlan, type Planned, type PlanOptions } from './load.js';
import { countsText, instanceText, itemName, planLineColour, planLines, planMarkdown, planRows } from './render.js';
import { instanceFileJsonSchema } from './schema.js';
import { applyPlan, checkEnvRefs, failureError, reportLine, resolveAll, secretResolver, unconfirmedNotes, type WriteReport } from './apply.js';
import { choosePlanProfile, profileFor } from './plan-profile.js';
import { planDocument, readPlanDocument, type PlanInstance } from './document.js';
import { PROFILE_MARK, sameFile, STDOUT_NAME, writeOutputFile } from '../../core/output-file.js';
import { recheck } from './recheck.js';

export { exportStateCommand } from './export.js';


function needFile(o: PlanOptions): string[] {
  if (!o.file?.length) throw new UsageError('give the instance file with -f FILE', 'start from `forgectl state export > instance.yaml`');
  return o.file;
}

export async function planStateCommand(ctx: Context, o: PlanOptions & { exitCode?: boolean; out?: string }): Promise<CommandResult> {
  if (o.out === STDOUT_NAME && ctx.globals.outputChosen && ctx.globals.output !== 'json') {
    throw new UsageError(`--out - puts the plan document on standard output, where -o ${ctx.globals.output} would go`, 'save it to a file (--out plan.json), or leave out one of them');
  }
  // The plan (JSON) would replace the file it was made from (--out is written through a link, {profile} expanded).
  const profile = o.out && o.file?.some((f) => f.includes(PROFILE_MARK)) ? (await ctx.connection()).profile?.name : undefined;
  if (o.out && o.out !== STDOUT_NAME && o.file?.some((f) => sameFile(f.replace(/^\?/, '').split(PROFILE_MARK).join(profile ?? PROFILE_MARK), o.out!))) {
    throw new UsageError(`--out ${o.out} is the instance file given with -f`, 'save the plan under another name: --out plan.json');
  }
  const { plan } = await computePlan(ctx, { ...o, saved: !!o.out }, needFile(o));
  const instance = await instanceNamed(ctx);
  const doc = planDocument(plan, instance, new Date(ctx.clock.now()).toISOString());
  if (o.out === STDOUT_NAME) return savedOnStdout(ctx, doc, plan, instance, o.exitCode);
  if (o.out) {
    writeOutputFile('--out', o.out, `${JSON.stringify(doc, null, 2)}\n`);
    // Where the instance came from, if typed on the line, is needed again to apply (the environment stays set).
    const g = ctx.globals;
    const from = g.inventory && !g.inventoryFromEnv ? `--inventory ${g.inventory} ` : !g.inventory && g.configDir ? `--config-dir ${g.configDir} ` : '';
    ctx.notice(`Saved the plan to ${o.out}: \`forgectl ${from}state apply --plan ${o.out}\` applies exactly these changes.`);
  }
  const result = document(doc, { text: planLines(plan, instance).join('\n'), markdown: planMarkdown(plan, instance), colour: planLineColour, rows: planRows(plan) });
  return withExitCode(result, plan, o.exitCode);
}

function withExitCode(result: CommandResult, plan: Planned['plan'], exitCode: boolean | undefined): CommandResult {
  const n = plan.items.length;
  return exitCode && n ? { ...result, exitCode: ExitCode.differs, summary: `${n} change${n === 1 ? '' : 's'}` } : result;
}

/** `--out -`: the plan document (JSON) is the answer on standard output; the plan text goes to standard error. */
function savedOnStdout(ctx: Context, doc: unknown, plan: Planned['plan'], instance: PlanInstance, exitCode: boolean | undefined): CommandResult {
  for (const line of planLines(plan, instance)) ctx.notice(line);
  return withExitCode(document(doc, { text: JSON.stringify(doc, null, 2) }), plan, exitCode);
}

export interface ApplyOptions extends PlanOptions {
  plan?: string;
}

/**
 * A saved plan, rebuilt from what it shows and checked against this instance: another instance, or
 * items that moved, refuse it (exit 1). Its references are not resolved here: only once confirmed.
 */
async function savedPlan(ctx: Context, path: string): Promise<Planned & { instance: PlanInstance }> {
  const saved = readPlanDocument(path);
  const resolve = secretResolver(ctx).slot;
  // An unset {env} stops the run before any request; a {command} is not run before the confirmation.
  if (!ctx.dryRun) await checkEnvRefs(saved.plan.items, resolve);
  await choosePlanProfile(ctx, saved.instance);
  const http = await ctx.http();
  const instance = await instanceNamed(ctx);
  if (saved.instance.url !== instance.url) {
    const named = await profileFor(ctx, saved.instance);
    throw new CommandFailedError(
      `${path} is a plan for ${instanceText(saved.instance)}, not for ${instanceText(instance)}`,
      named ? `apply it with -p ${named}, or make a plan for this instance` : 'apply it with the profile (or --url) of its instance, or make a plan for this one',
    );
  }
  const moved = await recheck(http, saved.plan.items, itemName);
  if (moved.length) {
    throw new CommandFailedError(
      `the instance changed since the plan was made (${saved.createdAt}); nothing was applied:\n${moved.map((d) => `  ${d}`).join('\n')}`,
      'make a new plan (`forgectl state plan -f FILE --out plan.json`), review it, and apply that',
    );
  }
  return { plan: saved.plan, http, resolve, instance };
}

export async function applyStateCommand(ctx: Context, o: ApplyOptions): Promise<CommandResult> {
  if (o.plan && o.file?.length) throw new UsageError('give -f FILE or --plan PLAN, not both', '--plan applies a saved plan as it was reviewed; -f plans afresh');
  if (o.plan && (o.prune || o.noSecrets || o.replace?.length)) throw new UsageError('--prune, --replace and --no-secrets are decided when the plan is made, not with --plan', 'give them to `state plan --out`');
  const planned: Planned & { instance?: PlanInstance } = o.plan ? await savedPlan(ctx, o.plan) : await computePlan(ctx, o, needFile(o));
  const { plan, http, resolve } = planned;
  const instance = planned.instance ?? (await instanceNamed(ctx));
  for (const line of planLines(plan, instance)) ctx.notice(line);
  const report = (reports: WriteReport[], exitCode: number) => ({ instance, writes: reports, exit_code: exitCode });
  const json = ctx.globals.output !== 'table';
  if (!plan.items.length) return json ? object(report([], 0)) : none;
  await confirmDestructive(ctx, `Apply ${countsText(plan)} to ${instanceText(instance)}?`);
  // References are resolved only now, once the run is confirmed, and never for a dry run.
  if (!ctx.dryRun) await resolveAll(plan.items, resolve);
  const outcome = await applyPlan(http, plan.items, resolve, itemName);
  for (const note of unconfirmedNotes(outcome.reports)) ctx.notice(note);
  if (outcome.failed) {
    for (const r of outcome.reports) ctx.notice(reportLine(r));
    const error = failureError(outcome.failed, `fix the cause and run \`state apply\` again${o.plan ? ' with a new plan' : ''}: it plans afresh and finishes the job`);
    if (!json) throw error;
    // The report is the answer on stdout; the error stays on stderr with the text.
    ctx.notice(`error: ${error.message}`);
    if (error.hint) ctx.notice(`hint: ${error.hint}`);
    return { ...object(report(outcome.reports, error.exitCode)), exitCode: error.exitCode };
  }
  ctx.notice(ctx.dryRun ? 'Dry run: nothing was changed.' : `Applied: ${countsText(plan)}.`);
  return json ? object(report(outcome.reports, 0)) : none;
}

/** A saved plan as it will run: read and rebuilt as apply does, shown as plan shows it; no request, nothing resolved. */
export function showStateCommand(ctx: Context, path: string): CommandResult {
  const saved = readPlanDocument(path);
  const { plan, instance } = saved;
  return document(planDocument(plan, instance, saved.createdAt), { text: planLines(plan, instance).join('\n'), markdown: planMarkdown(plan, instance), colour: planLineColour, rows: planRows(plan) });
}

export function schemaStateCommand(): CommandResult {
  return text(JSON.stringify(instanceFileJsonSchema(), null, 2));
}
