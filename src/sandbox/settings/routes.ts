// Application settings and plan limits (spec part 1 §2.6, §2.7, §4.2, §4.3), administrators only
// (lib/api/settings.rb, lib/api/admin/plan_limits.rb). PUT takes query or body parameters, typed as
// Grape declares them: a switch sent true needs its companions in the same request (`given …
// requires`), bounds are model validations (400 with `{message: {field: [..]}}`), and parameters
// the API does not declare are ignored.

import { adminStore, seedAdmin } from '../admin/store.js';
import { OMITTED_FROM_PUT, PLAN_LIMIT_KEYS } from './plan-limits.js';
import {
  READ_ONLY_SETTINGS,
  SETTING_COMPANIONS,
  SETTING_ORDER,
  SETTING_REPLACEMENTS,
  SETTING_VALUES,
  hasValue,
  settingProblem,
  settingType,
  type ParamType,
} from './rules.js';
import { ApiError, invalidParams } from '../http/errors.js';
import { isParamObject, type ParamObject, type ParamValue } from '../http/query.js';
import { requireAdmin } from '../access/admin.js';
import { reportedName, reportedSettings, storedParams } from './spec-names.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { SandboxRequest } from '../http/router.js';

const TRUE = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

/** Deprecated names write their replacement too, as the model's alias attributes do (not the branch protection pair: different shapes). */
const MIRRORS: Record<string, string> = Object.fromEntries(Object.entries(SETTING_REPLACEMENTS).filter(([from]) => from !== 'default_branch_protection'));

type Coerced = { ok: true; value: unknown } | { ok: false };

function coerce(type: ParamType, v: ParamValue): Coerced {
  if (v === null) return { ok: true, value: null };
  switch (type) {
    case 'boolean': {
      if (typeof v === 'boolean') return { ok: true, value: v };
      const s = String(v).toLowerCase();
      return TRUE.has(s) ? { ok: true, value: true } : FALSE.has(s) ? { ok: true, value: false } : { ok: false };
    }
    case 'integer':
      if (typeof v === 'number' && Number.isInteger(v)) return { ok: true, value: v };
      if (typeof v === 'string' && /^[-+]?\d+$/.test(v.trim())) return { ok: true, value: Number(v) };
      if (v === '') return { ok: true, value: null };
      return { ok: false };
    case 'number':
      if (typeof v === 'number') return { ok: true, value: v };
      if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return { ok: true, value: Number(v) };
      return { ok: false };
    case 'string':
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? { ok: true, value: String(v) } : { ok: false };
    case 'array':
      if (Array.isArray(v)) return { ok: true, value: v.map(String) };
      // Comma- or newline-separated strings are accepted for the list settings.
      if (typeof v === 'string') return { ok: true, value: v.split(/[,\n]/).map((s) => s.trim()).filter(Boolean) };
      return { ok: false };
    case 'object':
      if (!isParamObject(v)) return { ok: false };
      return { ok: true, value: normaliseObject(v) };
  }
}

/** Form-encoded objects arrive with string leaves; JSON bodies are already typed. */
function normaliseObject(v: ParamObject): unknown {
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, walk(y)]));
    if (typeof x === 'string' && /^-?\d+$/.test(x)) return Number(x);
    if (x === 'true' || x === 'false') return x === 'true';
    return x;
  };
  return walk(v);
}

