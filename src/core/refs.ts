// The one parser of what commands name (CLI.md "References"): projects and groups (numeric id or full
// path) and items in the service's reference forms: merge request `group/project!12`, issue
// `group/project#12`, snippet `group/project$7`, epic `group&5`. Every item form also has the
// two-argument spelling `PROJECT IID` (`GROUP IID` for epics). A bare IID (`!12`, `12`) is taken only
// where the caller can find the project elsewhere (the git checkout's remote, see git-remote.ts).
//
// The rules, the same for every command:
// - ids are positive safe integers (`0`, `-1`, `1.5`, `1e3` refused);
// - a path segment is letters, digits, `_`, `-`, `.`, not starting with `-` or `.` (so no `..`);
// - a project path has its namespace (`group/project`): a lone `acme` is a group, never a project;
// - a group path has one or more segments; slashes around a path are dropped, doubled ones refused.

import { UsageError } from './errors.js';

/** A project or group as the API takes it: numeric id or full path (URL-encoded by the client). */
export type ProjectId = number | string;
export type GroupId = ProjectId;

export const ITEM_SIGILS = {
  merge_request: '!',
  issue: '#',
  snippet: '$',
  epic: '&',
} as const;
export type ItemKind = keyof typeof ITEM_SIGILS;

const KIND_OF_SIGIL: Record<string, ItemKind> = { '!': 'merge_request', '#': 'issue', $: 'snippet', '&': 'epic' };
const KIND_WORDS: Record<ItemKind, string> = { merge_request: 'merge request', issue: 'issue', snippet: 'snippet', epic: 'epic' };
const NUMBER_WORDS: Record<ItemKind, string> = { merge_request: 'merge request IID', issue: 'issue IID', snippet: 'snippet id', epic: 'epic IID' };
const EXAMPLES: Record<ItemKind, string> = { merge_request: 'group/project!12', issue: 'group/project#12', snippet: 'group/project$7', epic: 'group&5' };

/** Whether an item of this kind lives in a group (epics) or a project (the rest). */
export function parentKind(kind: ItemKind): 'group' | 'project' {
  return kind === 'epic' ? 'group' : 'project';
}

export interface ItemRef {
  kind: ItemKind;
  /** Absent when the reference left the project out (`!12`, `12`) and the caller allowed that. */
  project?: ProjectId;
  /** The IID (merge requests, issues, epics) or id (snippets). */
  iid: number;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

function parseId(raw: string, what: string, shown: string): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`invalid ${what} in ${JSON.stringify(shown)}: not a positive integer`);
  }
  return n;
}

function parsePath(raw: string, what: string, minSegments: number, example: string): ProjectId {
  const s = raw.trim();
  if (!s) throw new UsageError(`${what} must be a numeric id or a full path such as ${example}`);
  if (/^\d+$/.test(s)) return parseId(s, `${what} id`, raw);
  const parts = s.replace(/^\/+|\/+$/g, '').split('/');
  if (!parts.every((p) => SEGMENT.test(p))) {
    throw new UsageError(`${what} must be a numeric id or a full path such as ${example}, got ${JSON.stringify(raw)}`);
  }
  if (parts.length < minSegments) {
    throw new UsageError(`${what} path ${JSON.stringify(raw)} has no namespace`, `write the full path, such as ${example}, or the numeric id`);
  }
  return parts.join('/');
}

/** A project id or full path; checked so a typo fails here, not as a confusing 404. */
export function parseProjectId(raw: string, what = 'project'): ProjectId {
  return parsePath(raw, what, 2, 'group/project');
}

/** A group (or namespace) id or full path: `acme`, `acme/platform`, `42`. */
export function parseGroupId(raw: string, what = 'group'): GroupId {
  return parsePath(raw, what, 1, 'acme/platform');
}

function expected(allowed: readonly ItemKind[]): string {
  return allowed.map((k) => `${EXAMPLES[k]} (${KIND_WORDS[k]})`).join(', ');
}

export interface RefOptions {
  /** Accept a reference without its project (`!12`, `12`): the caller finds the project elsewhere. */
  bare?: boolean;
}

