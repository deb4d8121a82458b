// References to items as the service writes them (CLI.md "References"): `group/sub/project!12` for a
// merge request. Each kind is one sigil in ITEM_SIGILS, so issues (`#`), snippets (`$`) and epics
// (`&`, group-level) can be added beside merge requests without touching the parser.
//
// Every form also has the two-argument spelling `PROJECT IID`. A bare IID (or `!12`) needs the
// project from elsewhere: the caller passes a resolver (the git checkout's remote, see git-remote.ts).

import { UsageError } from './errors.js';

/** A project as the API takes it: numeric id or full path (URL-encoded by the client). */
export type ProjectId = number | string;

export const ITEM_SIGILS = {
  merge_request: '!',
} as const;
export type ItemKind = keyof typeof ITEM_SIGILS;

const KIND_WORDS: Record<ItemKind, string> = { merge_request: 'merge request' };

export interface ItemRef {
  kind: ItemKind;
  /** Absent when the reference left the project out (`!12`, `12`). */
  project?: ProjectId;
  iid: number;
}

/** A path segment as the service allows it (letters, digits, `_`, `-`, `.`; no leading `-`/`.`). */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** A project id or full path; checked so a typo fails here, not as a confusing 404. */
export function parseProjectId(raw: string, what = 'project'): ProjectId {
  const s = raw.trim();
  if (!s) throw new UsageError(`${what} must be a numeric id or a path such as group/project`);
  if (/^\d+$/.test(s)) {
    const n = Number(s);
    if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`${what} id is out of range: ${raw}`);
    return n;
  }
  const parts = s.replace(/^\/+|\/+$/g, '').split('/');
  if (parts.length < 2 || !parts.every((p) => SEGMENT.test(p))) {
    throw new UsageError(`${what} must be a numeric id or a full path such as group/project, got ${JSON.stringify(raw)}`);
  }
  return parts.join('/');
}

function parseIid(raw: string, kind: ItemKind): number {
  if (!/^\d+$/.test(raw)) throw new UsageError(`${KIND_WORDS[kind]} IID must be a positive integer, got ${JSON.stringify(raw)}`);
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`${KIND_WORDS[kind]} IID is out of range: ${raw}`);
  return n;
}

/**
 * One item reference from the command's arguments: `[REF]` (`group/project!12`, `!12`, `12`) or
 * `[PROJECT, IID]` (IID with or without the sigil).
 */
export function parseItemRef(kind: ItemKind, args: readonly string[]): ItemRef {
  const sigil = ITEM_SIGILS[kind];
  const word = KIND_WORDS[kind];
  const example = `group/project${sigil}12`;
  const given = args.map((a) => a.trim()).filter((a) => a !== '');
  if (given.length === 0) throw new UsageError(`a ${word} is required, e.g. ${example} or PROJECT IID`);
  if (given.length > 2) throw new UsageError(`too many arguments for a ${word}: ${given.join(' ')}`, `write ${example} or PROJECT IID`);

  if (given.length === 2) {
    const [project, iidRaw] = given;
    if (project.includes(sigil)) throw new UsageError(`give either ${example} or PROJECT IID, not both`);
    return { kind, project: parseProjectId(project), iid: parseIid(iidRaw.startsWith(sigil) ? iidRaw.slice(1) : iidRaw, kind) };
  }

  const raw = given[0];
  const at = raw.lastIndexOf(sigil);
  if (at === -1) {
    if (/^\d+$/.test(raw)) return { kind, iid: parseIid(raw, kind) };
    throw new UsageError(`not a ${word} reference: ${JSON.stringify(raw)}`, `write ${example}, PROJECT IID, or the IID alone inside a git checkout`);
  }
  const iid = parseIid(raw.slice(at + 1), kind);
  if (at === 0) return { kind, iid };
  return { kind, project: parseProjectId(raw.slice(0, at)), iid };
}

/** How a reference is shown back to the user: `group/project!12`, `42!12`. */
export function formatItemRef(ref: { kind: ItemKind; project: ProjectId; iid: number }): string {
  return `${ref.project}${ITEM_SIGILS[ref.kind]}${ref.iid}`;
}
