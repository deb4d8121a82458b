// Epic commands: filters and body fields checked here (dates, description limit, at least one
// change) before anything is sent.

import { createEpic, getEpic, listEpics, updateEpic, type Epic } from '../../api/epics.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { list, none, object, type Column, type CommandResult } from '../../core/output.js';
import { parseDate, parseDateTime, parseInteger, parseList } from '../../core/parse.js';
import type { QueryParams } from '../../core/query.js';
import type { HttpClient } from '../../core/http.js';
import { parseRef, takeNoteableRef, type EpicRef } from '../../core/refs.js';
import { exclusive, pageOptions } from '../shared.js';
import { readText } from '../text-input.js';

export const DESCRIPTION_MAX = 1_048_576;

const labelNames = (e: Epic) => (e.labels ?? []).map((l) => (typeof l === 'object' && l !== null ? (l as { name?: string }).name : l));

const COLUMNS: Column<Epic>[] = [
  { key: 'iid', header: 'iid', value: (e) => (e.references as { full?: string } | undefined)?.full ?? `&${e.iid}` },
  { key: 'title' },
  { key: 'state' },
  { key: 'author.username', header: 'author' },
  { key: 'labels', value: labelNames },
  { key: 'start_date', header: 'start' },
  { key: 'due_date', header: 'due' },
  { key: 'parent_iid', header: 'parent' },
];

const DETAIL: Column<Epic>[] = [
  { key: 'id' },
  { key: 'iid' },
  { key: 'references.full', header: 'reference' },
  { key: 'title' },
  { key: 'state' },
  { key: 'confidential' },
  { key: 'author.username', header: 'author' },
  { key: 'labels', value: labelNames },
  { key: 'start_date' },
  { key: 'start_date_is_fixed' },
  { key: 'due_date' },
  { key: 'due_date_is_fixed' },
  { key: 'parent_id' },
  { key: 'created_at' },
  { key: 'updated_at' },
  { key: 'closed_at' },
  { key: 'web_url' },
  { key: 'description' },
];

function epicRef(args: string[]): EpicRef {
  const { ref, rest } = takeNoteableRef(args, ['epic'], 'epic');
  if (rest.length) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}`, 'give the epic as group&5 or GROUP IID');
  return ref as EpicRef;
}

interface ListOptions {
  authorId?: string;
  author?: string;
  labels?: string;
  withLabelsDetails?: boolean;
  orderBy?: string;
  sort?: string;
  search?: string;
  state?: string;
  createdAfter?: string;
  createdBefore?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  includeAncestorGroups?: boolean;
  includeDescendantGroups?: boolean;
  myReactionEmoji?: string;
  notAuthorId?: string;
  notAuthor?: string;
  notLabels?: string;
}

export async function listEpicsCommand(ctx: Context, o: ListOptions, group: string): Promise<CommandResult> {
  exclusive(o as Record<string, unknown>, { authorId: '--author-id', author: '--author' });
  exclusive(o as Record<string, unknown>, { notAuthorId: '--not-author-id', notAuthor: '--not-author' });
  const dt = (flag: string, v?: string) => (v === undefined ? undefined : parseDateTime(flag, v));
  const not: Record<string, string> = {};
  if (o.notAuthorId !== undefined) not.author_id = String(parseInteger('--not-author-id', o.notAuthorId, { min: 1 }));
  if (o.notAuthor !== undefined) not.author_username = o.notAuthor;
  if (o.notLabels !== undefined) not.labels = parseList(o.notLabels).join(',');
  const query: QueryParams = {
    author_id: o.authorId === undefined ? undefined : parseInteger('--author-id', o.authorId, { min: 1 }),
    author_username: o.author,
    labels: o.labels === undefined ? undefined : parseList(o.labels).join(','),
    with_labels_details: o.withLabelsDetails,
    order_by: o.orderBy,
    sort: o.sort,
    search: o.search,
    state: o.state,
    created_after: dt('--created-after', o.createdAfter),
    created_before: dt('--created-before', o.createdBefore),
    updated_after: dt('--updated-after', o.updatedAfter),
    updated_before: dt('--updated-before', o.updatedBefore),
    include_ancestor_groups: o.includeAncestorGroups,
    include_descendant_groups: o.includeDescendantGroups,
    my_reaction_emoji: o.myReactionEmoji,
    not: Object.keys(not).length ? not : undefined,
  };
  const http = await ctx.http();
  return list(listEpics(http, group, query, pageOptions(ctx)), COLUMNS, { empty: 'No epics match.' });
}

export async function getEpicCommand(ctx: Context, args: string[]): Promise<CommandResult> {
  const ref = epicRef(args);
  const http = await ctx.http();
  return object(await getEpic(http, ref.group, ref.iid), { columns: DETAIL });
}

interface FieldOptions {
  title?: string;
  description?: string;
  descriptionFile?: string;
  confidential?: boolean;
  color?: string;
  startDateFixed?: string;
  dueDateFixed?: string;
  startDateIsFixed?: boolean;
  dueDateIsFixed?: boolean;
  parentId?: string;
  labels?: string;
  addLabels?: string;
  removeLabels?: string;
  stateEvent?: 'close' | 'reopen';
  createdAt?: string;
  updatedAt?: string;
}

/** The request body from the flags; checks dates, colour and the description limit. */
async function epicBody(ctx: Context, o: FieldOptions): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  if (o.title !== undefined) {
    if (!o.title.trim()) throw new UsageError('--title cannot be empty');
    body.title = o.title;
  }
  const description = await readText(ctx, { value: o.description, file: o.descriptionFile }, '--description', '--description-file', 'description');
  if (description !== undefined) {
    if (description.length > DESCRIPTION_MAX) {
      throw new UsageError(`the description has ${description.length.toLocaleString('en-US')} characters; the limit is 1,048,576`);
    }
    body.description = description;
  }
  if (o.confidential !== undefined) body.confidential = o.confidential;
  if (o.color !== undefined) {
    if (!/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(o.color)) throw new UsageError(`--color must be a hex colour such as #1068bf, got ${JSON.stringify(o.color)}`);
    body.color = o.color;
  }
  if (o.startDateFixed !== undefined) body.start_date_fixed = parseDate('--start-date-fixed', o.startDateFixed);
  if (o.dueDateFixed !== undefined) body.due_date_fixed = parseDate('--due-date-fixed', o.dueDateFixed);
  // A fixed date is only used when its *_is_fixed switch is on: giving the date turns it on.
  body.start_date_is_fixed = o.startDateIsFixed ?? (o.startDateFixed !== undefined ? true : undefined);
  body.due_date_is_fixed = o.dueDateIsFixed ?? (o.dueDateFixed !== undefined ? true : undefined);
  if (body.start_date_fixed && body.due_date_fixed && String(body.start_date_fixed) > String(body.due_date_fixed)) {
    throw new UsageError(`--start-date-fixed ${body.start_date_fixed} is after --due-date-fixed ${body.due_date_fixed}`);
  }
  if (o.labels !== undefined) {
    if (o.addLabels !== undefined || o.removeLabels !== undefined) throw new UsageError('--labels replaces every label; it cannot be used with --add-labels or --remove-labels');
    body.labels = parseList(o.labels).join(',');
  }
  if (o.addLabels !== undefined) body.add_labels = parseList(o.addLabels).join(',');
  if (o.removeLabels !== undefined) body.remove_labels = parseList(o.removeLabels).join(',');
  if (o.stateEvent !== undefined) body.state_event = o.stateEvent;
  if (o.createdAt !== undefined) body.created_at = parseDateTime('--created-at', o.createdAt);
  if (o.updatedAt !== undefined) body.updated_at = parseDateTime('--updated-at', o.updatedAt);
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  return body;
}

