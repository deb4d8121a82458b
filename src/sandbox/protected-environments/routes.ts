// Group-level protected environments (spec part 3 §2.4, §4.2), after GitLab EE's
// ee/lib/api/group_protected_environments.rb: tiers as names, deploy access levels 30/40/60, each
// entry exactly one of user_id, group_id, access_level; users must be Maintainer-or-above members,
// groups must be subgroups; updates add (no id), change (id) or remove (id + _destroy) entries.

import { findGroupOrFail } from '../access/groups.js';
import { ApiError, forbidden, invalidParams, notFound } from '../http/errors.js';
import { isParamObject, type ParamObject } from '../http/query.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { SandboxRequest } from '../http/router.js';
import type { SandboxState } from '../state.js';
import { ACCESS, type Group } from '../types.js';

export const TIERS = ['production', 'staging', 'testing', 'development', 'other'] as const;
export const DEPLOY_LEVELS = [ACCESS.developer, ACCESS.maintainer, ACCESS.admin];
const LEVEL_NAMES: Record<number, string> = { 30: 'Developers + Maintainers', 40: 'Maintainers', 60: 'Administrators' };

interface Entry {
  id: number;
  accessLevel: number | null;
  userId: number | null;
  groupId: number | null;
  requiredApprovals?: number;
  groupInheritanceType: number;
}

interface ProtectedEnv {
  name: string;
  deploy: Entry[];
  approvals: Entry[];
  requiredApprovalCount: number;
}

interface Store {
  byGroup: Map<number, Map<string, ProtectedEnv>>;
  nextEntryId: number;
}

const stores = new WeakMap<SandboxState, Store>();
function store(state: SandboxState): Store {
  let s = stores.get(state);
  if (!s) stores.set(state, (s = { byGroup: new Map(), nextEntryId: 1 }));
  return s;
}

function envsOf(state: SandboxState, group: Group): Map<string, ProtectedEnv> {
  const s = store(state);
  let m = s.byGroup.get(group.id);
  if (!m) s.byGroup.set(group.id, (m = new Map()));
  return m;
}

function entryJson(state: SandboxState, e: Entry, kind: 'deploy' | 'approval', withInheritance: boolean): Record<string, unknown> {
  let description = e.accessLevel !== null ? (LEVEL_NAMES[e.accessLevel] ?? String(e.accessLevel)) : '';
  if (e.userId !== null) description = state.users.get(e.userId)?.name ?? '';
  if (e.groupId !== null) description = state.namespaces.get(e.groupId)?.name ?? '';
  const out: Record<string, unknown> = {
    id: e.id,
    access_level: e.accessLevel,
    access_level_description: description,
    user_id: e.userId,
    group_id: e.groupId,
  };
  if (kind === 'approval') out.required_approvals = e.requiredApprovals ?? 1;
  if (withInheritance || kind === 'approval') out.group_inheritance_type = e.groupInheritanceType;
  return out;
}

/** Field order of shared/realdata/protected_environments; group_inheritance_type in update answers. */
function envJson(state: SandboxState, env: ProtectedEnv, withInheritance = false): Record<string, unknown> {
  return {
    name: env.name,
    deploy_access_levels: env.deploy.map((e) => entryJson(state, e, 'deploy', withInheritance)),
    required_approval_count: env.requiredApprovalCount,
    approval_rules: env.approvals.map((e) => entryJson(state, e, 'approval', withInheritance)),
  };
}

/** Group maintainers (and administrators) only; others get 404 when they cannot see the group, else 403. */
function findGroupForMaintainer(req: SandboxRequest): Group {
  const group = findGroupOrFail(req);
  const level = req.state.accessLevel(req.user, group);
  if (level < ACCESS.maintainer) throw forbidden();
  return group;
}

function isDescendant(state: SandboxState, group: Group, candidateId: number): boolean {
  const c = state.namespaces.get(candidateId);
  if (!c || c.kind !== 'group' || c.id === group.id) return false;
  return state.ancestors(c).some((a) => a.id === group.id);
}

function asInt(v: unknown): number | undefined | 'invalid' {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return 'invalid';
}

function asBool(v: unknown): boolean {
  return v === true || v === 'true' || v === '1' || v === 1;
}

type Kind = 'deploy' | 'approval';
const FIELD: Record<Kind, string> = { deploy: 'deploy_access_levels', approval: 'approval_rules' };

export interface EntryInput {
  id?: number;
  accessLevel?: number;
  userId?: number;
  groupId?: number;
  requiredApprovals?: number;
  groupInheritanceType?: number;
  destroy: boolean;
}

