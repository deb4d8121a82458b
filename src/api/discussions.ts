// Discussions and notes on issues, project snippets and epics (spec part 2 §2.3, §4.3).

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import type { PageOptions } from '../core/paginate.js';
import { encodePathSegment as seg } from '../core/query.js';
import type { NoteableRef } from '../core/refs.js';
import { listOf, parseResponse, parseWriteAnswer } from './schema.js';
import { getEpic } from './epics.js';
import { UserSummarySchema } from './user.js';

export const NoteSchema = z.looseObject({
  id: z.number(),
  type: z.string().nullable().optional(),
  body: z.string(),
  author: UserSummarySchema.nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  system: z.boolean().optional(),
  resolvable: z.boolean().optional(),
  resolved: z.boolean().optional(),
});
export type Note = z.infer<typeof NoteSchema>;

export const DiscussionSchema = z.looseObject({
  id: z.string(),
  individual_note: z.boolean(),
  notes: z.array(NoteSchema),
});
export type Discussion = z.infer<typeof DiscussionSchema>;

const epicIds = new WeakMap<NoteableRef, Promise<number>>();

/**
 * `/projects/:id/issues/:iid/discussions`, `/projects/:id/snippets/:id/discussions`,
 * `/groups/:id/epics/:epic_id/discussions`. An epic's discussions are addressed by the epic's id,
 * not the `&5` number (as GitLab's notes API finds epics), so that is looked up once per reference.
 */
export async function discussionsPath(http: HttpClient, ref: NoteableRef): Promise<string> {
  if (ref.kind === 'epic') {
    let id = epicIds.get(ref);
    if (!id) {
      id = getEpic(http, ref.group, ref.iid).then((e) => e.id);
      epicIds.set(ref, id);
    }
    return `/groups/${seg(ref.group)}/epics/${await id}/discussions`;
  }
  return `/projects/${seg(ref.project)}/${ref.kind === 'issue' ? 'issues' : 'snippets'}/${ref.id}/discussions`;
}

export async function* listDiscussions(http: HttpClient, ref: NoteableRef, page: PageOptions): AsyncGenerator<Discussion> {
  const path = await discussionsPath(http, ref);
  yield* listOf(DiscussionSchema, http, path, {}, page);
}

export async function getDiscussion(http: HttpClient, ref: NoteableRef, id: string): Promise<Discussion> {
  const path = `${await discussionsPath(http, ref)}/${seg(id)}`;
  return parseResponse(DiscussionSchema, await http.get(path), `GET ${path}`);
}

/** Returns null under --dry-run. */
export async function createDiscussion(http: HttpClient, ref: NoteableRef, body: { body: string; created_at?: string }): Promise<Discussion | null> {
  const path = await discussionsPath(http, ref);
  const res = await http.post(path, body);
  return res.dryRun ? null : parseWriteAnswer(DiscussionSchema, http, res, `POST ${path}`, 'the thread may have been created');
}

export async function addNote(
  http: HttpClient,
  ref: NoteableRef,
  discussionId: string,
  body: { body: string; note_id: number; created_at?: string },
): Promise<Note | null> {
  const path = `${await discussionsPath(http, ref)}/${seg(discussionId)}/notes`;
  const res = await http.post(path, body);
  return res.dryRun ? null : parseWriteAnswer(NoteSchema, http, res, `POST ${path}`, 'the reply may have been posted');
}

export async function editNote(http: HttpClient, ref: NoteableRef, discussionId: string, noteId: number, body: string): Promise<Note | null> {
  const path = `${await discussionsPath(http, ref)}/${seg(discussionId)}/notes/${noteId}`;
  const res = await http.put(path, { body });
  return res.dryRun ? null : parseWriteAnswer(NoteSchema, http, res, `PUT ${path}`, 'the note may have been changed');
}

export async function deleteNote(http: HttpClient, ref: NoteableRef, discussionId: string, noteId: number): Promise<void> {
  await http.delete(`${await discussionsPath(http, ref)}/${seg(discussionId)}/notes/${noteId}`);
}
