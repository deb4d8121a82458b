// Application settings and plan limits (spec part 1 §2.6, §2.7, §4.2, §4.3).

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import { parseResponse, parseWriteAnswer } from './schema.js';
import { isSecretKey } from '../core/redact.js';
import type { SizeUnit } from '../core/sizes.js';

/** Every setting is optional: instances differ by version and tier; nothing unknown is dropped. */
export const SettingsSchema = z.looseObject({});
export type Settings = Record<string, unknown>;

/** The integer limits of spec part 1 §2.6. */
export const PLAN_LIMIT_KEYS = [
  'ci_instance_level_variables',
  'ci_pipeline_size',
  'ci_active_jobs',
  'ci_project_subscriptions',
  'ci_pipeline_schedules',
  'ci_needs_size_limit',
  'ci_registered_group_runners',
  'ci_registered_project_runners',
  'dotenv_size',
  'dotenv_variables',
  'conan_max_file_size',
  'enforcement_limit',
  'generic_packages_max_file_size',
  'helm_max_file_size',
  'notification_limit',
  'maven_max_file_size',
  'npm_max_file_size',
  'nuget_max_file_size',
  'pypi_max_file_size',
  'terraform_module_max_file_size',
  'storage_size_limit',
] as const;

/** The limits that are sizes, by the unit they are kept in (spec part 1 §2.6); the others are counts. */
export const PLAN_LIMIT_SIZES: Readonly<Partial<Record<(typeof PLAN_LIMIT_KEYS)[number], SizeUnit>>> = {
  dotenv_size: 'bytes',
  conan_max_file_size: 'bytes',
  generic_packages_max_file_size: 'bytes',
  helm_max_file_size: 'bytes',
  maven_max_file_size: 'bytes',
  npm_max_file_size: 'bytes',
  nuget_max_file_size: 'bytes',
  pypi_max_file_size: 'bytes',
  terraform_module_max_file_size: 'bytes',
  enforcement_limit: 'MiB',
  notification_limit: 'MiB',
  storage_size_limit: 'MiB',
};

// Each limit the spec names is an integer where it is present (older versions report fewer); an answer
// that is no object, or gives a limit as another type, is refused as any answer of the wrong shape.
export const PlanLimitsSchema = z.looseObject(Object.fromEntries(PLAN_LIMIT_KEYS.map((k) => [k, z.number().int().optional()])));
export type PlanLimits = Record<string, unknown>;

/** The keys of a settings object whose values are secrets (redact.ts's rule; the Redactor applies it to what is sent). */
export function secretSettingKeys(settings: Record<string, unknown>): string[] {
  return Object.keys(settings).filter(isSecretKey);
}

export async function getSettings(http: HttpClient): Promise<Settings> {
  return parseResponse(SettingsSchema, await http.get('/application/settings'), 'GET /application/settings');
}

export async function getPlanLimits(http: HttpClient, plan: string): Promise<PlanLimits> {
  return parseResponse(PlanLimitsSchema, await http.get('/application/plan_limits', { plan_name: plan }), 'GET /application/plan_limits');
}

export async function updatePlanLimits(http: HttpClient, plan: string, changes: Record<string, number>): Promise<PlanLimits | null> {
  const res = await http.put('/application/plan_limits', { plan_name: plan, ...changes });
  if (res.dryRun) return null;
  return parseWriteAnswer(PlanLimitsSchema, http, res, 'PUT /application/plan_limits', `the limits of plan ${plan} may have been changed`);
}