/** Reads an array parameter of entries; Grape-style messages collected in `errors`. */
function readEntries(raw: unknown, kind: Kind, update: boolean, errors: string[]): EntryInput[] {
  const field = FIELD[kind];
  const list = Array.isArray(raw) ? raw : isParamObject(raw) ? Object.values(raw) : undefined;
  if (!list) {
    errors.push(`${field} is invalid`);
    return [];
  }
  const out: EntryInput[] = [];
  for (const item of list) {
    if (!isParamObject(item)) {
      errors.push(`${field} is invalid`);
      continue;
    }
    const o = item as ParamObject;
    const ints: Record<string, number | undefined> = {};
    for (const k of ['id', 'access_level', 'user_id', 'group_id', 'required_approvals', 'group_inheritance_type']) {
      const v = asInt(o[k]);
      if (v === 'invalid') errors.push(`${field}[${k}] is invalid`);
      else ints[k] = v;
    }
    const named = ['access_level', 'user_id', 'group_id'].filter((k) => ints[k] !== undefined);
    const destroy = asBool(o._destroy);
    const changing = update && ints.id !== undefined;
    if (named.length > 1) errors.push(`${named.map((k) => `${field}[${k}]`).join(', ')} are mutually exclusive`);
    else if (named.length === 0 && !changing) errors.push(`${field}[access_level], ${field}[user_id], ${field}[group_id] are missing, exactly one parameter must be provided`);
    if (ints.access_level !== undefined && !DEPLOY_LEVELS.includes(ints.access_level as 30 | 40 | 60)) errors.push(`${field}[access_level] does not have a valid value`);
    if (ints.required_approvals !== undefined && ints.required_approvals < 1) errors.push(`${field}[required_approvals] does not have a valid value`);
    if (ints.group_inheritance_type !== undefined && ![0, 1].includes(ints.group_inheritance_type)) errors.push(`${field}[group_inheritance_type] does not have a valid value`);
    out.push({
      id: ints.id,
      accessLevel: ints.access_level,
      userId: ints.user_id,
      groupId: ints.group_id,
      requiredApprovals: kind === 'approval' ? ints.required_approvals : undefined,
      groupInheritanceType: ints.group_inheritance_type,
      destroy,
    });
  }
  return out;
}

/** Model validations (422-style bodies rendered as GitLab's 400 validation errors). */
function checkAssignable(state: SandboxState, group: Group, kind: Kind, e: { userId?: number | null; groupId?: number | null }, problems: Record<string, string[]>): void {
  const key = `${FIELD[kind]}.${e.userId != null ? 'user' : 'group'}`;
  if (e.userId != null) {
    const user = state.users.get(e.userId);
    if (!user || state.memberAccess(user, group) < ACCESS.maintainer) (problems[key] ??= []).push('must be a member of the group with Maintainer role or above');
  }
  if (e.groupId != null && !isDescendant(state, group, e.groupId)) (problems[key] ??= []).push('must be a subgroup of the group');
}

function newEntry(state: SandboxState, kind: Kind, e: EntryInput): Entry {
  const s = store(state);
  return {
    id: s.nextEntryId++,
    // GitLab stores Maintainer as the level of a user or group deploy entry.
    accessLevel: e.accessLevel ?? (kind === 'deploy' ? ACCESS.maintainer : null),
    userId: e.userId ?? null,
    groupId: e.groupId ?? null,
    requiredApprovals: kind === 'approval' ? (e.requiredApprovals ?? 1) : undefined,
    groupInheritanceType: e.groupInheritanceType ?? 0,
  };
}

/** A group protected environment put in place by a seed (entries valid by construction: levels, subgroups). */
export function seedProtectedEnvironment(
  state: SandboxState,
  group: Group,
  env: { name: string; deploy: Omit<EntryInput, 'destroy'>[]; approvals: Omit<EntryInput, 'destroy'>[]; requiredApprovalCount: number },
): void {
  envsOf(state, group).set(env.name, {
    name: env.name,
    deploy: env.deploy.map((e) => newEntry(state, 'deploy', { ...e, destroy: false })),
    approvals: env.approvals.map((e) => newEntry(state, 'approval', { ...e, destroy: false })),
    requiredApprovalCount: env.requiredApprovalCount,
  });
}

function validationError(problems: Record<string, string[]>): ApiError {
  return new ApiError(400, { message: problems });
}

function tierParam(req: SandboxRequest): string {
  return req.params.name ?? '';
}

