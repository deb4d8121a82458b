// Response shapes of spec part 1 §2.2–2.3, in the field order of shared/realdata/bulk_imports.

import type { SandboxState } from '../state.js';
import { bulkImportStore, destinationFullPath, type EntityRecord, type FailureRecord, type ImportRecord } from './store.js';
import { entityMoment, importMoment } from './timeline.js';
import { contentStats } from './content.js';

const iso = (ms: number) => new Date(ms).toISOString();

export function importEntities(state: SandboxState, imp: ImportRecord): EntityRecord[] {
  const store = bulkImportStore(state);
  return imp.entityIds.map((id) => store.entities.get(id)!);
}

/** A failed check's records once failed; items left out of a finished entity's relations once finished. */
function failuresAt(e: EntityRecord, status: string): FailureRecord[] {
  if (e.check.state === 'failed') return status === 'failed' ? e.check.failures : [];
  if (e.check.state === 'ok') return status === 'finished' ? e.check.content.failures : [];
  return [];
}

/** The import as it stands at `now` (the sandbox clock's present unless given). */
export function importJson(state: SandboxState, imp: ImportRecord, now = state.clock.now()): Record<string, unknown> {
  const entities = importEntities(state, imp);
  const m = importMoment(imp, entities, now);
  const updated = Math.max(imp.createdAt, m.since, ...entities.map((e) => entityMoment(e, now).since));
  return {
    id: imp.id,
    status: m.status,
    source_type: 'gitlab',
    source_url: imp.sourceUrl,
    created_at: iso(imp.createdAt),
    updated_at: iso(updated),
    // Only failures already visible count (a failed check shows once the entity has failed).
    has_failures: entities.some((e) => failuresAt(e, entityMoment(e, now).status).length > 0),
  };
}

export function failureInEntityJson(f: FailureRecord): Record<string, unknown> {
  return {
    relation: f.relation,
    step: f.step,
    exception_message: f.exceptionMessage,
    exception_class: f.exceptionClass,
    correlation_id_value: f.correlationId,
    created_at: iso(f.createdAt),
    pipeline_class: f.pipelineClass,
    pipeline_step: f.step,
  };
}

/** The failures endpoint's record (spec part 1 §2.3, second form). */
export function failureJson(f: FailureRecord): Record<string, unknown> {
  return {
    relation: f.relation,
    exception_message: f.exceptionMessage,
    exception_class: f.exceptionClass,
    correlation_id_value: f.correlationId,
    source_url: f.sourceUrl,
    source_title: f.sourceTitle,
  };
}

/** Failures appear when the entity is seen to fail or finish, not before. */
export function visibleFailures(state: SandboxState, e: EntityRecord): FailureRecord[] {
  return failuresAt(e, entityMoment(e, state.clock.now()).status);
}

export function entityJson(state: SandboxState, e: EntityRecord): Record<string, unknown> {
  const m = entityMoment(e, state.clock.now());
  const failures = visibleFailures(state, e);
  return {
    id: e.id,
    bulk_import_id: e.importId,
    status: m.status,
    entity_type: e.sourceType === 'group_entity' ? 'group' : 'project',
    source_full_path: e.sourceFullPath,
    destination_full_path: destinationFullPath(e.destinationNamespace, e.destinationSlug),
    destination_name: e.destinationSlug,
    destination_slug: e.destinationSlug,
    destination_namespace: e.destinationNamespace,
    parent_id: e.parentId,
    namespace_id: e.namespaceId,
    project_id: e.projectId,
    created_at: iso(e.createdAt),
    updated_at: iso(Math.max(e.createdAt, m.since)),
    failures: failures.map(failureInEntityJson),
    migrate_projects: e.migrateProjects,
    migrate_memberships: e.migrateMemberships,
    has_failures: failures.length > 0,
    stats: e.check.state === 'ok' && m.status === 'finished' ? contentStats(e.check.content) : {},
  };
}
