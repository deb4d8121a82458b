// How a plan reads: terraform-like lines a reviewer scans, and the same as data for -o json.

import { summaryOf, type PlanInstance } from './document.js';
import type { Action, Plan, Unmanaged } from './plan.js';

const SIGN: Record<Action, string> = { create: '+', update: '~', replace: '±', delete: '-' };

function valueText(v: unknown): string {
  return v === undefined ? '(unset)' : JSON.stringify(v);
}

/** A message names a broadcast; a long one is cut in the plan's lines (the JSON keeps it whole). */
export function identityText(resource: string, identity: string): string {
  if (resource !== 'broadcast_messages') return identity;
  return JSON.stringify(identity.length > 60 ? `${identity.slice(0, 57)}…` : identity);
}

/** An item as the plan names it; with its id where several on the instance share the identity. */
export function itemName(item: Unmanaged): string {
  return `${identityText(item.resource, item.identity)}${item.instanceId === undefined ? '' : ` (id ${item.instanceId})`}`;
}

/** The counts as plan, prompt and summary say them: a replace is counted as such. */
export function countsText(plan: Pick<Plan, 'items'>): string {
  const s = summaryOf(plan);
  return `${s.create} to create, ${s.update} to update, ${s.replace ? `${s.replace} to replace, ` : ''}${s.delete} to delete`;
}

export function summaryLine(plan: Pick<Plan, 'items'>): string {
  return `Plan: ${countsText(plan)}.`;
}

export function instanceText(instance: PlanInstance): string {
  return `${instance.url}${instance.profile ? ` (profile ${instance.profile})` : ''}`;
}

export function planLines(plan: Plan, instance: PlanInstance): string[] {
  const lines: string[] = [`Plan for ${instanceText(instance)}`];
  // Deletions first: they are what a reviewer must not miss.
  const ordered = [...plan.items.filter((i) => i.action === 'delete'), ...plan.items.filter((i) => i.action !== 'delete')];
  for (const item of ordered) {
    const what = item.action === 'replace' ? ' (replace: the API cannot update a hook, so a new one is created and the old one deleted)' : '';
    lines.push(`${SIGN[item.action]} ${item.action} ${item.resource} ${itemName(item)}${what}`);
    for (const l of item.lines ?? []) lines.push(`    ${l}`);
    for (const c of item.changes) {
      if (c.secret) lines.push(`    ${c.key}: (secret changed)`);
      else lines.push(item.action === 'create' ? `    ${c.key}: ${valueText(c.after)}` : `    ${c.key}: ${valueText(c.before)} → ${valueText(c.after)}`);
    }
  }
  for (const u of plan.unmanaged) lines.push(`  not managed (use --prune to delete): ${u.resource} ${itemName(u)}`);
  if (plan.notCompared.length) lines.push(`  not compared: ${plan.notCompared.join(', ')}`);
  for (const note of plan.notes) lines.push(`note: ${note}`);
  lines.push(plan.items.length ? summaryLine(plan) : 'No changes: the instance matches the file.');
  return lines;
}
