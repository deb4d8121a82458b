// The instance file of `state plan|apply` (CLI.md "Instance as code"): one zod schema per section,
// from which `state schema` is generated too. A section left out is not managed.

import * as z from 'zod';
import type { FileProblems } from '../../core/file-problems.js';
import { PLAN_LIMIT_KEYS } from '../../api/settings.js';
import { SECTIONS, type Section } from '../../api/state-sections.js';
import { NOTIFICATION_EVENTS, NOTIFICATION_LEVELS } from '../notify/values.js';
import { locate, locateExactly, type Located } from '../settings/plain-yaml.js';
import { YAML11_TIMESTAMP_PATTERN, normaliseTimestamp } from './timestamps.js';
import { planLimitValueSchema } from './plan-limit-values.js';

/** A secret is never written in the file: it names where to find it. */
export const SecretRefSchema = z.union([
  z.strictObject({ env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name') }),
  z.strictObject({ command: z.string().min(1) }),
], { error: 'a secret is never written in the file: give {env: NAME} or {command: "…"}' });
export type SecretRef = z.infer<typeof SecretRefSchema>;

export const HookEntrySchema = z.strictObject({
  // A URL that holds a password is given as a reference, as a secret is.
  url: z.union([z.url({ protocol: /^https?$/ }), SecretRefSchema]),
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

/** ISO 8601, or YAML 1.1's timestamp forms (as PyYAML writes them); normalised to ISO 8601 in UTC once read. */
const TimeSchema = z
  .string()
  .regex(new RegExp(YAML11_TIMESTAMP_PATTERN), { message: 'a time such as 2026-11-17T15:35:05Z', abort: true })
  .refine((v) => normaliseTimestamp(v) !== undefined, 'names no instant (check the date and the time)');

export const BroadcastEntrySchema = z.strictObject({
  message: z.string().min(1),
  starts_at: TimeSchema.optional(),
  ends_at: TimeSchema.optional(),
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

export { SECTIONS, type Section } from '../../api/state-sections.js';

/** `system_hooks[0].url`, as problems name a value. */
export function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)), '');
}

/** What to do about a file's problems in general. */
export const FILE_HINT = `the sections are ${SECTIONS.join(', ')}; \`forgectl state schema\` prints the file's schema`;

/**
 * A value the file wrote that the schema wants as another type, read again from its text: YAML 1.1
 * tools (PyYAML) write the string `1e3` plain, which YAML 1.2 reads as a number; an `{env: NAME}`
 * value is a string where a boolean or number may be wanted. Returns whether anything changed.
 */
function retype(doc: unknown, located: Located | undefined, issues: readonly z.core.$ZodIssue[]): boolean {
  let changed = false;
  for (const issue of issues) {
    if (issue.code !== 'invalid_type' || !issue.path.length) continue;
    const written = locateExactly(located, issue.path)?.written;
    if (written === undefined) continue;
    const value = issue.expected === 'string' ? written : issue.expected === 'boolean' && /^(true|false)$/.test(written) ? written === 'true' : issue.expected === 'number' && written.trim() !== '' && Number.isFinite(Number(written)) ? Number(written) : undefined;
    if (value === undefined) continue;
    const parent = issue.path.slice(0, -1).reduce<unknown>((v, k) => (v as Record<PropertyKey, unknown>)?.[k], doc);
    if (parent && typeof parent === 'object') {
      (parent as Record<PropertyKey, unknown>)[issue.path.at(-1)!] = value;
      changed = true;
    }
  }
  return changed;
}

function addIssues(issues: readonly z.core.$ZodIssue[], located: Located | undefined, problems: FileProblems): void {
  for (const issue of issues) {
    const at = pathText(issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const keyPath = at ? `${at}.${key}` : key;
        problems.add({ place: locateExactly(located, [...issue.path, key])?.keyPlace ?? locate(located, issue.path)?.place, path: keyPath, text: `unknown key ${keyPath}` });
      }
      continue;
    }
    const here = locate(located, issue.path);
    problems.add({ place: here?.keyPlace && issue.code === 'invalid_key' ? here.keyPlace : here?.place, path: at, text: `${at || 'the file'}: ${issue.message}` });
  }
}

/** Duplicates among the items as written, whether or not each passed its schema (one run names both). */
function checkUnique(items: unknown, section: string, key: string, located: Located | undefined, problems: FileProblems): void {
  if (!Array.isArray(items)) return;
  const seen = new Map<string, number>();
  items.forEach((item: unknown, i) => {
    const value = item && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
    if (value === undefined || value === null) return;
    const same = JSON.stringify(value);
    const before = seen.get(same);
    const path = `${section}[${i}]`;
    if (before !== undefined) {
      problems.add({ place: locate(located, [section, i, key])?.place, path, text: `${path} has the ${key} of ${section}[${before}]: ${same}`, hint: `give each ${key} once; it is how the entry is identified` });
    } else seen.set(same, i);
  });
}

/**
 * The items (or entries) of a section that failed which pass on their own: their references are
 * still resolved and their own checks run, so one run names every problem. Nothing is sent, as the
 * section's problems are reported.
 */
function passingParts(section: Section, value: unknown): unknown {
  const schema = StateFileSchema.shape[section].unwrap();
  // A failed item is left undefined, so that the others keep their index (their place in the file).
  if (schema instanceof z.ZodArray && Array.isArray(value)) return value.map((item) => (schema.element.safeParse(item).success ? item : undefined));
  if (schema instanceof z.ZodRecord && value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).filter(([k, v]) => schema.keyType.safeParse(k).success && schema.valueType.safeParse(v).success));
  }
  return undefined;
}

