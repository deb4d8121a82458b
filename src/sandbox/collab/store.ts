// State of discussions, epics and iteration events (spec part 2 §2.3–2.8): issues and project
// snippets (only as far as discussions and iteration events need them), epics, discussions and
// notes, iterations. Kept beside the shared state, one store per sandbox.

import { createHash } from 'node:crypto';
import type { SandboxState } from '../state.js';

export type NoteableType = 'Issue' | 'Snippet' | 'Epic';

export interface Issue {
  id: number;
  iid: number;
  projectId: number;
  title: string;
  authorId: number;
  state: 'opened' | 'closed';
  createdAt: number;
}

export interface Snippet {
  id: number;
  projectId: number;
  title: string;
  authorId: number;
  createdAt: number;
}

export interface Epic {
  id: number;
  iid: number;
  groupId: number;
  parentId: number | null;
  title: string;
  description: string;
  state: 'opened' | 'closed';
  confidential: boolean;
  authorId: number;
  labels: string[];
  color: string;
  startDateIsFixed: boolean;
  startDateFixed: string | null;
  dueDateIsFixed: boolean;
  dueDateFixed: string | null;
  /** Dates inherited from child epics and milestones (the seed sets some). */
  startDateInherited: string | null;
  dueDateInherited: string | null;
  upvotes: number;
  downvotes: number;
  createdAt: number;
  updatedAt: number;
  closedAt: number | null;
}

export interface Note {
  id: number;
  /** `DiscussionNote` in a thread, null for a single comment or a system note. */
  type: 'DiscussionNote' | null;
  body: string;
  authorId: number;
  system: boolean;
  resolved: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface Discussion {
  id: string;
  noteableType: NoteableType;
  noteableId: number;
  individualNote: boolean;
  notes: Note[];
}

export interface Iteration {
  id: number;
  iid: number;
  groupId: number;
  title: string;
  description: string;
  /** 1 upcoming, 2 current, 3 closed (GitLab's integer states). */
  state: number;
  createdAt: number;
  startDate: string | null;
  dueDate: string | null;
}

export interface IterationEvent {
  id: number;
  userId: number;
  issueId: number;
  iterationId: number;
  action: 'add' | 'remove';
  createdAt: number;
}

export class CollabStore {
  readonly issues: Issue[] = [];
  readonly snippets: Snippet[] = [];
  readonly epics: Epic[] = [];
  readonly discussions: Discussion[] = [];
  readonly iterations: Iteration[] = [];
  readonly iterationEvents: IterationEvent[] = [];
  private readonly seq = { issue: 0, snippet: 0, epic: 0, note: 0, iteration: 0, iterationEvent: 0, discussion: 0 };

  next(kind: keyof CollabStore['seq']): number {
    return ++this.seq[kind];
  }

  /** Discussion ids are 40-hex strings in GitLab; derived from a counter so runs are reproducible. */
  discussionId(): string {
    return createHash('sha1').update(`discussion-${this.next('discussion')}`).digest('hex');
  }

  issue(projectId: number, iid: number): Issue | undefined {
    return this.issues.find((i) => i.projectId === projectId && i.iid === iid);
  }

  snippet(projectId: number, id: number): Snippet | undefined {
    return this.snippets.find((s) => s.projectId === projectId && s.id === id);
  }

  /** An epic as one is created (opened, no dates, votes or parent), given an id; the caller stores it. */
  newEpic(init: Pick<Epic, 'iid' | 'groupId' | 'title' | 'authorId' | 'createdAt'> & Partial<Omit<Epic, 'id'>>): Epic {
    return {
      id: this.next('epic'),
      parentId: null,
      description: '',
      state: 'opened',
      confidential: false,
      labels: [],
      color: '#1068bf',
      startDateIsFixed: false,
      startDateFixed: null,
      dueDateIsFixed: false,
      dueDateFixed: null,
      startDateInherited: null,
      dueDateInherited: null,
      upvotes: 0,
      downvotes: 0,
      updatedAt: init.createdAt,
      closedAt: null,
      ...init,
    };
  }

  epicByIid(groupId: number, iid: number): Epic | undefined {
    return this.epics.find((e) => e.groupId === groupId && e.iid === iid);
  }

  discussionsOf(type: NoteableType, id: number): Discussion[] {
    return this.discussions.filter((d) => d.noteableType === type && d.noteableId === id);
  }
}

const stores = new WeakMap<SandboxState, CollabStore>();

export function collab(state: SandboxState): CollabStore {
  let s = stores.get(state);
  if (!s) stores.set(state, (s = new CollabStore()));
  return s;
}

export function sha(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
