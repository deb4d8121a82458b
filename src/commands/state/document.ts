// The plan as a document: what `state plan -o json` prints and `--out` saves, and what
// `state apply --plan` reads back. Versioned, naming its instance; each item's writes hold secret
// references, never values, and what was read, so the instance can be checked again before it runs.

import * as z from 'zod';
import { VERSION } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { readInputFile } from '../../core/input-file.js';
import { SECTIONS } from './model.js';
import { isSecretSlot, type Action, type Plan, type PlanItem } from './plan.js';

export const PLAN_FORMAT_VERSION = 1;

export interface PlanInstance {
  url: string;
  profile: string | null;
}

export type Summary = Record<Action, number>;

export function summaryOf(plan: Pick<Plan, 'items'>): Summary {
  const n = (a: Action) => plan.items.filter((i) => i.action === a).length;
  return { create: n('create'), update: n('update'), replace: n('replace'), delete: n('delete') };
}

export function planDocument(plan: Plan, instance: PlanInstance, createdAt: string): Record<string, unknown> {
  return {
    format_version: PLAN_FORMAT_VERSION,
    forgectl_version: VERSION,
    created_at: createdAt,
    instance,
    summary: summaryOf(plan),
    changes: plan.items.map(({ resource, identity, instanceId, action, changes, lines, observed, writes }) => ({
      resource,
      identity,
      ...(instanceId === undefined ? {} : { id: instanceId }),
      action,
      // The writes' actions in the order they run: a consumer that scans for delete catches a replace.
      actions: writes.map((w) => w.action),
      changes,
      ...(lines ? { lines } : {}),
      observed,
      writes,
    })),
    unmanaged: plan.unmanaged.map(({ resource, identity, instanceId }) => ({ resource, identity, ...(instanceId === undefined ? {} : { id: instanceId }) })),
    not_compared: plan.notCompared,
    notes: plan.notes,
  };
}

// A plan file may be edited: a `.` or `..` segment (also written %2e, or after a backslash, which URLs
// read as a slash) would take the request, and the token, out of /api/v4.
const ApiPath = z
  .string()
  .startsWith('/')
  .refine((p) => !/(?:^|[/\\])(?:\.|%2e){1,2}(?=[/\\?#]|$)/i.test(p), 'a path under /api/v4, without . or .. segments');

/** The `{setting: NAME}` slots of a value (the instance's secret, read when sent), with where they stand. */
function settingSlots(v: unknown, at: string[] = []): { name: unknown; at: string[] }[] {
  if (isSecretSlot(v)) return 'setting' in v.$secret ? [{ name: v.$secret.setting, at }] : [];
  if (!v || typeof v !== 'object') return [];
  return Object.entries(v).flatMap(([k, x]) => settingSlots(x, [...at, k]));
}

const WriteSchema = z
  .looseObject({
    action: z.enum(['create', 'update', 'delete']),
    method: z.enum(['POST', 'PUT', 'DELETE']),
    path: ApiPath,
    body: z.record(z.string(), z.unknown()).optional(),
    confirm: z.array(z.looseObject({ key: z.string(), before: z.unknown(), after: z.unknown() })).optional(),
    leaves: z.string().optional(),
  })
  .superRefine((w, ctx) => {
    // An instance's secret goes back only as itself: a plan file edited to put it in another field
    // (a broadcast's message) would publish it.
    const slots = [...settingSlots(w.body, ['body']), ...settingSlots(w.confirm, ['confirm'])];
    const own = (s: { name: unknown; at: string[] }) =>
      w.method === 'PUT' && w.path === '/application/settings' && (s.at.length === 2 ? s.at[0] === 'body' && s.at[1] === s.name : s.at.length === 3 && s.at[2] === 'after' && w.confirm?.[Number(s.at[1])]?.key === s.name);
    const stray = slots.find((s) => !own(s));
    if (stray) ctx.addIssue({ code: 'custom', message: `the instance’s ${String(stray.name)} may be sent only as that setting, to /application/settings` });
  });

const ItemSchema = z.looseObject({
  resource: z.enum(SECTIONS),
  identity: z.string(),
  id: z.number().optional(),
  action: z.enum(['create', 'update', 'replace', 'delete']),
  changes: z.array(z.looseObject({ key: z.string(), before: z.unknown(), after: z.unknown(), secret: z.boolean().optional() })),
  lines: z.array(z.string()).optional(),
  observed: z.looseObject({ read: ApiPath, values: z.record(z.string(), z.unknown()).nullable(), find: z.looseObject({ key: z.string(), value: z.unknown() }).optional() }),
  writes: z.array(WriteSchema).min(1),
});

const DocumentSchema = z.looseObject({
  format_version: z.number(),
  forgectl_version: z.string(),
  created_at: z.string(),
  instance: z.looseObject({ url: z.string(), profile: z.string().nullable() }),
  changes: z.array(ItemSchema),
  unmanaged: z.array(z.looseObject({ resource: z.enum(SECTIONS), identity: z.string(), id: z.number().optional() })),
  not_compared: z.array(z.string()),
  notes: z.array(z.string()).optional(),
});

export interface SavedPlan {
  instance: PlanInstance;
  createdAt: string;
  plan: Plan;
}

/** A plan file as `--out` wrote it; anything else is refused before any request (exit 2). */
export function readPlanDocument(path: string): SavedPlan {
  let text: string;
  try {
    text = readInputFile(path);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new UsageError(`${path} is not a plan: not JSON`, 'write one with `forgectl state plan -f FILE --out plan.json`');
  }
  const version = (raw as { format_version?: unknown } | null)?.format_version;
  if (typeof version === 'number' && version !== PLAN_FORMAT_VERSION) {
    throw new UsageError(`${path} has plan format ${version}; this forgectl reads format ${PLAN_FORMAT_VERSION}`, 'make the plan again with this version of forgectl');
  }
  const parsed = DocumentSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`${path} is not a plan of forgectl: ${issue.path.join('.') || 'the document'}: ${issue.message}`, 'write one with `forgectl state plan -f FILE --out plan.json`');
  }
  const doc = parsed.data;
  const items = doc.changes.map(({ id, actions: _a, ...item }) => ({ ...item, ...(id === undefined ? {} : { instanceId: id }) }) as PlanItem);
  const unmanaged = doc.unmanaged.map(({ id, ...u }) => ({ ...u, ...(id === undefined ? {} : { instanceId: id }) }));
  return { instance: doc.instance, createdAt: doc.created_at, plan: { items, unmanaged, notes: doc.notes ?? [], notCompared: doc.not_compared } };
}