/**
 * One section checked against its schema; a value the schema wants typed otherwise is read again from
 * its text. A section that fails is left with its parts that pass (passingParts).
 */
function checkSection(section: Section, value: Record<string, unknown>, located: Located | undefined, problems: FileProblems): boolean {
  const schema = StateFileSchema.shape[section];
  let parsed = schema.safeParse(value[section]);
  // Twice at most: a value read again may reveal the issues of what it contains.
  for (let round = 0; !parsed.success && round < 2 && retype(value, located, parsed.error.issues.map((i) => ({ ...i, path: [section, ...i.path] }))); round++) parsed = schema.safeParse(value[section]);
  if (parsed.success) {
    value[section] = parsed.data;
    return true;
  }
  addIssues(parsed.error.issues.map((i) => ({ ...i, path: [section, ...i.path] })), located, problems);
  value[section] = passingParts(section, value[section]);
  return false;
}

/**
 * The file's data checked against the schema, section by section (one section's problems do not
 * hide another's); every problem goes to `problems` with its place. Returns what passed: whole
 * sections, and of a section that failed the items that pass (their references are still checked).
 */
export function checkStateDoc(value: unknown, located: Located | undefined, where: string, problems: FileProblems): StateFile {
  if (value === null || value === undefined) {
    problems.add({ path: '', text: `${where} is empty (or null): nothing to apply`, hint: 'start from `forgectl state export`' });
    return {};
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.add({ place: located?.place, path: '', text: `${where} must be a mapping of sections (${SECTIONS.join(', ')})` });
    return {};
  }
  const doc = value as Record<string, unknown>;
  for (const key of Object.keys(doc).filter((k) => !(SECTIONS as readonly string[]).includes(k))) {
    problems.add({ place: locateExactly(located, [key])?.keyPlace, path: key, text: `unknown key ${key}` });
  }
  const named = SECTIONS.filter((s) => doc[s] !== undefined);
  if (!named.length) {
    if (!problems.count) problems.add({ path: '', text: `${where} names no section: nothing to apply`, hint: `give one of ${SECTIONS.join(', ')}` });
    return {};
  }
  checkUnique(doc.system_hooks, 'system_hooks', 'url', located, problems);
  checkUnique(doc.broadcast_messages, 'broadcast_messages', 'message', located, problems);
  // A section that failed keeps the parts that passed: with problems found, nothing is sent anyway.
  const file: StateFile = {};
  for (const section of named) {
    checkSection(section, doc, located, problems);
    if (doc[section] !== undefined) Object.assign(file, { [section]: doc[section] });
  }
  for (const b of file.broadcast_messages ?? []) {
    if (!b) continue;
    if (b.starts_at) b.starts_at = normaliseTimestamp(b.starts_at);
    if (b.ends_at) b.ends_at = normaliseTimestamp(b.ends_at);
  }
  return file;
}

/** The JSON Schema editors validate the file with (yaml-language-server). */
export function stateJsonSchema(): Record<string, unknown> {
  return { ...z.toJSONSchema(StateFileSchema, { io: 'input' }), title: 'forgectl instance file' };
}
