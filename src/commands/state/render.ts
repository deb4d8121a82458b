// How a plan reads: terraform-like lines a reviewer scans, and the same as data for -o json.

import { summaryOf, type PlanInstance } from './document.js';
import { list, type LineColour, type ListResult } from '../../core/output.js';
import { instanceText } from '../../core/instance-text.js';
import type { SecretRef } from './model.js';
import type { Action, FieldChange, Plan, ShownItem, Unmanaged } from './plan.js';
import { isSecretRef } from './references.js';

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
export function itemName(item: Unmanaged | ShownItem): string {
  const showId = item.instanceId !== undefined && (!('action' in item) || item.shared);
  return `${identityText(item.resource, item.identity)}${showId ? ` (id ${item.instanceId})` : ''}`;
}

/** The counts as plan, prompt and summary say them: a replace is counted as such. */
export function countsText(plan: Pick<Plan, 'items'>): string {
  const s = summaryOf(plan);
  return `${s.create} to create, ${s.update} to update, ${s.replace ? `${s.replace} to replace, ` : ''}${s.delete} to delete`;
}

export function summaryLine(plan: Pick<Plan, 'items'>): string {
  return `Plan: ${countsText(plan)}.`;
}

export { instanceText } from '../../core/instance-text.js';

export function planLines(plan: Plan, instance: PlanInstance): string[] {
  const lines: string[] = [`Plan for ${instanceText(instance)}`];
  // Deletions first: they are what a reviewer must not miss.
  const ordered = [...plan.items.filter((i) => i.action === 'delete'), ...plan.items.filter((i) => i.action !== 'delete')];
  for (const item of ordered) {
    const what = item.replaceReason ? ` (${item.replaceReason})` : item.action === 'replace' ? ' (replace: the API cannot update a hook, so a new one is created and the old one deleted)' : '';
    lines.push(`${SIGN[item.action]} ${item.action} ${item.resource} ${itemName(item)}${what}`);
    for (const l of item.lines ?? []) lines.push(`    ${l}`);
    for (const c of item.toldInLines ? [] : item.changes) lines.push(`    ${changeText(c, item.action)}`);
  }
  for (const u of plan.unmanaged) lines.push(`  not managed (use --prune to delete): ${u.resource} ${itemName(u)}`);
  if (plan.notCompared.length) lines.push(`  not compared: ${plan.notCompared.join(', ')}`);
  for (const note of plan.notes) lines.push(`note: ${note}`);
  lines.push(plan.items.length ? summaryLine(plan) : 'No changes: the instance matches the file.');
  return lines;
}

/** The colour of a plan line on a terminal: by its sign, as terraform colours them. */
export function planLineColour(line: string): LineColour | undefined {
  const sign = /^[+~\u00b1-] /.exec(line)?.[0][0];
  if (sign === '+') return 'green';
  if (sign === '~') return 'yellow';
  if (sign === '-') return 'red';
  if (sign === '±') return 'magenta';
  return undefined;
}

/** A table cell: one line, pipes escaped, code spans without backticks. */
function cell(s: string): string {
  return s.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

function code(s: string): string {
  return `\`${s.replace(/`/g, "'")}\``;
}

/** A reference as the file writes it; a command in full, as it is part of what is reviewed (it runs at apply). */
export function refText(ref: SecretRef): string {
  return 'env' in ref ? `{env: ${ref.env}}` : `{command: ${JSON.stringify(ref.command)}}`;
}

function changeText(c: FieldChange, action: Action): string {
  if (c.secret) return isSecretRef(c.after) ? `${c.key}: (secret) from ${refText(c.after)}` : `${c.key}: (secret changed)`;
  return action === 'create' ? `${c.key}: ${valueText(c.after)}` : `${c.key}: ${valueText(c.before)} → ${valueText(c.after)}`;
}

/** For a merge-request note: a summary, then one table row per change (secrets masked as in the text). */
export function planMarkdown(plan: Plan, instance: PlanInstance): string {
  const out = [`### Plan for ${code(instanceText(instance))}`, ''];
  if (!plan.items.length) out.push('No changes: the instance matches the file.');
  else {
    out.push(`**${countsText(plan)}**`, '', '| | action | resource | item | changes |', '|---|---|---|---|---|');
    for (const item of plan.items) {
      const details = [...(item.replaceReason ? [item.replaceReason] : []), ...(item.lines ?? []), ...(item.toldInLines ? [] : item.changes).map((c) => changeText(c, item.action))].map((d) => code(d));
      out.push(`| ${SIGN[item.action]} | ${item.action} | ${item.resource} | ${cell(code(itemName(item)))} | ${cell(details.join('<br>'))} |`);
    }
  }
  if (plan.unmanaged.length) out.push('', `Not managed (\`--prune\` deletes them): ${plan.unmanaged.map((u) => cell(code(`${u.resource} ${itemName(u)}`))).join(', ')}`);
  if (plan.notCompared.length) out.push('', `Not compared: ${plan.notCompared.map((n) => code(n)).join(', ')}`);
  for (const note of plan.notes) out.push('', `Note: ${note}`);
  return out.join('\n');
}

/** For -o csv: one row per change, with the writes it takes. */
export function planRows(plan: Plan): ListResult<Record<string, string>> {
  const rows: Record<string, string>[] = plan.items.map((i) => ({ action: i.action, resource: i.resource, item: itemName(i), writes: i.writes.map((w) => `${w.method} ${w.path}`).join('; ') }));
  return list(rows, [{ key: 'action' }, { key: 'resource' }, { key: 'item' }, { key: 'writes' }]);
}
