// `migrate list|get|entities|failures|watch`: reading migrations (spec part 1 §4.6).

import { MIGRATION_STATUSES, getEntity, getMigration, listEntities, listFailures, listMigrations, mayHaveFailures, type BulkImport, type BulkImportEntity, type EntityFailure, type ListFilters } from '../../api/bulk-imports.js';
import type { Context } from '../../context.js';
import { list, object, type Column, type CommandResult } from '../../core/output.js';
import { parseChoice, parseInteger } from '../../core/parse.js';
import { pageOptions } from '../shared.js';
import { watchTimes } from './start.js';
import { ENTITY_COLUMNS, destinationOf, watchMigration } from './watch.js';
import type { HttpClient } from '../../core/http.js';

const MIGRATION_COLUMNS: Column<BulkImport>[] = [
  { key: 'id' },
  { key: 'status' },
  { key: 'source_url', header: 'source' },
  { key: 'has_failures', header: 'failures' },
  { key: 'created_at', header: 'created' },
  { key: 'updated_at', header: 'updated' },
];

const FAILURE_COLUMNS: Column<EntityFailure>[] = [
  { key: 'relation' },
  { key: 'exception_class', header: 'exception' },
  { key: 'exception_message', header: 'message' },
  { key: 'correlation_id_value', header: 'correlation id' },
  { key: 'source_title', header: 'source item' },
  { key: 'source_url' },
];

export interface ListOptions {
  status?: string;
  sort?: string;
}

const migrationId = (raw: string) => parseInteger('migration id', raw, { min: 1 });

function filters(o: ListOptions): ListFilters {
  return {
    status: o.status === undefined ? undefined : parseChoice('--status', o.status, MIGRATION_STATUSES),
    sort: o.sort === undefined ? undefined : parseChoice('--sort', o.sort, ['asc', 'desc'] as const),
  };
}

export async function listCommand(ctx: Context, o: ListOptions): Promise<CommandResult> {
  const f = filters(o);
  const http = await ctx.http();
  return list(listMigrations(http, f, pageOptions(ctx)), MIGRATION_COLUMNS, { empty: 'No migrations match.' });
}

export async function getCommand(ctx: Context, rawId: string): Promise<CommandResult> {
  const id = migrationId(rawId);
  const http = await ctx.http();
  return object(await getMigration(http, id), { columns: [...MIGRATION_COLUMNS, { key: 'source_type', header: 'source type' }] });
}

export async function entitiesCommand(ctx: Context, o: ListOptions, rawId: string | undefined): Promise<CommandResult> {
  const id = rawId === undefined ? undefined : migrationId(rawId);
  const f = filters(o);
  const http = await ctx.http();
  return list(listEntities(http, id, f, pageOptions(ctx)), ENTITY_COLUMNS, { empty: 'No entities match.' });
}

const ENTITY_DETAIL_COLUMNS: Column<BulkImportEntity>[] = [
  ...ENTITY_COLUMNS,
  { key: 'parent_id', header: 'parent' },
  { key: 'namespace_id', header: 'namespace id' },
  { key: 'project_id', header: 'project id' },
  { key: 'created_at', header: 'created' },
  { key: 'updated_at', header: 'updated' },
];

export async function entityCommand(ctx: Context, rawId: string, rawEntityId: string): Promise<CommandResult> {
  const id = migrationId(rawId);
  const entityId = parseInteger('entity id', rawEntityId, { min: 1 });
  const http = await ctx.http();
  const entity = await getEntity(http, id, entityId);
  if (entity.failures?.length) ctx.notice(`${entity.failures.length} failure record(s): forgectl migrate failures ${id} ${entityId}`);
  return object(entity, { columns: ENTITY_DETAIL_COLUMNS });
}

type EntityFailureRow = EntityFailure & { entity_id: number; entity_type?: string; source_full_path: string; destination_full_path: string };

const MIGRATION_FAILURE_COLUMNS: Column<EntityFailureRow>[] = [
  { key: 'entity_id', header: 'entity' },
  { key: 'source_full_path', header: 'source' },
  { key: 'destination_full_path', header: 'destination' },
  ...(FAILURE_COLUMNS as Column<EntityFailureRow>[]),
];

/** Every entity's failure records, entity by entity; entities that say they have none are not asked. */
async function* migrationFailures(http: HttpClient, id: number): AsyncGenerator<EntityFailureRow> {
  for await (const e of listEntities(http, id, { sort: 'asc' }, { all: true, perPage: 100 })) {
    if (!mayHaveFailures(e)) continue;
    for await (const f of listFailures(http, id, e.id, { all: true, perPage: 100 })) {
      yield { entity_id: e.id, entity_type: e.entity_type, source_full_path: e.source_full_path, destination_full_path: destinationOf(e), ...f };
    }
  }
}

export async function failuresCommand(ctx: Context, rawId: string, rawEntityId: string | undefined): Promise<CommandResult> {
  const id = migrationId(rawId);
  const entityId = rawEntityId === undefined ? undefined : parseInteger('entity id', rawEntityId, { min: 1 });
  const http = await ctx.http();
  if (entityId === undefined) return list(migrationFailures(http, id), MIGRATION_FAILURE_COLUMNS, { empty: 'No entity of the migration has failure records.' });
  return list(listFailures(http, id, entityId, pageOptions(ctx)), FAILURE_COLUMNS, { empty: 'The entity has no failure records.' });
}

export interface WatchFlags {
  interval?: string;
  timeout?: string;
}

export async function watchCommand(ctx: Context, o: WatchFlags, rawId: string): Promise<CommandResult> {
  const id = migrationId(rawId);
  const times = watchTimes(o.interval, o.timeout);
  const http = await ctx.http();
  return watchMigration(ctx, http, id, times);
}
