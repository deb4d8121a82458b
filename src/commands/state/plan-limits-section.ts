// The `plan_limits:` section: plan name → the limits it should have. Only the limits named are compared.

import { getPlanLimits, PLAN_LIMIT_KEYS, type PlanLimits } from '../../api/settings.js';
import type { HttpClient } from '../../core/http.js';
import { UsageError } from '../../core/errors.js';
import { afters, fieldChanges, type ItemBuilder, type Plan, type ShownItem } from './plan.js';
import { planLimitValueSchema } from './plan-limit-values.js';

export type WantedLimits = Record<string, Record<string, number | undefined>>;

export async function readPlanLimits(http: HttpClient, plans: string[]): Promise<Record<string, PlanLimits>> {
  const answers = await Promise.all(plans.map((p) => getPlanLimits(http, p)));
  return Object.fromEntries(plans.map((p, i) => [p, answers[i]!]));
}

export function planPlanLimits(wanted: WantedLimits, current: Record<string, PlanLimits>, plan: Plan<ShownItem>): void {
  for (const [name, limits] of Object.entries(wanted)) {
    const changes = fieldChanges(limits, current[name] ?? {});
    if (!changes.length) continue;
    plan.items.push({ resource: 'plan_limits', identity: name, action: 'update', changes, observed: { values: Object.fromEntries(changes.map((c) => [c.key, c.before])) } });
  }
}

export const planLimitsBuilder: ItemBuilder = {
  actions: ['update'],
  check(item) {
    if (!/^[a-z0-9_]+$/.test(item.identity)) throw new UsageError(`${JSON.stringify(item.identity)} is not a plan name such as premium`);
    for (const c of item.changes) {
      if (!(PLAN_LIMIT_KEYS as readonly string[]).includes(c.key)) throw new UsageError(`${c.key} is not a plan limit`);
      if (typeof c.after !== 'number' || !planLimitValueSchema(c.key).safeParse(c.after).success) throw new UsageError(`${c.key}: ${JSON.stringify(c.after)} is not a limit`);
    }
  },
  writes: (item) => [{ action: 'update', method: 'PUT', path: '/application/plan_limits', body: { plan_name: item.identity, ...afters(item) }, confirm: item.changes }],
  read: (item) => ({ path: `/application/plan_limits?plan_name=${encodeURIComponent(item.identity)}` }),
};

export function planNames(raw: string | undefined): string[] {
  const extra = (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const p of extra) if (!/^[a-z0-9_]+$/.test(p)) throw new UsageError(`--plans: ${JSON.stringify(p)} is not a plan name such as premium`);
  return [...new Set(['default', ...extra])];
}

export function exportPlanLimits(current: Record<string, PlanLimits>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(current).map(([name, limits]) => [name, Object.fromEntries(PLAN_LIMIT_KEYS.filter((k) => typeof limits[k] === 'number').map((k) => [k, limits[k]]))]),
  );
}
