// Group and project migration by direct transfer (spec part 1 §2.2–2.3, §4.6).

import * as z from 'zod';
import type { HttpClient } from '../core/http.js';
import type { PageOptions } from '../core/paginate.js';
import { listOf, parseResponse, parseWriteAnswer } from './schema.js';

export const MIGRATION_STATUSES = ['created', 'started', 'finished', 'failed'] as const;
export type MigrationStatus = (typeof MIGRATION_STATUSES)[number];

export const BulkImportSchema = z.looseObject({
  id: z.number(),
  status: z.string(),
  source_type: z.string().optional(),
  source_url: z.string().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  has_failures: z.boolean().optional(),
});
export type BulkImport = z.infer<typeof BulkImportSchema>;

/** Older instances send failure records without relation, step or message (realdata *_15_x_legacy). */
export const EntityFailureSchema = z.looseObject({
  relation: z.string().nullable().optional(),
  step: z.string().nullable().optional(),
  exception_message: z.string().nullable().optional(),
  exception_class: z.string().nullable().optional(),
  correlation_id_value: z.string().nullable().optional(),
  pipeline_step: z.string().nullable().optional(),
  source_url: z.string().nullable().optional(),
  source_title: z.string().nullable().optional(),
});
export type EntityFailure = z.infer<typeof EntityFailureSchema>;

export const BulkImportEntitySchema = z.looseObject({
  id: z.number(),
  bulk_import_id: z.number(),
  status: z.string(),
  entity_type: z.string().optional(),
  source_full_path: z.string(),
  destination_slug: z.string().nullable().optional(),
  destination_namespace: z.string().nullable().optional(),
  destination_full_path: z.string().nullable().optional(),
  parent_id: z.number().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  failures: z.array(EntityFailureSchema).optional(),
});
export type BulkImportEntity = z.infer<typeof BulkImportEntitySchema>;

/** Whether an entity's failure records are worth asking for: older instances do not say has_failures, so only an explicit false (and none inline) skips it. */
export const mayHaveFailures = (e: BulkImportEntity): boolean => e.has_failures !== false || !!e.failures?.length;

export type SourceType = 'group_entity' | 'project_entity';

/** One entry of `entities` in POST /bulk_imports. `destination_name` (deprecated) is never sent. */
export interface EntityRequest {
  source_type: SourceType;
  source_full_path: string;
  destination_slug: string;
  destination_namespace: string;
  migrate_projects?: boolean;
}

export interface StartRequest {
  configuration: { url: string; access_token: string };
  entities: EntityRequest[];
}

export interface ListFilters {
  status?: MigrationStatus;
  sort?: 'asc' | 'desc';
}

/** Returns null under --dry-run (nothing was sent). */
export async function startMigration(http: HttpClient, body: StartRequest): Promise<BulkImport | null> {
  const res = await http.post('/bulk_imports', body);
  if (res.dryRun) return null;
  return parseWriteAnswer(BulkImportSchema, http, res, 'POST /bulk_imports', 'the migration may have been started');
}

export function listMigrations(http: HttpClient, filters: ListFilters, page: PageOptions): AsyncGenerator<BulkImport> {
  return listOf(BulkImportSchema, http, '/bulk_imports', { ...filters }, page);
}

export async function getMigration(http: HttpClient, id: number): Promise<BulkImport> {
  return parseResponse(BulkImportSchema, await http.get(`/bulk_imports/${id}`), `GET /bulk_imports/${id}`);
}

/** Entities of one migration, or of all the caller's migrations when `id` is undefined. */
export function listEntities(http: HttpClient, id: number | undefined, filters: ListFilters, page: PageOptions): AsyncGenerator<BulkImportEntity> {
  const path = id === undefined ? '/bulk_imports/entities' : `/bulk_imports/${id}/entities`;
  return listOf(BulkImportEntitySchema, http, path, { ...filters }, page);
}

export async function getEntity(http: HttpClient, id: number, entityId: number): Promise<BulkImportEntity> {
  const path = `/bulk_imports/${id}/entities/${entityId}`;
  return parseResponse(BulkImportEntitySchema, await http.get(path), `GET ${path}`);
}

/** The service pages these as a list; its documentation shows a single object, which is taken as a list of one. */
export function listFailures(http: HttpClient, id: number, entityId: number, page: PageOptions): AsyncGenerator<EntityFailure> {
  const path = `/bulk_imports/${id}/entities/${entityId}/failures`;
  return listOf(EntityFailureSchema, http, path, {}, page);
}
