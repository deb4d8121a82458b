// Discussions and notes on issues, project snippets and epics (spec part 2 §2.3, §4.3).

import { z } from 'zod';
import type { HttpClient } from '../core/http.js';
import { paginate, type PageOptions } from '../core/paginate.js';
import { encodePathSegment as seg } from '../core/query.js';
import type { NoteableRef } from '../core/refs-collab.js';
import { parseEach, parseResponse } from './schema.js';
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

/** `/projects/:id/issues/:iid/discussions`, `/projects/:id/snippets/:id/discussions`, `/groups/:id/epics/:iid/discussions`. */
export function discussionsPath(ref: NoteableRef): string {
  if (ref.kind === 'epic') return `/groups/${seg(ref.group)}/epics/${ref.iid}/discussions`;
  return `/projects/${seg(ref.project)}/${ref.kind === 'issue' ? 'issues' : 'snippets'}/${ref.id}/discussions`;
}

export function listDiscussions(http: HttpClient, ref: NoteableRef, page: PageOptions): AsyncGenerator<Discussion> {
  const path = discussionsPath(ref);
  return parseEach(DiscussionSchema, paginate(http, path, {}, page), `GET ${path}`);
}

export async function getDiscussion(http: HttpClient, ref: NoteableRef, id: string): Promise<Discussion> {
  const path = `${discussionsPath(ref)}/${seg(id)}`;
  return parseResponse(DiscussionSchema, await http.get(path), `GET ${path}`);
}

/** Returns null under --dry-run. */
export async function createDiscussion(http: HttpClient, ref: NoteableRef, body: { body: string; created_at?: string }): Promise<Discussion | null> {
  const path = discussionsPath(ref);
  const res = await http.post(path, body);
  return res.dryRun ? null : parseResponse(DiscussionSchema, res.data, `POST ${path}`);
}

export async function addNote(http: HttpClient, ref: NoteableRef, discussionId: string, body: { body: string; created_at?: string }): Promise<Note | null> {
  const path = `${discussionsPath(ref)}/${seg(discussionId)}/notes`;
  const res = await http.post(path, body);
  return res.dryRun ? null : parseResponse(NoteSchema, res.data, `POST ${path}`);
}

export async function editNote(http: HttpClient, ref: NoteableRef, discussionId: string, noteId: number, body: string): Promise<Note | null> {
  const path = `${discussionsPath(ref)}/${seg(discussionId)}/notes/${noteId}`;
  const res = await http.put(path, { body });
  return res.dryRun ? null : parseResponse(NoteSchema, res.data, `PUT ${path}`);
}

export async function deleteNote(http: HttpClient, ref: NoteableRef, discussionId: string, noteId: number): Promise<void> {
  await http.delete(`${discussionsPath(ref)}/${seg(discussionId)}/notes/${noteId}`);
}
