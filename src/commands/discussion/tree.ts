// Table view of discussions: one row per note, replies drawn under the note that opened the thread.

import type { Discussion, Note } from '../../api/discussions.js';
import type { Column } from '../../core/output.js';

export interface NoteRow {
  discussion: string;
  note: string;
  kind: string;
  author: string;
  created_at: string;
  body: string;
  resolved: string;
}

const EXCERPT = 72;

export function excerpt(body: string): string {
  const one = body.replace(/\s+/g, ' ').trim();
  return one.length > EXCERPT ? `${one.slice(0, EXCERPT - 1)}…` : one;
}

function when(iso: string | undefined): string {
  return iso ? iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, 'Z') : '';
}

function resolution(n: Note): string {
  if (!n.resolvable) return '-';
  return n.resolved ? 'resolved' : 'unresolved';
}

export function noteRows(d: Discussion): NoteRow[] {
  const kind = d.notes[0]?.system ? 'system' : d.individual_note ? 'comment' : 'thread';
  return d.notes.map((n, i) => ({
    discussion: i === 0 ? d.id.slice(0, 12) : '',
    note: i === 0 ? String(n.id) : `${i === d.notes.length - 1 ? '└─' : '├─'} ${n.id}`,
    kind: i === 0 ? kind : 'reply',
    author: n.author?.username ?? '',
    created_at: when(n.created_at),
    body: excerpt(n.body),
    resolved: i === 0 || n.resolvable ? resolution(n) : '',
  }));
}

export const NOTE_COLUMNS: Column<NoteRow>[] = [
  { key: 'discussion' },
  { key: 'note' },
  { key: 'kind' },
  { key: 'author' },
  { key: 'created_at', header: 'time' },
  { key: 'resolved' },
  { key: 'body' },
];

export const SINGLE_NOTE_COLUMNS: Column<Note>[] = [
  { key: 'id' },
  { key: 'type' },
  { key: 'author.username', header: 'author' },
  { key: 'created_at' },
  { key: 'updated_at' },
  { key: 'system' },
  { key: 'resolvable' },
  { key: 'body' },
];
