// The `plan_limits:` section: plan name → the limits it should have. Only the limits named are compared.

import { getPlanLimits, PLAN_LIMIT_KEYS, type PlanLimits } from '../../api/settings.js';
import type { HttpClient } from '../../core/http.js';
import { UsageError } from '../../core/errors.js';
import { fieldChanges, type Plan } from './plan.js';

export type WantedLimits = Record<string, Record<string, number | undefined>>;

export async function readPlanLimits(http: HttpClient, plans: string[]): Promise<Record<string, PlanLimits>> {
  const answers = await Promise.all(plans.map((p) => getPlanLimits(http, p)));
  return Object.fromEntries(plans.map((p, i) => [p, answers[i]!]));
}

export function planPlanLimits(wanted: WantedLimits, current: Record<string, PlanLimits>, plan: Plan): void {
  for (const [name, limits] of Object.entries(wanted)) {
    const changes = fieldChanges(limits, current[name] ?? {});
    if (!changes.length) continue;
    const sent = Object.fromEntries(changes.map((c) => [c.key, c.after as number]));
    plan.items.push({
      resource: 'plan_limits',
      identity: name,
      action: 'update',
      changes,
      observed: { read: `/application/plan_limits?plan_name=${encodeURIComponent(name)}`, values: Object.fromEntries(changes.map((c) => [c.key, c.before ?? null])) },
      writes: [{ action: 'update', method: 'PUT', path: '/application/plan_limits', body: { plan_name: name, ...sent }, confirm: changes }],
    });
  }
}

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