/** One reference written in a single word: `group/project!12`, `group&5` (and `!12`/`12` when bare). */
export function parseRef(raw: string, allowed: readonly ItemKind[], opts: RefOptions = {}): ItemRef {
  const ref = raw.trim();
  const m = /^(.*)([!#$&])([^!#$&]*)$/.exec(ref);
  if (!m) {
    if (opts.bare && /^\d+$/.test(ref)) return { kind: allowed[0], iid: parseId(ref, NUMBER_WORDS[allowed[0]], raw) };
    throw new UsageError(`not a ${allowed.length === 1 ? `${KIND_WORDS[allowed[0]]} ` : ''}reference: ${JSON.stringify(raw)}`, `write ${expected(allowed)}`);
  }
  const kind = KIND_OF_SIGIL[m[2]];
  if (!allowed.includes(kind)) throw new UsageError(`${JSON.stringify(raw)} is a${kind === 'issue' ? 'n' : ''} ${KIND_WORDS[kind]} reference; expected ${expected(allowed)}`);
  const iid = parseId(m[3], NUMBER_WORDS[kind], raw);
  if (!m[1]) {
    if (opts.bare) return { kind, iid };
    throw new UsageError(`reference ${JSON.stringify(raw)} names no ${parentKind(kind)}`, `write the full form, e.g. ${EXAMPLES[kind]}`);
  }
  return { kind, project: kind === 'epic' ? parseGroupId(m[1]) : parseProjectId(m[1]), iid };
}

/** The two-argument form `PROJECT IID` (`GROUP IID` for epics); the IID may carry its sigil (`!7`). */
export function refFromPair(kind: ItemKind, parent: string, iid: string): ItemRef {
  const sigil = ITEM_SIGILS[kind];
  if (/[!#$&]/.test(parent)) throw new UsageError(`give either ${EXAMPLES[kind]} or ${parentKind(kind).toUpperCase()} IID, not both`);
  const bare = iid.trim().startsWith(sigil) ? iid.trim().slice(1) : iid.trim();
  return {
    kind,
    project: kind === 'epic' ? parseGroupId(parent) : parseProjectId(parent),
    iid: parseId(bare, NUMBER_WORDS[kind], iid),
  };
}

/**
 * Takes a reference from the front of the positional arguments: one word when written as a reference
 * (or a bare IID alone, when allowed), else two (`PROJECT IID`) of kind `pairKind`. Returns the
 * reference and the arguments after it.
 */
export function takeRef(args: readonly string[], allowed: readonly ItemKind[], pairKind: ItemKind = allowed[0], opts: RefOptions = {}): { ref: ItemRef; rest: string[] } {
  const given = args.map((a) => a.trim());
  const pairWords = `${parentKind(pairKind).toUpperCase()} IID`;
  if (!given.length || given[0] === '') throw new UsageError(`a reference is required`, `e.g. ${allowed.map((k) => EXAMPLES[k]).join(' or ')}, or ${pairWords}`);
  if (/[!#$&]/.test(given[0])) return { ref: parseRef(given[0], allowed, opts), rest: given.slice(1) };
  if (given.length < 2) {
    if (opts.bare && /^\d+$/.test(given[0])) return { ref: parseRef(given[0], allowed, opts), rest: [] };
    throw new UsageError(`${JSON.stringify(args[0])} is not a reference`, `write ${allowed.map((k) => EXAMPLES[k]).join(' or ')}, or the two-argument form ${pairWords}`);
  }
  return { ref: refFromPair(pairKind, given[0], given[1]), rest: given.slice(2) };
}

/** Exactly one reference and nothing else (`mr update REF`, `mr merge PROJECT IID`). */
export function parseItemRef(kind: ItemKind, args: readonly string[], opts: RefOptions = { bare: kind === 'merge_request' }): ItemRef {
  const given = args.filter((a) => a.trim() !== '');
  const { ref, rest } = takeRef(given, [kind], kind, opts);
  if (rest.length) throw new UsageError(`too many arguments for a ${KIND_WORDS[kind]}: ${given.join(' ')}`, `write ${EXAMPLES[kind]} or ${parentKind(kind).toUpperCase()} IID`);
  return ref;
}

/** How a reference is shown back to the user: `group/project!12`, `42!12`, `acme&5`. */
export function formatItemRef(ref: { kind: ItemKind; project: ProjectId; iid: number }): string {
  return `${ref.project}${ITEM_SIGILS[ref.kind]}${ref.iid}`;
}

// The shapes the issue, snippet and epic commands use (their API calls take `project, id` or
// `group, iid`); built from ItemRef, parsed by the functions above.

export type ProjectItemKind = 'issue' | 'snippet';
export type NoteableKind = ProjectItemKind | 'epic';

export interface ProjectItemRef {
  kind: ProjectItemKind;
  /** Numeric id or full path (`group/sub/project`). */
  project: string;
  /** Issue iid or snippet id. */
  id: number;
}

export interface EpicRef {
  kind: 'epic';
  /** Numeric id or full path of the group. */
  group: string;
  iid: number;
}

export type NoteableRef = ProjectItemRef | EpicRef;

function toNoteable(ref: ItemRef): NoteableRef {
  const parent = String(ref.project);
  return ref.kind === 'epic' ? { kind: 'epic', group: parent, iid: ref.iid } : { kind: ref.kind as ProjectItemKind, project: parent, id: ref.iid };
}

/** Parses `group/project#12`, `group/project$7` or `group&5`; `allowed` limits the kinds accepted. */
export function parseNoteableRef(raw: string, allowed: readonly NoteableKind[] = ['issue', 'snippet', 'epic']): NoteableRef {
  return toNoteable(parseRef(raw, allowed));
}

/** takeRef for issues, snippets and epics, in their shapes. */
export function takeNoteableRef(args: readonly string[], allowed: readonly NoteableKind[], pairKind: NoteableKind): { ref: NoteableRef; rest: string[] } {
  const { ref, rest } = takeRef(args, allowed, pairKind);
  return { ref: toNoteable(ref), rest };
}

/** `group/project#12` again, for messages. */
export function formatNoteableRef(ref: NoteableRef): string {
  return ref.kind === 'epic' ? `${ref.group}&${ref.iid}` : `${ref.project}${ITEM_SIGILS[ref.kind]}${ref.id}`;
}
