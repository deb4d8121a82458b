// `envs apply GROUP -f FILE`: computes the calls that make the group's protected environments match
// the file (create, update by entry id, unprotect), shows them, asks, then sends them in order.

import {
  TIERS,
  listEnvironments,
  type ProtectedEnvironment,
  type Tier,
} from '../../api/environments.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { FileProblems } from '../../core/file-problems.js';
import { boundedInput, readInputFile } from '../../core/input-file.js';
import { collect } from '../../core/paginate.js';
import { list, none, type Column, type CommandResult } from '../../core/output.js';
import { parseInteger } from '../../core/parse.js';
import { confirmDestructive } from '../shared.js';
import { applyPlan, failureError, reportLine, secretFreeResolver, unconfirmedNotes } from '../state/apply.js';
import { observedValues, type FieldChange, type ShownItem } from '../state/plan.js';
import { built } from '../state/sections.js';
import { diffEntries, envIdentity, removedEntries } from './builder.js';
import { entryNamer, nameRecords, type EntryNamer } from './entry-names.js';
import { checkEntry, entryIdentity, parseTier, resolveNames, type EntrySpec } from './entries.js';
import { parseGroupId } from '../../core/refs.js';
import { parsePlainYaml } from '../settings/plain-yaml.js';
import { cannotRead } from '../../core/fs-errors.js';
import type { IdInFile } from '../../core/instance-ids.js';

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

/** The file: a mapping tier → rules, or the list `envs list -o yaml|json` prints. Every tier's problem is named at once. */
export function parseEnvsFile(text: string, name: string): DesiredEnv[] {
  const problems = new FileProblems(name);
  const parsed = parseEnvsDoc(parsePlainYaml(text, name), name, (err, at) => problems.addError(err, undefined, at.join('.')));
  problems.throwIfAny();
  return parsed;
}

/** Where a problem of an environments file stands: a tier's key, or an item's index in the list form. */
export type EnvsProblemReport = (err: UsageError, at: (string | number)[]) => void;

/**
 * The parsed file (also a `protected_environments:` of a `state` file). Each tier's problem and each
 * tier given twice is reported (one run names them all); without `report`, the first one is thrown.
 */
export function parseEnvsDoc(doc: unknown, name: string, report?: EnvsProblemReport): DesiredEnv[] {
  // An empty or `null` document is what a failed `envs list -o yaml > file` leaves: applying it
  // would unprotect every tier. Only an explicit `[]` (or `{}`) means "no protected tiers".
  if (doc === null || doc === undefined) {
    throw new UsageError(`${name} is empty (or null): refusing to unprotect every environment`, 'to unprotect every tier on purpose, give a file holding `[]`');
  }
  const problems: [UsageError, (string | number)[]][] = [];
  const out: DesiredEnv[] = [];
  const seen = new Set<Tier>();
  const add = (at: string | number, d: () => DesiredEnv) => {
    try {
      const env = d();
      if (seen.has(env.tier)) throw new UsageError(`${name}: ${env.tier} appears twice`, 'give each tier once');
      seen.add(env.tier);
      out.push(env);
    } catch (err) {
      if (!(err instanceof UsageError)) throw err;
      problems.push([err, [at]]);
    }
  };
  if (Array.isArray(doc)) {
    doc.forEach((item, i) =>
      add(i, () => {
        if (!isObj(item) || typeof item.name !== 'string') throw new UsageError(`${name}: item ${i + 1} needs a name (the tier)`);
        return desiredFrom(`${name}: item ${i + 1}`, item.name, item);
      }),
    );
  } else if (isObj(doc)) {
    for (const [tier, spec] of Object.entries(doc)) {
      add(tier, () => {
        if (!isObj(spec)) throw new UsageError(`${name}: ${tier} must be a mapping with deploy (and approvals)`);
        return desiredFrom(`${name}: ${tier}`, tier, spec);
      });
    }
  } else {
    throw new UsageError(`${name} must map tiers (${TIERS.join(', ')}) to their rules`);
  }
  if (problems.length && !report) throw problems[0]![0];
  for (const [err, at] of problems) report?.(err, at);
  return out;
}

export interface PlannedCall {
  action: 'protect' | 'update' | 'unprotect';
  tier: Tier;
  /** What a reviewer reads; its writes are built from it (state/sections.ts). */
  item: ShownItem;
}

const READ = ['deploy_access_levels', 'approval_rules', 'required_approval_count'] as const;

