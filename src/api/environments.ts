// Group-level protected environments (spec part 3 §2.4, §4.2).

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import type { PageOptions } from '../core/paginate.js';
import { encodePathSegment } from '../core/query.js';
import { listOf, parseResponse, parseWriteAnswer } from './schema.js';

export const TIERS = ['production', 'staging', 'testing', 'development', 'other'] as const;
export type Tier = (typeof TIERS)[number];
export const DEPLOY_ACCESS_LEVELS = [30, 40, 60] as const;

const AccessRecordSchema = z.looseObject({
  id: z.number().optional(),
  access_level: z.number().nullable().optional(),
  access_level_description: z.string().nullable().optional(),
  user_id: z.number().nullable().optional(),
  group_id: z.number().nullable().optional(),
  required_approvals: z.number().optional(),
  group_inheritance_type: z.number().optional(),
});
export type AccessRecord = z.infer<typeof AccessRecordSchema>;

export const ProtectedEnvironmentSchema = z.looseObject({
  name: z.string(),
  deploy_access_levels: z.array(AccessRecordSchema).optional(),
  approval_rules: z.array(AccessRecordSchema).optional(),
  required_approval_count: z.number().optional(),
});
export type ProtectedEnvironment = z.infer<typeof ProtectedEnvironmentSchema>;

/** One entry as sent: exactly one of user_id, group_id, access_level (or an id to change/remove). */
export interface EntryInput {
  id?: number;
  user_id?: number;
  group_id?: number;
  access_level?: number;
  required_approvals?: number;
  _destroy?: boolean;
}

export interface ProtectBody {
  name: string;
  deploy_access_levels: EntryInput[];
  approval_rules?: EntryInput[];
}

export interface UpdateBody {
  deploy_access_levels?: EntryInput[];
  approval_rules?: EntryInput[];
  required_approval_count?: number;
}

const base = (group: string) => `/groups/${encodePathSegment(group)}/protected_environments`;
const one = (group: string, tier: string) => `${base(group)}/${encodePathSegment(tier)}`;
/** The paths of a group's protected environments (plans name their writes by path). */
export { base as environmentsPath, one as environmentPath };

export function listEnvironments(http: HttpClient, group: string, page: PageOptions): AsyncGenerator<ProtectedEnvironment> {
  return listOf(ProtectedEnvironmentSchema, http, base(group), {}, page);
}

export async function getEnvironment(http: HttpClient, group: string, tier: string): Promise<ProtectedEnvironment> {
  return parseResponse(ProtectedEnvironmentSchema, await http.get(one(group, tier)), `GET ${one(group, tier)}`);
}

/** null under --dry-run. */
export async function protectEnvironment(http: HttpClient, group: string, body: ProtectBody): Promise<ProtectedEnvironment | null> {
  const res = await http.post(base(group), body);
  return res.dryRun ? null : parseWriteAnswer(ProtectedEnvironmentSchema, http, res, `POST ${base(group)}`, `environment ${body.name} may have been protected`);
}

export async function updateEnvironment(http: HttpClient, group: string, tier: string, body: UpdateBody): Promise<ProtectedEnvironment | null> {
  const res = await http.put(one(group, tier), body);
  return res.dryRun ? null : parseWriteAnswer(ProtectedEnvironmentSchema, http, res, `PUT ${one(group, tier)}`, `the protection of environment ${tier} may have been changed`);
}

export async function unprotectEnvironment(http: HttpClient, group: string, tier: string): Promise<boolean> {
  const res = await http.delete(one(group, tier));
  return !res.dryRun;
}
