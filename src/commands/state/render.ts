// How a plan reads: terraform-like lines a reviewer scans, and the same as data for -o json.

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

/** Terraform's count: a replace is one delete and one create. */
export function summaryLine(plan: Plan): string {
  const n = (a: Action) => plan.items.filter((i) => i.action === a).length;
  return `Plan: ${n('create') + n('replace')} to create, ${n('update')} to update, ${n('delete') + n('replace')} to delete.`;
}

export function planLines(plan: Plan): string[] {
  const lines: string[] = [];
  // Deletions first: they are what a reviewer must not miss.
  const ordered = [...plan.items.filter((i) => i.action === 'delete'), ...plan.items.filter((i) => i.action !== 'delete')];
  for (const item of ordered) {
    const what = item.action === 'replace' ? ' (replace: the API cannot update a hook, so a new one is created and the old one deleted)' : '';
    lines.push(`${SIGN[item.action]} ${item.action} ${item.resource} ${itemName(item)}${what}`);
    for (const l of item.lines ?? []) lines.push(`    ${l}`);
    for (const c of item.changes) lines.push(item.action === 'create' ? `    ${c.key}: ${valueText(c.after)}` : `    ${c.key}: ${valueText(c.before)} → ${valueText(c.after)}`);
  }
  for (const u of plan.unmanaged) lines.push(`  not managed (use --prune to delete): ${u.resource} ${itemName(u)}`);
  for (const note of plan.notes) lines.push(`note: ${note}`);
  lines.push(plan.items.length ? summaryLine(plan) : 'No changes: the instance matches the file.');
  return lines;
}

export function planData(plan: Plan): Record<string, unknown> {
  return {
    changes: plan.items.map(({ resource, identity, instanceId, action, changes, lines, observed, writes }) => ({ resource, identity, ...(instanceId === undefined ? {} : { id: instanceId }), action, changes, ...(lines ? { lines } : {}), observed, writes })),
    unmanaged: plan.unmanaged,
    notes: plan.notes,
  };
}
