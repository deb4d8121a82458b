// `plan-limits get|set`.

import type { Context } from '../../context.js';
import { PLAN_LIMIT_KEYS, PLAN_LIMIT_SIZES, getPlanLimits, updatePlanLimits } from '../../api/settings.js';
import { UsageError } from '../../core/errors.js';
import { list, none, object, type CommandResult } from '../../core/output.js';
import { parseInteger, splitKeyValue } from '../../core/parse.js';
import { parseSize } from '../../core/sizes.js';

interface PlanOptions {
  plan: string;
}

function planName(raw: string): string {
  const s = raw.trim();
  if (!/^[a-z0-9_]+$/.test(s)) throw new UsageError(`--plan must be a plan name such as default, got ${JSON.stringify(raw)}`);
  return s;
}

export async function getPlanLimitsCommand(ctx: Context, o: PlanOptions): Promise<CommandResult> {
  const plan = planName(o.plan);
  const http = await ctx.http();
  return object(await getPlanLimits(http, plan));
}

/** Typed, known, non-negative limits; checked before anything is sent. */
export function parseLimits(args: string[]): Record<string, number> {
  const known = new Set<string>(PLAN_LIMIT_KEYS);
  const out: Record<string, number> = {};
  for (const arg of args) {
    const [key, raw] = splitKeyValue('argument', arg);
    if (!known.has(key)) throw new UsageError(`unknown plan limit ${key}`, `known limits: ${PLAN_LIMIT_KEYS.join(', ')}`);
    const size = PLAN_LIMIT_SIZES[key as keyof typeof PLAN_LIMIT_SIZES];
    const value = size ? parseSize(key, raw, size) : parseInteger(key, raw, { min: 0 });
    if (key in out && out[key] !== value) throw new UsageError(`${key} is given twice with two values (${out[key]} and ${value})`, 'give each limit once');
    out[key] = value;
  }
  return out;
}

export async function setPlanLimitsCommand(ctx: Context, o: PlanOptions, args: string[]): Promise<CommandResult> {
  const plan = planName(o.plan);
  const changes = parseLimits(args);
  const http = await ctx.http();
  const before = await getPlanLimits(http, plan);
  // Limits that already have the value are not sent; with none left, no request at all.
  const rows = Object.entries(changes)
    .filter(([key, v]) => before[key] !== v)
    .map(([key, v]) => ({ key, before: before[key], after: v }));
  if (!rows.length) {
    ctx.notice(`Nothing to change: plan ${plan} already has ${Object.keys(changes).length > 1 ? 'these values' : 'this value'}.`);
    return ctx.globals.output === 'table' ? none : object(before);
  }
  const updated = await updatePlanLimits(http, plan, Object.fromEntries(rows.map((r) => [r.key, r.after])));
  if (!updated) {
    for (const r of rows) ctx.notice(`would change ${r.key}: ${r.before ?? '(unset)'} → ${r.after}`);
    return none;
  }
  // The PUT answer leaves out some limits (spec §2.6); for those the value sent is what was stored.
  const after = rows.map((r) => ({ ...r, after: r.key in updated ? updated[r.key] : r.after }));
  ctx.notice(`Updated ${rows.length} limit${rows.length > 1 ? 's' : ''} of plan ${plan}.`);
  // json/yaml/ndjson print the limits object the service answered; tables the changes.
  if (ctx.globals.output !== 'table') return object(updated);
  return list(after, [{ key: 'key', header: 'limit' }, { key: 'before' }, { key: 'after' }]);
}