export const protectedEnvironmentsModule: SandboxModule = {
  name: 'group-protected-environments',
  register(router) {
    router.get('/groups/:id/protected_environments', (req) => {
      const group = findGroupForMaintainer(req);
      return { body: [...envsOf(req.state, group).values()].map((e) => envJson(req.state, e)) };
    });

    router.get('/groups/:id/protected_environments/:name', (req) => {
      const group = findGroupForMaintainer(req);
      const env = envsOf(req.state, group).get(tierParam(req));
      if (!env) throw notFound();
      return { body: envJson(req.state, env) };
    });

    router.post('/groups/:id/protected_environments', (req) => {
      const group = findGroupForMaintainer(req);
      const input = req.input();
      const errors: string[] = [];
      const name = typeof input.name === 'string' ? input.name : undefined;
      if (!name) errors.push('name is missing');
      else if (!(TIERS as readonly string[]).includes(name)) errors.push('name does not have a valid value');
      if (input.deploy_access_levels === undefined) errors.push('deploy_access_levels is missing');
      const deploy = input.deploy_access_levels === undefined ? [] : readEntries(input.deploy_access_levels, 'deploy', false, errors);
      const approvals = input.approval_rules === undefined ? [] : readEntries(input.approval_rules, 'approval', false, errors);
      if (errors.length) throw invalidParams(errors);
      const envs = envsOf(req.state, group);
      const problems: Record<string, string[]> = {};
      if (envs.has(name!)) problems.name = ['has already been taken'];
      if (deploy.length === 0) problems.deploy_access_levels = ["can't be blank"];
      for (const e of deploy) checkAssignable(req.state, group, 'deploy', e, problems);
      for (const e of approvals) checkAssignable(req.state, group, 'approval', e, problems);
      if (Object.keys(problems).length) throw validationError(problems);
      const env: ProtectedEnv = {
        name: name!,
        deploy: deploy.map((e) => newEntry(req.state, 'deploy', e)),
        approvals: approvals.map((e) => newEntry(req.state, 'approval', e)),
        requiredApprovalCount: 0,
      };
      envs.set(env.name, env);
      return { status: 201, body: envJson(req.state, env) };
    });

    router.put('/groups/:id/protected_environments/:name', (req) => {
      const group = findGroupForMaintainer(req);
      const env = envsOf(req.state, group).get(tierParam(req));
      if (!env) throw notFound();
      const input = req.input();
      const errors: string[] = [];
      const deploy = input.deploy_access_levels === undefined ? [] : readEntries(input.deploy_access_levels, 'deploy', true, errors);
      const approvals = input.approval_rules === undefined ? [] : readEntries(input.approval_rules, 'approval', true, errors);
      const count = asInt(input.required_approval_count);
      if (count === 'invalid' || (typeof count === 'number' && count < 0)) errors.push('required_approval_count is invalid');
      if (errors.length) throw invalidParams(errors);

      // Work on copies so a failing update changes nothing.
      const next = { deploy: env.deploy.map((e) => ({ ...e })), approvals: env.approvals.map((e) => ({ ...e })) };
      const problems: Record<string, string[]> = {};
      const applyTo = (kind: Kind, list: Entry[], inputs: EntryInput[]) => {
        for (const e of inputs) {
          if (e.id === undefined) {
            checkAssignable(req.state, group, kind, e, problems);
            list.push(newEntry(req.state, kind, e));
            continue;
          }
          const at = list.findIndex((x) => x.id === e.id);
          if (at === -1) {
            (problems[`${FIELD[kind]}.id`] ??= []).push(`${e.id} does not belong to this environment`);
            continue;
          }
          if (e.destroy) {
            list.splice(at, 1);
            continue;
          }
          const cur = list[at];
          if (e.userId !== undefined || e.groupId !== undefined || e.accessLevel !== undefined) {
            checkAssignable(req.state, group, kind, e, problems);
            cur.userId = e.userId ?? null;
            cur.groupId = e.groupId ?? null;
            cur.accessLevel = e.accessLevel ?? (kind === 'deploy' ? ACCESS.maintainer : null);
          }
          if (e.requiredApprovals !== undefined) cur.requiredApprovals = e.requiredApprovals;
          if (e.groupInheritanceType !== undefined) cur.groupInheritanceType = e.groupInheritanceType;
        }
      };
      applyTo('deploy', next.deploy, deploy);
      applyTo('approval', next.approvals, approvals);
      if (Object.keys(problems).length) throw validationError(problems);
      env.deploy = next.deploy;
      env.approvals = next.approvals;
      if (typeof count === 'number') env.requiredApprovalCount = count;
      return { body: envJson(req.state, env, true) };
    });

    router.delete('/groups/:id/protected_environments/:name', (req) => {
      const group = findGroupForMaintainer(req);
      const envs = envsOf(req.state, group);
      if (!envs.delete(tierParam(req))) throw notFound();
      return { status: 200 };
    });
  },
};

