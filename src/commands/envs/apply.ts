// `envs apply GROUP -f FILE`: computes the calls that make the group's protected environments match
// the file (create, update by entry id, unprotect), shows them, asks, then sends them in order.

import {
  TIERS,
  environmentPath,
  environmentsPath,
  listEnvironments,
  type AccessRecord,
  type EntryInput,
  type ProtectedEnvironment,
  type Tier,
  type UpdateBody,
} from '../../api/environments.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { boundedInput, readInputFile } from '../../core/input-file.js';
import { collect } from '../../core/paginate.js';
import { list, none, type Column, type CommandResult } from '../../core/output.js';
import { parseInteger } from '../../core/parse.js';
import { confirmDestructive } from '../shared.js';
import { applyPlan, failureError, reportLine, secretFreeResolver, unconfirmedNotes } from '../state/apply.js';
import { observedValues, type Observed, type PlanItem, type WriteOp } from '../state/plan.js';
import { checkEntry, entryIdentity, parseTier, resolveUsernames, type EntrySpec } from './entries.js';
import { parseGroupId } from '../../core/refs.js';
import { parsePlainYaml } from '../settings/plain-yaml.js';

export interface DesiredEnv {
  tier: Tier;
  deploy: EntrySpec[];
  approvals: EntrySpec[];
  requiredApprovalCount?: number;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

// Keys of `envs list -o yaml` output that describe rather than define an entry (export skips them too).
export const DESCRIPTIVE = new Set(['id', 'access_level_description', 'group_inheritance_type']);

function fileEntries(where: string, raw: unknown, approval: boolean): EntrySpec[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new UsageError(`${where} must be a list of entries`);
  const seen = new Set<string>();
  return raw.map((item, i) => {
    if (!isObj(item)) throw new UsageError(`${where}[${i}] must be a mapping such as {access_level: 40}`);
    const clean: Obj = {};
    for (const [k, v] of Object.entries(item)) if (!DESCRIPTIVE.has(k)) clean[k] = v;
    // Listed user and group entries also carry the access_level the service stores with them.
    const names = (k: string) => clean[k] !== undefined && clean[k] !== null;
    if ((names('user_id') || names('user') || names('group_id') || names('group')) && (names('access_level') || names('level'))) {
      delete clean.access_level;
      delete clean.level;
    }
    const e = checkEntry(`${where}[${i}]`, clean, approval);
    const id = entryIdentity(e);
    if (seen.has(id)) throw new UsageError(`${where}: ${id} is listed twice`);
    seen.add(id);
    return e;
  });
}

function desiredFrom(where: string, tierRaw: string, spec: Obj): DesiredEnv {
  let tier: Tier;
  try {
    tier = parseTier(tierRaw);
  } catch (e) {
    throw new UsageError(`${where}: ${(e as Error).message}`, (e as UsageError).hint);
  }
  const known = new Set(['name', 'deploy', 'deploy_access_levels', 'approvals', 'approval_rules', 'required_approval_count']);
  for (const k of Object.keys(spec)) if (!known.has(k)) throw new UsageError(`${where}: unknown key ${JSON.stringify(k)}`, 'use deploy, approvals and required_approval_count');
  const deploy = fileEntries(`${tier}.deploy`, spec.deploy ?? spec.deploy_access_levels, false);
  if (!deploy.length) throw new UsageError(`${tier}: at least one deploy entry is needed`, 'a tier with nobody allowed to deploy is left out of the file instead (that unprotects it)');
  const approvals = fileEntries(`${tier}.approvals`, spec.approvals ?? spec.approval_rules, true);
  const rc = spec.required_approval_count;
  return {
    tier,
    deploy,
    approvals,
    requiredApprovalCount: rc === undefined || rc === null ? undefined : parseInteger(`${tier}.required_approval_count`, String(rc), { min: 0 }),
  };
}

/** The file: a mapping tier → rules, or the list `envs list -o yaml|json` prints. */
export function parseEnvsFile(text: string, name: string): DesiredEnv[] {
  return parseEnvsDoc(parsePlainYaml(text, name), name);
}

/** The parsed file (also a `protected_environments:` of a `state` file). */
export function parseEnvsDoc(doc: unknown, name: string): DesiredEnv[] {
  // An empty or `null` document is what a failed `envs list -o yaml > file` leaves: applying it
  // would unprotect every tier. Only an explicit `[]` (or `{}`) means "no protected tiers".
  if (doc === null || doc === undefined) {
    throw new UsageError(`${name} is empty (or null): refusing to unprotect every environment`, 'to unprotect every tier on purpose, give a file holding `[]`');
  }
  const out: DesiredEnv[] = [];
  if (Array.isArray(doc)) {
    doc.forEach((item, i) => {
      if (!isObj(item) || typeof item.name !== 'string') throw new UsageError(`${name}: item ${i + 1} needs a name (the tier)`);
      out.push(desiredFrom(`${name}: item ${i + 1}`, item.name, item));
    });
  } else if (isObj(doc)) {
    for (const [tier, spec] of Object.entries(doc)) {
      if (!isObj(spec)) throw new UsageError(`${name}: ${tier} must be a mapping with deploy (and approvals)`);
      out.push(desiredFrom(`${name}: ${tier}`, tier, spec));
    }
  } else {
    throw new UsageError(`${name} must map tiers (${TIERS.join(', ')}) to their rules`);
  }
  const tiers = out.map((d) => d.tier);
  const dup = tiers.find((t, i) => tiers.indexOf(t) !== i);
  if (dup) throw new UsageError(`${name}: ${dup} appears twice`);
  return out;
}

export interface PlannedCall {
  action: 'protect' | 'update' | 'unprotect';
  tier: Tier;
  changes: string[];
  /** The environment as read, values null when it is not protected yet. */
  observed: Observed;
  writes: WriteOp[];
}

const observedEnv = (group: string, c: ProtectedEnvironment): Observed => ({
  read: environmentPath(group, c.name),
  values: observedValues(c, ['deploy_access_levels', 'approval_rules', 'required_approval_count']),
});

const describe = (e: EntryInput) => `${entryIdentity(e)}${e.required_approvals !== undefined ? `,required=${e.required_approvals}` : ''}`;

function diffEntries(kind: 'deploy' | 'approval', current: AccessRecord[], desired: EntryInput[], changes: string[]): EntryInput[] {
  const out: EntryInput[] = [];
  const byIdentity = new Map(current.map((c) => [entryIdentity(c), c]));
  const wanted = new Set(desired.map(entryIdentity));
  for (const c of current) {
    if (!wanted.has(entryIdentity(c)) && c.id !== undefined) {
      out.push({ id: c.id, _destroy: true });
      changes.push(`- ${kind} ${entryIdentity(c)} (id ${c.id})`);
    }
  }
  for (const d of desired) {
    const c = byIdentity.get(entryIdentity(d));
    if (!c) {
      out.push(d);
      changes.push(`+ ${kind} ${describe(d)}`);
    } else if (kind === 'approval' && (d.required_approvals ?? 1) !== (c.required_approvals ?? 1) && c.id !== undefined) {
      out.push({ id: c.id, ...d, required_approvals: d.required_approvals ?? 1 });
      changes.push(`~ approval ${entryIdentity(d)} (id ${c.id}) required ${c.required_approvals ?? 1} → ${d.required_approvals ?? 1}`);
    }
  }
  return out;
}

export function planEnvs(group: string, current: ProtectedEnvironment[], desired: DesiredEnv[]): PlannedCall[] {
  const plan: PlannedCall[] = [];
  const currentByTier = new Map(current.map((c) => [c.name, c]));
  for (const d of desired) {
    const c = currentByTier.get(d.tier);
    if (!c) {
      const changes = [...d.deploy.map((e) => `+ deploy ${describe(e)}`), ...d.approvals.map((e) => `+ approval ${describe(e)}`)];
      const count = d.requiredApprovalCount;
      if (count) changes.push(`required_approval_count ${count}`);
      const writes: WriteOp[] = [
        { action: 'create', method: 'POST', path: environmentsPath(group), body: { name: d.tier, deploy_access_levels: d.deploy, ...(d.approvals.length ? { approval_rules: d.approvals } : {}) } },
      ];
      // The create call takes no count; a second call sets it.
      if (count) {
        writes.push({
          action: 'update',
          method: 'PUT',
          path: environmentPath(group, d.tier),
          body: { required_approval_count: count },
          confirm: [{ key: 'required_approval_count', before: 0, after: count }],
          leaves: `${d.tier} is protected, with 0 approvals required`,
        });
      }
      plan.push({ action: 'protect', tier: d.tier, changes, observed: { read: environmentPath(group, d.tier), values: null }, writes });
      continue;
    }
    const changes: string[] = [];
    const body: UpdateBody = {};
    const deploy = diffEntries('deploy', c.deploy_access_levels ?? [], d.deploy, changes);
    const approvals = diffEntries('approval', c.approval_rules ?? [], d.approvals, changes);
    if (deploy.length) body.deploy_access_levels = deploy;
    if (approvals.length) body.approval_rules = approvals;
    if (d.requiredApprovalCount !== undefined && d.requiredApprovalCount !== (c.required_approval_count ?? 0)) {
      body.required_approval_count = d.requiredApprovalCount;
      changes.push(`~ required_approval_count ${c.required_approval_count ?? 0} → ${d.requiredApprovalCount}`);
    }
    if (Object.keys(body).length) {
      const confirm = body.required_approval_count === undefined ? undefined : [{ key: 'required_approval_count', before: c.required_approval_count ?? 0, after: body.required_approval_count }];
      plan.push({ action: 'update', tier: d.tier, changes, observed: observedEnv(group, c), writes: [{ action: 'update', method: 'PUT', path: environmentPath(group, d.tier), body: { ...body }, ...(confirm ? { confirm } : {}) }] });
    }
  }
  const wanted = new Set(desired.map((d) => d.tier));
  for (const c of current) {
    if (!wanted.has(c.name as Tier)) {
      plan.push({ action: 'unprotect', tier: c.name as Tier, changes: ['not in the file'], observed: observedEnv(group, c), writes: [{ action: 'delete', method: 'DELETE', path: environmentPath(group, c.name) }] });
    }
  }
  return plan;
}

interface AppliedRow {
  action: string;
  tier: string;
  changes: string;
  status: string;
}
const APPLIED_COLUMNS: Column<AppliedRow>[] = [{ key: 'action' }, { key: 'tier' }, { key: 'changes' }, { key: 'status' }];

export async function applyEnvsCommand(ctx: Context, o: { file: string }, rawGroup: string): Promise<CommandResult> {
  const group = String(parseGroupId(rawGroup));
  let text: string;
  if (o.file === '-') text = boundedInput(await ctx.readStdin('the environments file'), 'standard input');
  else {
    try {
      text = readInputFile(o.file);
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`cannot read ${o.file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  const parsed = parseEnvsFile(text, o.file === '-' ? 'standard input' : o.file);
  const http = await ctx.http();
  const known = new Map<string, number>();
  const desired: DesiredEnv[] = [];
  for (const d of parsed) desired.push({ ...d, deploy: await resolveUsernames(http, d.deploy, known), approvals: await resolveUsernames(http, d.approvals, known) });
  const current = await collect(listEnvironments(http, group, { all: true }));
  const plan = planEnvs(group, current, desired);
  if (!plan.length) {
    ctx.notice(`The protected environments of ${group} already match ${o.file}.`);
    // An empty list of applied changes: `[]` in JSON, nothing in a table.
    return list<AppliedRow>([], APPLIED_COLUMNS);
  }
  ctx.notice(`Plan for ${group}:`);
  for (const p of plan) ctx.notice(`  ${p.action} ${p.tier}: ${p.changes.join('; ')}`);
  await confirmDestructive(ctx, `Apply ${plan.length} change${plan.length === 1 ? '' : 's'} to ${group}?`);
  const items = plan.map((p) => envPlanItem(p, `${group} ${p.tier}`));
  const outcome = await applyPlan(http, items, secretFreeResolver);
  for (const note of unconfirmedNotes(outcome.reports)) ctx.notice(note);
  if (outcome.failed) {
    for (const r of outcome.reports) ctx.notice(reportLine(r));
    throw failureError(outcome.failed, 'fix the cause and run `envs apply` again: it plans afresh and finishes the job');
  }
  if (ctx.dryRun) return none;
  return list(
    plan.map((p) => ({ action: p.action, tier: p.tier, changes: p.changes.join('; '), status: 'done' })),
    APPLIED_COLUMNS,
  );
}

const ENV_ACTIONS = { protect: 'create', update: 'update', unprotect: 'delete' } as const;

/** A planned call as an item of the executor (`envs apply` and the `groups:` section of `state`). */
export function envPlanItem(call: PlannedCall, identity: string): PlanItem {
  return { resource: 'groups', identity, action: ENV_ACTIONS[call.action], changes: [], lines: call.changes, observed: call.observed, writes: call.writes };
}
