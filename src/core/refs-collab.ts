// References to issues (`group/project#12`), project snippets (`group/project$7`) and epics
// (`group&5`), and the two-argument form `PROJECT IID` / `GROUP IID` that CLI.md accepts wherever a
// reference is taken. Merge request references (`!`) live in refs.ts.

import { UsageError } from './errors.js';

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

const PATH = /^(?:\d+|[\w.-]+(?:\/[\w.-]+)*)$/;
const SIGILS: Record<string, NoteableKind> = { '#': 'issue', $: 'snippet', '&': 'epic' };
const SIGIL_OF: Record<NoteableKind, string> = { issue: '#', snippet: '$', epic: '&' };
const EXAMPLE: Record<NoteableKind, string> = { issue: 'group/project#12', snippet: 'group/project$7', epic: 'group&5' };

function positive(what: string, raw: string, ref: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new UsageError(`invalid ${what} in reference ${JSON.stringify(ref)}: ${JSON.stringify(raw)} is not a positive integer`);
  }
  return Number(raw);
}

function checkPath(what: string, path: string, ref: string): string {
  if (!path || !PATH.test(path) || path.split('/').some((s) => s === '.' || s === '..')) {
    throw new UsageError(`invalid ${what} in reference ${JSON.stringify(ref)}: ${JSON.stringify(path)}`, `a ${what} is a numeric id or a full path such as group/sub`);
  }
  return path;
}

/** Whether the text is written as a reference of one of the three kinds (has `#`, `$` or `&`). */
export function looksLikeNoteableRef(s: string): boolean {
  return /[#$&]/.test(s);
}

/** Parses `group/project#12`, `group/project$7` or `group&5`; `allowed` limits the kinds accepted. */
export function parseNoteableRef(raw: string, allowed: readonly NoteableKind[] = ['issue', 'snippet', 'epic']): NoteableRef {
  const ref = raw.trim();
  const m = /^(.*)([#$&])([^#$&]*)$/.exec(ref);
  const kinds = allowed.map((k) => `${EXAMPLE[k]} (${k})`).join(', ');
  if (!m) throw new UsageError(`not a reference: ${JSON.stringify(raw)}`, `write ${kinds}`);
  const kind = SIGILS[m[2]];
  if (!allowed.includes(kind)) throw new UsageError(`${JSON.stringify(raw)} is a ${kind} reference; expected ${kinds}`);
  if (!m[1]) throw new UsageError(`reference ${JSON.stringify(raw)} names no ${kind === 'epic' ? 'group' : 'project'}`, `write the full form, e.g. ${EXAMPLE[kind]}`);
  if (kind === 'epic') return { kind, group: checkPath('group', m[1], raw), iid: positive('epic iid', m[3], raw) };
  return { kind, project: checkPath('project', m[1], raw), id: positive(kind === 'issue' ? 'issue iid' : 'snippet id', m[3], raw) };
}

export function parseIssueRef(raw: string): ProjectItemRef {
  return parseNoteableRef(raw, ['issue']) as ProjectItemRef;
}

export function parseSnippetRef(raw: string): ProjectItemRef {
  return parseNoteableRef(raw, ['snippet']) as ProjectItemRef;
}

export function parseEpicRef(raw: string): EpicRef {
  return parseNoteableRef(raw, ['epic']) as EpicRef;
}

/** The two-argument form: `PROJECT IID` (or `GROUP IID` for epics). */
export function refFromPair(kind: NoteableKind, parent: string, id: string): NoteableRef {
  const shown = `${parent} ${id}`;
  if (kind === 'epic') return { kind, group: checkPath('group', parent, shown), iid: positive('epic iid', id, shown) };
  return { kind, project: checkPath('project', parent, shown), id: positive(kind === 'issue' ? 'issue iid' : 'snippet id', id, shown) };
}

/**
 * Takes a reference from the front of the positional arguments: one argument when written as a
 * reference, else two (`PROJECT IID`) of kind `pairKind`. Returns the reference and what is left.
 */
export function takeNoteableRef(args: readonly string[], allowed: readonly NoteableKind[], pairKind: NoteableKind): { ref: NoteableRef; rest: string[] } {
  if (!args.length) throw new UsageError('a reference is required', `e.g. ${allowed.map((k) => EXAMPLE[k]).join(' or ')}`);
  if (looksLikeNoteableRef(args[0])) return { ref: parseNoteableRef(args[0], allowed), rest: args.slice(1) };
  if (args.length < 2) {
    throw new UsageError(`${JSON.stringify(args[0])} is not a reference`, `write ${allowed.map((k) => EXAMPLE[k]).join(' or ')}, or the two-argument form ${pairKind === 'epic' ? 'GROUP IID' : 'PROJECT IID'}`);
  }
  return { ref: refFromPair(pairKind, args[0], args[1]), rest: args.slice(2) };
}

/** `group/project#12` again, for messages. */
export function formatNoteableRef(ref: NoteableRef): string {
  return ref.kind === 'epic' ? `${ref.group}${SIGIL_OF.epic}${ref.iid}` : `${ref.project}${SIGIL_OF[ref.kind]}${ref.id}`;
}
