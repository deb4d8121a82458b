// Discussions and notes on issues, project snippets and epics (spec part 2 §2.3, §4.3), after
// GitLab's lib/api/discussions.rb: a single comment is an individual-note discussion; replying to it
// (or to a system note) turns it into a thread. Editing is for the note's author and administrators;
// deleting also for Maintainers of the project or group. `created_at` is honoured only for
// administrators and owners, and silently ignored for others, as GitLab does.

import { badRequest, forbidden, notFound } from '../http/errors.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import type { HandlerResult, Router, SandboxRequest } from '../http/router.js';
import { userBasic } from '../users/entity.js';
import type { SandboxState } from '../state.js';
import { ACCESS, type User } from '../types.js';
import { findEpicByIdOrFail, findIssueOrFail, findSnippetOrFail, type NoteableRef } from '../collab/access.js';
import { collab, type Discussion, type Note } from '../collab/store.js';

const iso = (ms: number) => new Date(ms).toISOString();

type Resolver = (req: SandboxRequest) => NoteableRef;

const issueRef: Resolver = (req) => {
  const { project, issue } = findIssueOrFail(req);
  return { type: 'Issue', id: issue.id, iid: issue.iid, projectId: project.id, parentAccess: req.state.accessLevel(req.user, project), title: issue.title };
};
const snippetRef: Resolver = (req) => {
  const { project, snippet } = findSnippetOrFail(req);
  return { type: 'Snippet', id: snippet.id, iid: null, projectId: project.id, parentAccess: req.state.accessLevel(req.user, project), title: snippet.title };
};
const epicRef: Resolver = (req) => {
  const { group, epic } = findEpicByIdOrFail(req, 'epic_id');
  // The epics feature again: without it an epic's discussions are refused like the epic itself.
  if (req.state.instance.tier === 'free') throw forbidden();
  return { type: 'Epic', id: epic.id, iid: epic.iid, projectId: null, parentAccess: req.state.accessLevel(req.user, group), title: epic.title };
};

export function noteJson(state: SandboxState, ref: Pick<NoteableRef, 'type' | 'id' | 'iid' | 'projectId'>, n: Note, threaded: boolean): Record<string, unknown> {
  const author = state.users.get(n.authorId);
  // Threads on issues can be resolved; single comments, system notes, snippets and epics cannot.
  const resolvable = threaded && !n.system && ref.type === 'Issue';
  const out: Record<string, unknown> = {
    id: n.id,
    type: n.type,
    body: n.body,
    attachment: null,
    author: author ? userBasic(state, author) : null,
    created_at: iso(n.createdAt),
    updated_at: iso(n.updatedAt),
    system: n.system,
    noteable_id: ref.id,
    noteable_type: ref.type,
    project_id: ref.projectId,
    noteable_iid: ref.type === 'Snippet' ? null : ref.iid,
    resolvable,
    confidential: false,
    internal: false,
    commands_changes: {},
  };
  if (resolvable) {
    out.resolved = n.resolved;
    out.resolved_by = null;
    out.resolved_at = null;
  }
  return out;
}

export function discussionJson(state: SandboxState, ref: NoteableRef, d: Discussion): Record<string, unknown> {
  return { id: d.id, individual_note: d.individualNote, notes: d.notes.map((n) => noteJson(state, ref, n, !d.individualNote)) };
}

function findDiscussion(req: SandboxRequest, ref: NoteableRef): Discussion {
  const d = collab(req.state).discussionsOf(ref.type, ref.id).find((x) => x.id === req.params.discussion_id);
  if (!d) throw notFound('Discussion');
  return d;
}

function findNote(req: SandboxRequest, d: Discussion): Note {
  const raw = req.params.note_id ?? '';
  const n = /^\d+$/.test(raw) ? d.notes.find((x) => x.id === Number(raw)) : undefined;
  if (!n) throw notFound('Note');
  return n;
}

/** Body and the created_at override: GitLab keeps created_at only for administrators and owners. */
function readNoteInput(req: SandboxRequest, ref: NoteableRef): { body: string; createdAt: number } {
  const r = new ParamReader(req.input());
  const body = r.required('body');
  const createdAt = r.datetime('created_at');
  r.done();
  if (!body!.trim()) throw badRequest(`Note {:note=>["can't be blank"]}`);
  const privileged = ref.parentAccess >= ACCESS.owner;
  return { body: body!, createdAt: createdAt !== undefined && privileged ? createdAt : req.state.clock.now() };
}

function requireSignedIn(req: SandboxRequest): User {
  if (!req.user) throw forbidden();
  return req.user;
}

