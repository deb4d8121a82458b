// The instance file of `state plan|apply` (CLI.md "Instance as code"): one zod schema per section,
// from which `state schema` is generated too. A section left out is not managed.

import * as z from 'zod';
import { readFileSync } from 'node:fs';
import { UsageError } from '../../core/errors.js';
import { PLAN_LIMIT_KEYS } from '../../api/settings.js';
import { NOTIFICATION_EVENTS, NOTIFICATION_LEVELS } from '../notify/values.js';
import { parsePlainYaml } from '../settings/plain-yaml.js';
import { planLimitValueSchema } from './plan-limit-values.js';

/** A secret is never written in the file: it names where to find it. */
export const SecretRefSchema = z.union([
  z.strictObject({ env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name') }),
  z.strictObject({ command: z.string().min(1) }),
], { error: 'a secret is never written in the file: give {env: NAME} or {command: "…"}' });
export type SecretRef = z.infer<typeof SecretRefSchema>;

export const HookEntrySchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  name: z.string().optional(),
  description: z.string().optional(),
  token: SecretRefSchema.optional(),
  push_events: z.boolean().optional(),
  tag_push_events: z.boolean().optional(),
  merge_requests_events: z.boolean().optional(),
  repository_update_events: z.boolean().optional(),
  enable_ssl_verification: z.boolean().optional(),
});
export type HookEntry = z.infer<typeof HookEntrySchema>;

export const BroadcastEntrySchema = z.strictObject({
  message: z.string().min(1),
  starts_at: z.iso.datetime({ offset: true }).optional(),
  ends_at: z.iso.datetime({ offset: true }).optional(),
  font: z.string().optional(),
  theme: z.string().optional(),
  target_access_levels: z.array(z.number().int()).optional(),
  target_path: z.string().optional(),
  broadcast_type: z.enum(['banner', 'notification']).optional(),
  dismissable: z.boolean().optional(),
});
export type BroadcastEntry = z.infer<typeof BroadcastEntrySchema>;

/** Plan name → its integer limits (spec part 1 §2.6). */
export const PlanLimitsEntrySchema = z.strictObject(Object.fromEntries(PLAN_LIMIT_KEYS.map((k) => [k, planLimitValueSchema(k).optional()])));

/** The token user's global notification settings (spec part 2 §2.7). */
export const NotificationEntrySchema = z.strictObject({
  level: z.enum(NOTIFICATION_LEVELS),
  notification_email: z.string().optional(),
  events: z.strictObject(Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, z.boolean().optional()]))).optional(),
});
export type NotificationEntry = z.infer<typeof NotificationEntrySchema>;

/** Group path → its protected environments (the format of `envs apply`, checked by its code) and notification settings. */
export const GroupEntrySchema = z.strictObject({
  protected_environments: z.unknown().optional(),
  notification_settings: NotificationEntrySchema.optional(),
});

/** Settings are typed by the settings model (as `settings set -f` types them), not here. */
export const StateFileSchema = z.strictObject({
  settings: z.record(z.string(), z.unknown()).optional(),
  plan_limits: z.record(z.string().regex(/^[a-z0-9_]+$/, 'a plan name such as default'), PlanLimitsEntrySchema).optional(),
  system_hooks: z.array(HookEntrySchema).optional(),
  broadcast_messages: z.array(BroadcastEntrySchema).optional(),
  notification_settings: NotificationEntrySchema.optional(),
  groups: z.record(z.string().regex(/^[\w.-]+(\/[\w.-]+)*$/, 'a group path such as acme/platform'), GroupEntrySchema).optional(),
});
export type StateFile = z.infer<typeof StateFileSchema>;

/** In the order apply writes them. */
export const SECTIONS = ['settings', 'plan_limits', 'system_hooks', 'broadcast_messages', 'notification_settings', 'groups'] as const;
export type Section = (typeof SECTIONS)[number];

function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)), '');
}

function issueText(issue: z.core.$ZodIssue): string {
  const at = pathText(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => (at ? `${at}.${k}` : k));
    return `unknown key${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
  }
  return `${at || 'the file'}: ${issue.message}`;
}

function checkUnique(where: string, items: readonly Record<string, unknown>[] | undefined, section: string, key: string): void {
  const seen = new Map<unknown, number>();
  items?.forEach((item, i) => {
    const before = seen.get(item[key]);
    if (before !== undefined) throw new UsageError(`${where}: ${section}[${i}] has the ${key} of ${section}[${before}]: ${JSON.stringify(item[key])}`, `give each ${key} once; it is how the entry is identified`);
    seen.set(item[key], i);
  });
}

/** Checks the whole text before anything is sent; every problem is a UsageError (exit 2). */
export function parseStateText(text: string, where: string): StateFile {
  const doc = parsePlainYaml(text, where);
  if (doc === null || doc === undefined) throw new UsageError(`${where} is empty (or null): nothing to apply`, 'start from `forgectl state export`');
  const parsed = StateFileSchema.safeParse(doc);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new UsageError(`${where}: ${issueText(first)}`, `the sections are ${SECTIONS.join(', ')}; \`forgectl state schema\` prints the file's schema`);
  }
  const file = parsed.data;
  if (SECTIONS.every((s) => file[s] === undefined)) throw new UsageError(`${where} names no section: nothing to apply`, `give one of ${SECTIONS.join(', ')}`);
  checkUnique(where, file.system_hooks, 'system_hooks', 'url');
  checkUnique(where, file.broadcast_messages, 'broadcast_messages', 'message');
  return file;
}

export function readStateFile(path: string, readStdin: (what: string) => Promise<string>): Promise<StateFile> | StateFile {
  if (path === '-') return readStdin('the instance file').then((t) => parseStateText(t, 'standard input'));
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return parseStateText(text, path);
}

/** The JSON Schema editors validate the file with (yaml-language-server). */
export function stateJsonSchema(): Record<string, unknown> {
  return { ...z.toJSONSchema(StateFileSchema, { io: 'input' }), title: 'forgectl instance file' };
}
