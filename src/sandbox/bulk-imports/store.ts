// State of the migration family, kept beside the shared SandboxState (one store per sandbox).

import type { SandboxState } from '../state.js';

export type SourceType = 'group_entity' | 'project_entity';

/** Where an entity lands: an empty destination namespace makes a group top-level. */
export function destinationFullPath(namespace: string, slug: string): string {
  return namespace ? `${namespace}/${slug}` : slug;
}
export type Status = 'created' | 'started' | 'finished' | 'failed';
export const STATUSES: readonly Status[] = ['created', 'started', 'finished', 'failed'];

export interface FailureRecord {
  relation: string;
  step: string;
  exceptionMessage: string;
  exceptionClass: string;
  correlationId: string;
  createdAt: number;
  pipelineClass: string;
  /** Where on the source the failing item lives. */
  sourceUrl: string;
  sourceTitle: string;
}

/** The relations direct transfer copies that the sandbox serves (content.ts). */
export const RELATIONS = ['merge_requests', 'releases', 'epics', 'wiki'] as const;
export type Relation = (typeof RELATIONS)[number];

export interface SourceItem {
  /** iid (merge requests, epics), tag (releases) or slug (wiki pages): what names it. */
  key: string;
  title: string;
  webUrl: string;
  raw: Record<string, unknown>;
}

export interface SourceContent {
  /** What the source holds and what came across, per relation. */
  items: Partial<Record<Relation, { source: number; kept: SourceItem[] }>>;
  /** Items left out (the drop fault), shown once the entity finished. */
  failures: FailureRecord[];
}

/** What the destination learned from the source about one entity. */
export type SourceCheck =
  | { state: 'pending' }
  | { state: 'ok'; at: number; name: string; visibility: string; content: SourceContent }
  | { state: 'failed'; at: number; failures: FailureRecord[] };

export interface EntityRecord {
  id: number;
  importId: number;
  sourceType: SourceType;
  sourceFullPath: string;
  destinationSlug: string;
  destinationNamespace: string;
  migrateProjects: boolean;
  migrateMemberships: boolean;
  parentId: number | null;
  createdAt: number;
  /** Sandbox time the entity may start: creation plus a short queueing delay, or its parent's finish. */
  startAt: number;
  check: SourceCheck;
  /** Set once the imported group or project exists on the destination. */
  namespaceId: number | null;
  projectId: number | null;
}

export interface ImportRecord {
  id: number;
  userId: number;
  sourceUrl: string;
  createdAt: number;
  entityIds: number[];
  /** Nested entities are still being discovered on the source. */
  discovering: number;
}

export interface BulkImportStore {
  imports: Map<number, ImportRecord>;
  entities: Map<number, EntityRecord>;
  seq: { import: number; entity: number };
  /** Background work (source checks) still running; tests and close() may wait for it. */
  pending: Set<Promise<unknown>>;
  /** The drop fault: relation -> every Nth item is left out of imports started from now on. */
  drops: Map<Relation, number>;
  /** The swap fault: relation -> every Nth item arrives under another identity, with no failure record. */
  swaps: Map<Relation, number>;
}

const stores = new WeakMap<SandboxState, BulkImportStore>();

export function bulkImportStore(state: SandboxState): BulkImportStore {
  let s = stores.get(state);
  if (!s) {
    s = { imports: new Map(), entities: new Map(), seq: { import: 0, entity: 0 }, pending: new Set(), drops: new Map(), swaps: new Map() };
    stores.set(state, s);
  }
  return s;
}