function updateSettings(req: SandboxRequest) {
  requireAdmin(req);
  const store = adminStore(req.state);
  const input = storedParams(req.state, req.input());
  const named = (key: string) => reportedName(req.state, key);
  const errors: string[] = [];
  const changes: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(input)) {
    const type = settingType(key);
    if (!type || READ_ONLY_SETTINGS.includes(key)) continue;
    const c = coerce(type, raw);
    const values = SETTING_VALUES[key];
    if (!c.ok) errors.push(`${named(key)} is invalid`);
    else if (values && c.value !== null && !values.includes(c.value as string | number)) errors.push(`${named(key)} does not have a valid value`);
    else changes[key] = c.value;
  }
  for (const rule of SETTING_COMPANIONS) {
    if (changes[rule.when] !== true) continue;
    const missing = rule.requires.filter((k) => !(k in input));
    const alternative = rule.orElse && rule.orElse.every((k) => k in input);
    if (missing.length && !alternative) for (const k of missing) errors.push(`${named(k)} is missing`);
  }
  if (errors.length) throw invalidParams(errors);

  const invalid: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(changes)) {
    const why = settingProblem(key, value);
    if (why) invalid[named(key)] = [why];
  }
  const merged = { ...store.settings, ...changes };
  for (const r of SETTING_ORDER) {
    const lo = merged[r.lower];
    const hi = merged[r.higher];
    if (typeof lo === 'number' && typeof hi === 'number' && lo >= hi) invalid[named(r.lower)] = [`must be less than ${named(r.higher)}`];
  }
  if (Object.keys(invalid).length) throw new ApiError(400, { message: invalid });

  for (const [from, to] of Object.entries(MIRRORS)) {
    if (from in changes && !(to in changes)) changes[to] = changes[from];
    if (to in changes && !(from in changes)) changes[from] = changes[to];
  }
  if ('default_branch_protection_defaults' in changes && hasValue(changes.default_branch_protection_defaults)) {
    const d = { ...(store.settings.default_branch_protection_defaults as object), ...(changes.default_branch_protection_defaults as object) };
    changes.default_branch_protection_defaults = d;
  }
  // GitLab keeps the terms stripped of surrounding whitespace, and ignores blank terms
  // (ApplicationSettings::UpdateService#update_terms): blank leaves the old text in place.
  if ('terms' in changes) {
    if (typeof changes.terms === 'string' && changes.terms.trim()) changes.terms = changes.terms.trim();
    else delete changes.terms;
  }
  Object.assign(store.settings, changes, { updated_at: req.state.clock.iso() });
  // Admin mode is read by the shared auth code on every request.
  if (typeof changes.admin_mode === 'boolean') req.state.instance.adminMode = changes.admin_mode;
  return { status: 200, body: reportedSettings(req.state, store.settings) };
}

function planName(req: SandboxRequest, required: boolean): string {
  const raw = req.input().plan_name;
  if (raw === undefined || raw === null || raw === '') {
    if (required) throw invalidParams(['plan_name is missing']);
    return 'default';
  }
  const name = String(raw);
  // Plan.all_plans of the community edition is just `default`.
  if (!adminStore(req.state).planLimits.has(name)) throw invalidParams(['plan_name does not have a valid value']);
  return name;
}

function updatePlanLimits(req: SandboxRequest) {
  requireAdmin(req);
  const name = planName(req, true);
  const input = req.input();
  const errors: string[] = [];
  const changes: Record<string, number> = {};
  for (const key of PLAN_LIMIT_KEYS) {
    if (!(key in input)) continue;
    const v = input[key];
    if (typeof v === 'number' && Number.isInteger(v)) changes[key] = v;
    else if (typeof v === 'string' && /^[-+]?\d+$/.test(v.trim())) changes[key] = Number(v);
    else errors.push(`${key} is invalid`);
  }
  if (errors.length) throw invalidParams(errors);
  const negative = Object.entries(changes).filter(([, v]) => v < 0);
  if (negative.length) throw new ApiError(400, { message: Object.fromEntries(negative.map(([k]) => [k, ['must be greater than or equal to 0']])) });
  const limits = adminStore(req.state).planLimits.get(name)!;
  Object.assign(limits, changes);
  return { status: 200, body: Object.fromEntries(Object.entries(limits).filter(([k]) => !OMITTED_FROM_PUT.has(k))) };
}

export const settingsModule: SandboxModule = {
  name: 'settings',
  register(router) {
    router.get('/application/settings', (req) => {
      requireAdmin(req);
      return { body: reportedSettings(req.state, adminStore(req.state).settings) };
    });
    router.put('/application/settings', updateSettings);
    router.get('/application/plan_limits', (req) => {
      requireAdmin(req);
      return { body: adminStore(req.state).planLimits.get(planName(req, false)) };
    });
    router.put('/application/plan_limits', updatePlanLimits);
  },
  // Seeds the whole administration store: settings, plan limits, broadcast messages and hooks.
  seed(state, kind, options) {
    seedAdmin(state, kind, !!options.duplicates);
  },
};