/** Comments are activity: `commented on` with the note, as the events API shows it. */
function recordComment(state: SandboxState, ref: NoteableRef, d: Discussion, n: Note, author: User): void {
  state.recordEvent({
    projectId: ref.projectId,
    authorId: author.id,
    actionName: 'commented on',
    targetType: d.individualNote ? 'Note' : 'DiscussionNote',
    targetId: n.id,
    targetTitle: ref.title,
    createdAt: n.createdAt,
    data: { note: noteJson(state, ref, n, !d.individualNote), noteableType: ref.type },
  });
}

function routes(resolve: Resolver) {
  const list = (req: SandboxRequest): HandlerResult => {
    const ref = resolve(req);
    const r = new ParamReader(req.input());
    const page = readPage(r);
    r.done();
    const items = collab(req.state).discussionsOf(ref.type, ref.id);
    return offsetPage(req, page, items, (d) => discussionJson(req.state, ref, d));
  };
  const get = (req: SandboxRequest): HandlerResult => {
    const ref = resolve(req);
    return { status: 200, body: discussionJson(req.state, ref, findDiscussion(req, ref)) };
  };
  const create = (req: SandboxRequest): HandlerResult => {
    const ref = resolve(req);
    const user = requireSignedIn(req);
    const { body, createdAt } = readNoteInput(req, ref);
    const store = collab(req.state);
    const note: Note = { id: store.next('note'), type: 'DiscussionNote', body, authorId: user.id, system: false, resolved: false, createdAt, updatedAt: createdAt };
    const d: Discussion = { id: store.discussionId(), noteableType: ref.type, noteableId: ref.id, individualNote: false, notes: [note] };
    store.discussions.push(d);
    recordComment(req.state, ref, d, note, user);
    return { status: 201, body: discussionJson(req.state, ref, d) };
  };
  const reply = (req: SandboxRequest): HandlerResult => {
    const ref = resolve(req);
    const user = requireSignedIn(req);
    const d = findDiscussion(req, ref);
    const { body, createdAt } = readNoteInput(req, ref);
    const store = collab(req.state);
    if (d.individualNote) {
      // A reply makes a single comment (or a system note) a thread.
      d.individualNote = false;
      for (const n of d.notes) if (!n.system) n.type = 'DiscussionNote';
    }
    const note: Note = { id: store.next('note'), type: 'DiscussionNote', body, authorId: user.id, system: false, resolved: false, createdAt, updatedAt: createdAt };
    d.notes.push(note);
    recordComment(req.state, ref, d, note, user);
    return { status: 201, body: noteJson(req.state, ref, note, true) };
  };
  const edit = (req: SandboxRequest): HandlerResult => {
    const ref = resolve(req);
    const user = requireSignedIn(req);
    const d = findDiscussion(req, ref);
    const note = findNote(req, d);
    const r = new ParamReader(req.input());
    const body = r.required('body');
    r.done();
    if (note.system || (note.authorId !== user.id && !user.admin)) throw forbidden();
    if (!body!.trim()) throw badRequest(`Failed to save note {:note=>["can't be blank"]}`);
    note.body = body!;
    note.updatedAt = req.state.clock.now();
    return { status: 200, body: noteJson(req.state, ref, note, !d.individualNote) };
  };
  const remove = (req: SandboxRequest): HandlerResult => {
    const ref = resolve(req);
    const user = requireSignedIn(req);
    const d = findDiscussion(req, ref);
    const note = findNote(req, d);
    const moderator = ref.parentAccess >= ACCESS.maintainer;
    if (note.authorId !== user.id && !user.admin && !moderator) throw forbidden();
    d.notes.splice(d.notes.indexOf(note), 1);
    const store = collab(req.state);
    if (d.notes.length === 0) store.discussions.splice(store.discussions.indexOf(d), 1);
    return { status: 204 };
  };
  return { list, get, create, reply, edit, remove };
}

export function registerDiscussions(router: Router): void {
  const kinds: [string, Resolver][] = [
    ['/projects/:id/issues/:issue_iid/discussions', issueRef],
    ['/projects/:id/snippets/:snippet_id/discussions', snippetRef],
    ['/groups/:id/epics/:epic_id/discussions', epicRef],
  ];
  for (const [base, resolve] of kinds) {
    const h = routes(resolve);
    // Epics need a signed-in caller for every call (spec part 2 §5); project items may be public.
    const opts = base.startsWith('/groups') ? {} : { auth: 'optional' as const };
    router.get(base, h.list, opts);
    router.get(`${base}/:discussion_id`, h.get, opts);
    router.post(base, h.create);
    router.post(`${base}/:discussion_id/notes`, h.reply);
    router.put(`${base}/:discussion_id/notes/:note_id`, h.edit);
    router.delete(`${base}/:discussion_id/notes/:note_id`, h.remove);
  }
}