/** The calls that make the group's protected environments those of the file. */
export function planEnvs(group: string, current: ProtectedEnvironment[], desired: DesiredEnv[]): PlannedCall[] {
  const plan: PlannedCall[] = [];
  const currentByTier = new Map(current.map((c) => [c.name, c]));
  const item = (tier: string, action: ShownItem['action'], changes: FieldChange[], c?: ProtectedEnvironment): ShownItem => ({ resource: 'groups', identity: envIdentity(group, tier), action, changes, observed: { values: c ? observedValues(c, READ) : null } });
  for (const d of desired) {
    const c = currentByTier.get(d.tier);
    if (!c) {
      const changes: FieldChange[] = [{ key: 'deploy_access_levels', before: null, after: d.deploy }];
      if (d.approvals.length) changes.push({ key: 'approval_rules', before: null, after: d.approvals });
      if (d.requiredApprovalCount) changes.push({ key: 'required_approval_count', before: null, after: d.requiredApprovalCount });
      plan.push({ action: 'protect', tier: d.tier, item: item(d.tier, 'create', changes) });
      continue;
    }
    const values = observedValues(c, READ);
    const changes: FieldChange[] = [];
    if (diffEntries('deploy', c.deploy_access_levels ?? [], d.deploy).length) changes.push({ key: 'deploy_access_levels', before: values.deploy_access_levels, after: d.deploy });
    if (diffEntries('approval', c.approval_rules ?? [], d.approvals).length) changes.push({ key: 'approval_rules', before: values.approval_rules, after: d.approvals });
    if (d.requiredApprovalCount !== undefined && d.requiredApprovalCount !== (c.required_approval_count ?? 0)) changes.push({ key: 'required_approval_count', before: values.required_approval_count, after: d.requiredApprovalCount });
    if (changes.length) plan.push({ action: 'update', tier: d.tier, item: item(d.tier, 'update', changes, c) });
  }
  const wanted = new Set(desired.map((d) => d.tier));
  for (const c of current) {
    if (!wanted.has(c.name as Tier)) plan.push({ action: 'unprotect', tier: c.name as Tier, item: item(c.name, 'delete', [], c) });
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

/** The file of `-f` (standard input for `-`), parsed: every problem is exit 2. */
async function readEnvsFile(file: string, readStdin: (what: string) => Promise<string>): Promise<{ parsed: DesiredEnv[]; source: string }> {
  const source = file === '-' ? 'standard input' : file;
  let text: string;
  if (file === '-') text = boundedInput(await readStdin('the environments file'), source);
  else {
    try {
      text = readInputFile(file);
    } catch (e) {
      throw cannotRead(file, e);
    }
  }
  return { parsed: parseEnvsFile(text, source), source };
}

/**
 * The first entry of the file naming a user or group by id: one instance's id is another object (or
 * none) on the next, so over several instances the file names them by username and path.
 */
export async function envsFileIds(o: { file: string }, readStdin: (what: string) => Promise<string>): Promise<IdInFile | undefined> {
  const { parsed, source } = await readEnvsFile(o.file, readStdin);
  for (const env of parsed) {
    for (const [list, entries] of [['deploy', env.deploy], ['approvals', env.approvals]] as const) {
      for (const [i, e] of entries.entries()) {
        const named = e.user_id !== undefined ? `user ${e.user_id}` : e.group_id !== undefined ? `group ${e.group_id}` : undefined;
        if (named) return { where: `${source}: ${env.tier}.${list}[${i}]`, named, instead: e.user_id !== undefined ? 'user: USERNAME' : 'group: PATH, such as acme/platform' };
      }
    }
  }
  return undefined;
}

/** Each entry the plan removes from a tier the file keeps gets the username or path the instance gives for its id (one lookup per id), to be shown beside it. */
export async function nameRemoved(namer: EntryNamer, current: ProtectedEnvironment[], desired: DesiredEnv[]): Promise<void> {
  const byTier = new Map(desired.map((d) => [d.tier as string, d]));
  await Promise.all(
    current.map(async (c) => {
      const d = byTier.get(c.name);
      if (!d) return;
      await nameRecords(namer, [...removedEntries(c.deploy_access_levels ?? [], d.deploy), ...removedEntries(c.approval_rules ?? [], d.approvals)]);
    }),
  );
}

/** Entries of a file (this one, or a state file's protected_environments): names kept for the plan, hints in the file's form. */
export const FILE_ENTRIES = { keepNames: true, inFile: true } as const;

export async function applyEnvsCommand(ctx: Context, o: { file: string }, rawGroup: string): Promise<CommandResult> {
  const group = String(parseGroupId(rawGroup));
  const { parsed } = await readEnvsFile(o.file, (what) => ctx.readStdin(what));
  const http = await ctx.http();
  const known = new Map<string, number>();
  const desired: DesiredEnv[] = [];
  // Names stay beside their ids: the plan lines show both, as state's do (the builder sends the ids alone).
  for (const d of parsed) desired.push({ ...d, deploy: await resolveNames(http, d.deploy, known, FILE_ENTRIES), approvals: await resolveNames(http, d.approvals, known, FILE_ENTRIES) });
  const current = await collect(listEnvironments(http, group, { all: true }));
  await nameRemoved(entryNamer(http), current, desired);
  const plan = planEnvs(group, current, desired).map((p) => ({ ...p, built: built(p.item) }));
  if (!plan.length) {
    ctx.notice(`The protected environments of ${group} already match ${o.file}.`);
    // An empty list of applied changes: `[]` in JSON, nothing in a table.
    return list<AppliedRow>([], APPLIED_COLUMNS);
  }
  const changesOf = (p: (typeof plan)[number]) => (p.built.lines ?? []).join('; ');
  ctx.notice(`Plan for ${group}:`);
  for (const p of plan) ctx.notice(`  ${p.action} ${p.tier}: ${changesOf(p)}`);
  await confirmDestructive(ctx, `Apply ${plan.length} change${plan.length === 1 ? '' : 's'} to ${group}?`);
  const items = plan.map((p) => ({ ...p.built, identity: `${group} ${p.tier}` }));
  const outcome = await applyPlan(http, items, secretFreeResolver);
  for (const note of unconfirmedNotes(outcome.reports)) ctx.notice(note);
  if (outcome.failed) {
    for (const r of outcome.reports) ctx.notice(reportLine(r));
    throw failureError(outcome.failed, 'fix the cause and run `envs apply` again: it plans afresh and finishes the job');
  }
  if (ctx.dryRun) return none;
  return list(
    plan.map((p) => ({ action: p.action, tier: p.tier, changes: changesOf(p), status: 'done' })),
    APPLIED_COLUMNS,
  );
}
