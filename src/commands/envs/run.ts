// envs list/get/protect/update/unprotect. Entries are checked before any request; the service's
// refusals (role, tier, assignability) come back with a hint.

import {
  getEnvironment,
  listEnvironments,
  protectEnvironment,
  unprotectEnvironment,
  updateEnvironment,
  type EntryInput,
  type ProtectedEnvironment,
  type UpdateBody,
} from '../../api/environments.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { list, none, object, type Column, type CommandResult } from '../../core/output.js';
import { parseInteger } from '../../core/parse.js';
import { confirmDestructive, pageOptions } from '../shared.js';
import { describeEntries, parseChangeSpec, parseEntrySpec, parseTier, resolveNames, type EntrySpec } from './entries.js';
import { parseGroupId } from '../../core/refs.js';
import { checkedCreate } from '../settings/answer.js';

export const ENV_COLUMNS: Column<ProtectedEnvironment>[] = [
  { key: 'name', header: 'tier' },
  { key: 'deploy_access_levels', header: 'deploy', value: (e) => describeEntries(e.deploy_access_levels, false) },
  { key: 'approval_rules', header: 'approvals', value: (e) => describeEntries(e.approval_rules, true) },
  // GitLab's own name: the approvals needed beyond the rules' own counts (which the approvals column gives).
  { key: 'required_approval_count', header: 'required approvals' },
];

function checkGroup(raw: string): string {
  return String(parseGroupId(raw));
}

export async function listEnvsCommand(ctx: Context, rawGroup: string): Promise<CommandResult> {
  const group = checkGroup(rawGroup);
  const http = await ctx.http();
  const items = listEnvironments(http, group, pageOptions(ctx));
  return list(items, ENV_COLUMNS, { empty: `No protected environments in ${group}.` });
}

export async function getEnvCommand(ctx: Context, rawGroup: string, rawTier: string): Promise<CommandResult> {
  const group = checkGroup(rawGroup);
  const tier = parseTier(rawTier);
  const http = await ctx.http();
  const env = await getEnvironment(http, group, tier);
  return object(env, { columns: ENV_COLUMNS });
}

export async function protectEnvCommand(ctx: Context, o: { deploy: string[]; approval?: string[] }, rawGroup: string, rawTier: string): Promise<CommandResult> {
  const group = checkGroup(rawGroup);
  const tier = parseTier(rawTier);
  const deploy = o.deploy.map((s) => parseEntrySpec('--deploy', s, false));
  const approvals = (o.approval ?? []).map((s) => parseEntrySpec('--approval', s, true));
  const http = await ctx.http();
  const known = new Map<string, number>();
  const deployEntries = await resolveNames(http, deploy, known);
  const approvalEntries = await resolveNames(http, approvals, known);
  const body = { name: tier, deploy_access_levels: deployEntries, ...(approvalEntries.length ? { approval_rules: approvalEntries } : {}) };
  const env = await protectEnvironment(http, group, body);
  if (!env) return none;
  ctx.notice(`Protected ${tier} in ${group}.`);
  return checkedCreate(body, env, object(env, { columns: ENV_COLUMNS }), (line) => ctx.notice(line));
}

interface UpdateOptions {
  addDeploy?: string[];
  changeDeploy?: string[];
  removeDeploy?: string[];
  addApproval?: string[];
  changeApproval?: string[];
  removeApproval?: string[];
  requiredApprovalCount?: string;
}

/** The update as given: entries may still name users by username (resolveNames). */
type UpdateSpec = Omit<UpdateBody, 'deploy_access_levels' | 'approval_rules'> & { deploy_access_levels?: EntrySpec[]; approval_rules?: EntrySpec[] };

export function updateBodyFromOptions(o: UpdateOptions): UpdateSpec {
  const removal = (flag: string) => (raw: string): EntryInput => ({ id: parseInteger(flag, raw, { min: 1 }), _destroy: true });
  const deploy = [
    ...(o.addDeploy ?? []).map((s) => parseEntrySpec('--add-deploy', s, false)),
    ...(o.changeDeploy ?? []).map((s) => parseChangeSpec('--change-deploy', s, false)),
    ...(o.removeDeploy ?? []).map(removal('--remove-deploy')),
  ];
  const approvals = [
    ...(o.addApproval ?? []).map((s) => parseEntrySpec('--add-approval', s, true)),
    ...(o.changeApproval ?? []).map((s) => parseChangeSpec('--change-approval', s, true)),
    ...(o.removeApproval ?? []).map(removal('--remove-approval')),
  ];
  const body: UpdateSpec = {};
  if (deploy.length) body.deploy_access_levels = deploy;
  if (approvals.length) body.approval_rules = approvals;
  if (o.requiredApprovalCount !== undefined) body.required_approval_count = parseInteger('--required-approval-count', o.requiredApprovalCount, { min: 0 });
  if (!Object.keys(body).length) {
    throw new UsageError('nothing to update', 'give --add-deploy, --change-deploy, --remove-deploy, the same for approvals, or --required-approval-count');
  }
  return body;
}

export async function updateEnvCommand(ctx: Context, o: UpdateOptions, rawGroup: string, rawTier: string): Promise<CommandResult> {
  const group = checkGroup(rawGroup);
  const tier = parseTier(rawTier);
  const { deploy_access_levels: deploy, approval_rules: approvals, ...body } = updateBodyFromOptions(o);
  const http = await ctx.http();
  const known = new Map<string, number>();
  const resolved: UpdateBody = { ...body };
  if (deploy) resolved.deploy_access_levels = await resolveNames(http, deploy, known);
  if (approvals) resolved.approval_rules = await resolveNames(http, approvals, known);
  const env = await updateEnvironment(http, group, tier, resolved);
  if (!env) return none;
  return object(env, { columns: ENV_COLUMNS });
}

export async function unprotectEnvCommand(ctx: Context, rawGroup: string, rawTier: string): Promise<CommandResult> {
  const group = checkGroup(rawGroup);
  const tier = parseTier(rawTier);
  await confirmDestructive(ctx, `Remove the protection of ${tier} in ${group}?`);
  const http = await ctx.http();
  const sent = await unprotectEnvironment(http, group, tier);
  if (sent) ctx.notice(`Unprotected ${tier} in ${group}.`);
  return none;
}