/** --parent-id: the parent's global id (0 removes it on update), or a reference `group&5` / `&5` (this group). */
type ParentSpec = { id: number | null } | { group?: string; iid: number };

function parentSpec(raw: string, create: boolean): ParentSpec {
  if (/^\s*\d+\s*$/.test(raw)) return { id: parseInteger('--parent-id', raw, { min: create ? 1 : 0 }) || null };
  const ref = parseRef(raw, ['epic'], { bare: true });
  return { group: ref.project === undefined ? undefined : String(ref.project), iid: ref.iid };
}

/** The parent_id to send: a reference is read (GET) for the epic's global id, which is what the service takes. */
async function parentId(http: HttpClient, spec: ParentSpec, group: string): Promise<number | null> {
  if ('id' in spec) return spec.id;
  return (await getEpic(http, spec.group ?? group, spec.iid)).id as number;
}

/** The service drops created_at/updated_at silently for callers below Owner; say so. */
function ignoredPrivileged(ctx: Context, flag: string, sent: unknown, got: unknown): void {
  if (typeof sent !== 'string' || typeof got !== 'string') return;
  if (Math.abs(Date.parse(sent) - Date.parse(got)) > 1000) ctx.warn(`the service ignored ${flag}: setting it needs administrator rights or the Owner role of the group`);
}

export async function createEpicCommand(ctx: Context, o: FieldOptions, group: string): Promise<CommandResult> {
  const body = await epicBody(ctx, o);
  const parent = o.parentId === undefined ? undefined : parentSpec(o.parentId, true);
  const http = await ctx.http();
  if (parent) body.parent_id = await parentId(http, parent, group);
  const epic = await createEpic(http, group, body);
  if (!epic) return none;
  ignoredPrivileged(ctx, '--created-at', body.created_at, epic.created_at);
  ctx.notice(`Created epic ${(epic.references as { full?: string } | undefined)?.full ?? `&${epic.iid}`}.`);
  return object(epic, { columns: DETAIL });
}

export async function updateEpicCommand(ctx: Context, o: FieldOptions, args: string[]): Promise<CommandResult> {
  const ref = epicRef(args);
  const body = await epicBody(ctx, o);
  const parent = o.parentId === undefined ? undefined : parentSpec(o.parentId, false);
  if (!Object.keys(body).length && !parent) throw new UsageError('nothing to change', 'give at least one of --title, --description, --labels, --add-labels, --state-event, dates…');
  const http = await ctx.http();
  if (parent) body.parent_id = await parentId(http, parent, ref.group);
  const epic = await updateEpic(http, ref.group, ref.iid, body);
  if (!epic) return none;
  ignoredPrivileged(ctx, '--updated-at', body.updated_at, epic.updated_at);
  const verb = o.stateEvent === 'close' ? 'Closed' : o.stateEvent === 'reopen' ? 'Reopened' : 'Updated';
  ctx.notice(`${verb} epic ${ref.group}&${ref.iid}.`);
  return object(epic, { columns: DETAIL });
}
