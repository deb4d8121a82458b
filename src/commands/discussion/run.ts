// Discussion commands. References are parsed and bodies read before any request.

import { addNote, createDiscussion, deleteNote, editNote, getDiscussion, listDiscussions, type Discussion } from '../../api/discussions.js';
import type { Context } from '../../context.js';
import { CommandFailedError, ExitCode, UsageError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';
import { list, none, object, type CommandResult } from '../../core/output.js';
import { parseDateTime, parseInteger } from '../../core/parse.js';
import { formatNoteableRef, takeNoteableRef, type NoteableKind, type NoteableRef } from '../../core/refs.js';
import { confirmDestructive, pageOptions } from '../shared.js';
import { requireText } from '../text-input.js';
import { NOTE_COLUMNS, noteRows, SINGLE_NOTE_COLUMNS } from './tree.js';

const KINDS: readonly NoteableKind[] = ['issue', 'snippet', 'epic'];

interface Common {
  type?: NoteableKind;
}
interface BodyOptions extends Common {
  body?: string;
  bodyFile?: string;
  createdAt?: string;
  noteId?: string;
}

/** The reference and exactly `names` further arguments. */
function refAnd(args: string[], o: Common, names: string[]): { ref: NoteableRef; rest: string[] } {
  const { ref, rest } = takeNoteableRef(args, KINDS, o.type ?? 'issue');
  if (rest.length !== names.length) {
    const want = names.length ? `REF ${names.join(' ')}` : 'REF';
    throw new UsageError(`expected ${want}, got ${rest.length < names.length ? 'too few' : 'too many'} arguments`, `e.g. acme/platform/gateway#1${names.length ? ' ' + names.join(' ') : ''}`);
  }
  return { ref, rest };
}

function discussionId(raw: string): string {
  if (!/^[\w-]+$/.test(raw)) throw new UsageError(`invalid discussion id ${JSON.stringify(raw)}`, 'discussion ids are the hexadecimal strings shown by `discussion list`');
  return raw;
}

const FULL_ID = /^[0-9a-f]{40}$/i;

/**
 * Tables show the first 12 characters of a discussion id; a shorter hexadecimal prefix is looked up
 * among the item's discussions (it must match exactly one).
 */
async function resolveDiscussionId(http: HttpClient, ref: NoteableRef, id: string): Promise<string> {
  if (FULL_ID.test(id) || !/^[0-9a-f]{6,39}$/i.test(id)) return id;
  const matches: string[] = [];
  for await (const d of listDiscussions(http, ref, { all: true })) if (d.id.toLowerCase().startsWith(id.toLowerCase())) matches.push(d.id);
  if (matches.length === 1) return matches[0];
  if (!matches.length) throw new CommandFailedError(`no discussion of ${formatNoteableRef(ref)} starts with ${id}`, 'list them with `forgectl discussion list`', ExitCode.notFound);
  throw new CommandFailedError(`${matches.length} discussions of ${formatNoteableRef(ref)} start with ${id}`, 'give more characters of the id');
}

const noteId = (raw: string, name = 'NOTE_ID') => parseInteger(name, raw, { min: 1 });

/**
 * The spec lists `note_id` (a note of the thread) as required for adding a note: the thread's first
 * note, read from the thread (found among the item's discussions when a prefix was given).
 */
async function threadFirstNote(http: HttpClient, ref: NoteableRef, id: string): Promise<{ id: string; noteId: number }> {
  const full = await resolveDiscussionId(http, ref, id);
  const first = (await getDiscussion(http, ref, full)).notes[0];
  if (!first) throw new CommandFailedError(`discussion ${full} of ${formatNoteableRef(ref)} has no notes`, 'list them with `forgectl discussion list`', ExitCode.notFound);
  return { id: full, noteId: first.id };
}

function body(ctx: Context, o: BodyOptions): Promise<string> {
  return requireText(ctx, { value: o.body, file: o.bodyFile }, '--body', '--body-file', 'note body');
}

/** The tree for tables, whole discussions for json/yaml/ndjson. */
function showDiscussions(ctx: Context, items: AsyncIterable<Discussion> | Discussion[]): CommandResult {
  if (ctx.globals.output !== 'table') return list(items, []);
  async function* rows() {
    for await (const d of items) yield* noteRows(d);
  }
  return list(rows(), NOTE_COLUMNS, { empty: 'No discussions.' });
}

function showDiscussion(ctx: Context, d: Discussion): CommandResult {
  return ctx.globals.output === 'table' ? list(noteRows(d), NOTE_COLUMNS) : object(d);
}

/** The service keeps created_at only for administrators and owners; say so when it was dropped. */
function checkCreatedAt(ctx: Context, sent: string | undefined, got: string | undefined): void {
  if (!sent || !got) return;
  if (Math.abs(Date.parse(sent) - Date.parse(got)) > 1000) {
    ctx.warn('the service ignored --created-at: setting it needs administrator rights or the Owner role of the project or group');
  }
}

export async function listDiscussionsCommand(ctx: Context, o: Common, args: string[]): Promise<CommandResult> {
  const { ref } = refAnd(args, o, []);
  const http = await ctx.http();
  return showDiscussions(ctx, listDiscussions(http, ref, pageOptions(ctx)));
}

export async function getDiscussionCommand(ctx: Context, o: Common, args: string[]): Promise<CommandResult> {
  const { ref, rest } = refAnd(args, o, ['DISCUSSION_ID']);
  const http = await ctx.http();
  const id = await resolveDiscussionId(http, ref, discussionId(rest[0]));
  return showDiscussion(ctx, await getDiscussion(http, ref, id));
}

export async function createDiscussionCommand(ctx: Context, o: BodyOptions, args: string[]): Promise<CommandResult> {
  const { ref } = refAnd(args, o, []);
  const createdAt = o.createdAt === undefined ? undefined : parseDateTime('--created-at', o.createdAt);
  const text = await body(ctx, o);
  const http = await ctx.http();
  const d = await createDiscussion(http, ref, { body: text, ...(createdAt ? { created_at: createdAt } : {}) });
  if (!d) return none;
  checkCreatedAt(ctx, createdAt, d.notes[0]?.created_at);
  ctx.notice(`Started discussion ${d.id} on ${formatNoteableRef(ref)}.`);
  return showDiscussion(ctx, d);
}

export async function replyCommand(ctx: Context, o: BodyOptions, args: string[]): Promise<CommandResult> {
  const { ref, rest } = refAnd(args, o, ['DISCUSSION_ID']);
  const raw = discussionId(rest[0]);
  const createdAt = o.createdAt === undefined ? undefined : parseDateTime('--created-at', o.createdAt);
  const givenNoteId = o.noteId === undefined ? undefined : noteId(o.noteId, '--note-id');
  const text = await body(ctx, o);
  const http = await ctx.http();
  const thread = givenNoteId === undefined ? await threadFirstNote(http, ref, raw) : { id: await resolveDiscussionId(http, ref, raw), noteId: givenNoteId };
  const id = thread.id;
  const note = await addNote(http, ref, id, { body: text, note_id: thread.noteId, ...(createdAt ? { created_at: createdAt } : {}) });
  if (!note) return none;
  checkCreatedAt(ctx, createdAt, note.created_at);
  ctx.notice(`Added note ${note.id} to discussion ${id}.`);
  return object(note, { columns: SINGLE_NOTE_COLUMNS });
}

export async function editNoteCommand(ctx: Context, o: BodyOptions, args: string[]): Promise<CommandResult> {
  const { ref, rest } = refAnd(args, o, ['DISCUSSION_ID', 'NOTE_ID']);
  const raw = discussionId(rest[0]);
  const nid = noteId(rest[1]);
  const text = await body(ctx, o);
  const http = await ctx.http();
  const id = await resolveDiscussionId(http, ref, raw);
  const note = await editNote(http, ref, id, nid, text);
  if (!note) return none;
  ctx.notice(`Updated note ${nid}.`);
  return object(note, { columns: SINGLE_NOTE_COLUMNS });
}

export async function deleteNoteCommand(ctx: Context, o: Common, args: string[]): Promise<CommandResult> {
  const { ref, rest } = refAnd(args, o, ['DISCUSSION_ID', 'NOTE_ID']);
  const raw = discussionId(rest[0]);
  const nid = noteId(rest[1]);
  await confirmDestructive(ctx, `Delete note ${nid} of discussion ${raw} on ${formatNoteableRef(ref)}?`);
  const http = await ctx.http();
  const id = await resolveDiscussionId(http, ref, raw);
  await deleteNote(http, ref, id, nid);
  if (!ctx.dryRun) ctx.notice(`Deleted note ${nid}.`);
  return none;
}
