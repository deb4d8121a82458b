// The plan as a document: what `state plan -o json` prints and `--out` saves, and what
// `state apply --plan` and `state show` read back. Versioned, naming its instance; each item is what
// a reviewer reads (identity, action, key-level changes, what was read). Its requests are kept for
// readers (jq, csv) but never trusted: they are built again from the changes and must be the same.

import * as z from 'zod';
import { VERSION } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { readInputFile } from '../../core/input-file.js';
import { onOneLine } from '../../core/safe-text.js';
import { SECTIONS } from './model.js';
import type { Action, Plan, PlanItem, ShownItem } from './plan.js';
import { built } from './sections.js';
import { cannotRead } from '../../core/fs-errors.js';
import { ASKED } from './replace.js';

export const PLAN_FORMAT_VERSION = 2;

export interface PlanInstance {
  url: string;
  profile: string | null;
}

export type Summary = Record<Action, number>;

export function summaryOf(plan: Pick<Plan, 'items'>): Summary {
  const n = (a: Action) => plan.items.filter((i) => i.action === a).length;
  return { create: n('create'), update: n('update'), replace: n('replace'), delete: n('delete') };
}

/** One item as saved: what it shows, with the requests it makes for readers. */
function itemDocument(item: PlanItem): Record<string, unknown> {
  const { resource, identity, instanceId, shared, action, replaceReason, changes, observed, writes } = item;
  return {
    resource,
    identity,
    ...(instanceId === undefined ? {} : { id: instanceId }),
    ...(shared ? { shared } : {}),
    action,
    ...(replaceReason ? { replace_reason: replaceReason } : {}),
    // The writes' actions in the order they run: a consumer that scans for delete catches a replace.
    actions: writes.map((w) => w.action),
    requests: requestsOf(item),
    // Before is always written: null for a create, where nothing was read.
    changes: changes.map((c) => ({ key: c.key, before: c.before ?? null, after: c.after, ...(c.secret ? { secret: true } : {}) })),
    observed: { values: observed.values },
  };
}

const requestsOf = (item: PlanItem) => item.writes.map((w) => `${w.method} ${w.path}`);

export function planDocument(plan: Plan, instance: PlanInstance, createdAt: string): Record<string, unknown> {
  return {
    format_version: PLAN_FORMAT_VERSION,
    forgectl_version: VERSION,
    created_at: createdAt,
    instance,
    summary: summaryOf(plan),
    changes: plan.items.map(itemDocument),
    unmanaged: plan.unmanaged.map(({ resource, identity, instanceId }) => ({ resource, identity, ...(instanceId === undefined ? {} : { id: instanceId }) })),
    not_compared: plan.notCompared,
    notes: plan.notes,
  };
}

// Text a file gives only to be shown: one line, or an edited file could print lines of a plan it is not.
const Line = z.string().regex(/^[^\u0000-\u001f\u007f]*$/, 'one line of text, without control characters');

// Strict: a key this version does not write (a `writes`, a `read` path) is refused, not ignored.
const ItemSchema = z.strictObject({
  resource: z.enum(SECTIONS),
  identity: z.string(),
  id: z.number().int().optional(),
  shared: z.literal(true).optional(),
  action: z.enum(['create', 'update', 'replace', 'delete']),
  replace_reason: z.literal(ASKED).optional(),
  actions: z.array(z.string()),
  requests: z.array(z.string()),
  changes: z.array(z.strictObject({ key: z.string(), before: z.unknown().optional(), after: z.unknown(), secret: z.boolean().optional() })),
  observed: z.strictObject({ values: z.record(z.string(), z.unknown()).nullable() }),
});

const DocumentSchema = z.strictObject({
  format_version: z.number(),
  forgectl_version: z.string(),
  created_at: Line,
  instance: z.strictObject({ url: Line, profile: Line.nullable() }),
  summary: z.unknown().optional(),
  changes: z.array(ItemSchema),
  // A broadcast's message is shown quoted (escaped); every other identity is one line.
  unmanaged: z.array(z.strictObject({ resource: z.enum(SECTIONS), identity: z.string(), id: z.number().optional() }).refine((u) => u.resource === 'broadcast_messages' || Line.safeParse(u.identity).success, 'one line of text, without control characters')),
  not_compared: z.array(Line),
  notes: z.array(Line).optional(),
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
    throw cannotRead(path, e);
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
  const items = doc.changes.map((raw, n) => {
    const { id, shared, actions, requests, changes, replace_reason, ...rest } = raw;
    const shown: ShownItem = { ...rest, changes: changes.map((c) => ({ ...c, before: c.before ?? null })), ...(id === undefined ? {} : { instanceId: id }), ...(shared ? { shared } : {}), ...(replace_reason ? { replaceReason: replace_reason } : {}) };
    let item: PlanItem;
    try {
      item = built(shown);
    } catch (e) {
      // Whatever the edit, the file is refused as a file (exit 2), never run.
      throw new UsageError(`${path}: changes.${n} (${raw.resource} ${onOneLine(raw.identity)}): ${(e as Error).message}`, 'make the plan again with `forgectl state plan -f FILE --out plan.json`');
    }
    // Kept for readers, never sent: they must say what the changes make.
    const same = (a: string[], b: string[]) => JSON.stringify(a) === JSON.stringify(b);
    if (!same(actions, item.writes.map((w) => w.action)) || !same(requests, requestsOf(item))) {
      throw new UsageError(`${path}: changes.${n} (${raw.resource} ${onOneLine(raw.identity)}): requests differ from what its changes make (${requestsOf(item).join(', ') || 'none'})`, 'make the plan again with `forgectl state plan -f FILE --out plan.json`');
    }
    return item;
  });
  const unmanaged = doc.unmanaged.map(({ id, ...u }) => ({ ...u, ...(id === undefined ? {} : { instanceId: id }) }));
  return { instance: doc.instance, createdAt: doc.created_at, plan: { items, unmanaged, notes: doc.notes ?? [], notCompared: doc.not_compared } };
}
