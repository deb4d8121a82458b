// The destination's side of direct transfer: it reads the source instance named in
// `configuration[url]` with `configuration[access_token]` over the REST API, as a real destination
// does. Each entity's source path must exist and be visible to that token; a group brings its
// subgroups and (with migrate_projects) its projects as nested entities.

import { randomBytes } from 'node:crypto';
import type { SandboxState } from '../state.js';
import { bulkImportStore, destinationFullPath, type EntityRecord, type FailureRecord, type ImportRecord, type SourceType } from './store.js';
import { QUEUE_DELAY_MS, finishTime } from './timeline.js';
import { readContent } from './content.js';

const REQUEST_TIMEOUT_MS = 10_000;

export interface SourceAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

export class SourceUnreachable extends Error {}

export class SourceClient {
  constructor(
    readonly url: string,
    private readonly token: string,
  ) {}

  async get(path: string): Promise<SourceAnswer> {
    let res: Response;
    try {
      res = await fetch(`${this.url.replace(/\/+$/, '')}/api/v4${path}`, {
        headers: { 'PRIVATE-TOKEN': this.token, Accept: 'application/json' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (e) {
      const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message;
      throw new SourceUnreachable(`could not connect to ${this.url}: ${cause}`);
    }
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // keep the text
    }
    return { status: res.status, body, headers: res.headers };
  }

  /** Every item of a list, following x-next-page. */
  async all(path: string): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    for (let page = 1; page; ) {
      const sep = path.includes('?') ? '&' : '?';
      const res = await this.get(`${path}${sep}per_page=100&page=${page}`);
      if (res.status !== 200 || !Array.isArray(res.body)) throw new SourceUnreachable(`GET ${path} answered ${res.status}`);
      out.push(...(res.body as Record<string, unknown>[]));
      page = Number(res.headers.get('x-next-page') || 0);
    }
    return out;
  }
}

const PIPELINE_CLASS: Record<SourceType, string> = {
  group_entity: 'BulkImports::Groups::Pipelines::GroupPipeline',
  project_entity: 'BulkImports::Projects::Pipelines::ProjectPipeline',
};

function failure(state: SandboxState, sourceUrl: string, e: EntityRecord, exceptionClass: string, message: string): FailureRecord {
  const kind = e.sourceType === 'group_entity' ? 'group' : 'project';
  return {
    relation: kind,
    step: 'extractor',
    exceptionClass,
    exceptionMessage: message,
    correlationId: randomBytes(16).toString('hex'),
    createdAt: state.clock.now(),
    pipelineClass: PIPELINE_CLASS[e.sourceType],
    sourceUrl: `${sourceUrl.replace(/\/+$/, '')}/${kind === 'group' ? 'groups/' : ''}${e.sourceFullPath}`,
    sourceTitle: e.sourceFullPath,
  };
}

function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) return String((body as { message: unknown }).message);
  return typeof body === 'string' ? body.slice(0, 200) : '';
}

export function addEntity(state: SandboxState, imp: ImportRecord, init: Omit<EntityRecord, 'id' | 'importId' | 'check' | 'namespaceId' | 'projectId'>): EntityRecord {
  const store = bulkImportStore(state);
  const e: EntityRecord = { ...init, id: ++store.seq.entity, importId: imp.id, check: { state: 'pending' }, namespaceId: null, projectId: null };
  store.entities.set(e.id, e);
  imp.entityIds.push(e.id);
  return e;
}

/** Checks one entity on the source and adds its nested entities; never throws. */
async function checkEntity(state: SandboxState, imp: ImportRecord, e: EntityRecord, client: SourceClient): Promise<void> {
  const isGroup = e.sourceType === 'group_entity';
  const encoded = encodeURIComponent(e.sourceFullPath);
  try {
    const res = await client.get(`/${isGroup ? 'groups' : 'projects'}/${encoded}`);
    if (res.status !== 200) {
      const what = isGroup ? 'group' : 'project';
      const why = res.status === 404 ? 'does not exist or is not visible to the source token' : `could not be read (${res.status})`;
      e.check = {
        state: 'failed',
        at: state.clock.now(),
        failures: [failure(state, client.url, e, 'BulkImports::Error', `Source ${what} '${e.sourceFullPath}' ${why}: ${messageOf(res.body)}`.trim())],
      };
      return;
    }
    const src = res.body as { name?: string; visibility?: string };
    const content = await readContent(state, client, e);
    const check = { state: 'ok' as const, at: state.clock.now(), name: String(src.name ?? e.destinationSlug), visibility: String(src.visibility ?? 'private'), content };
    if (!isGroup) {
      e.check = check;
      return;
    }
    // Nested entities are found before the group counts as checked, so the import never looks
    // finished while some are still unknown.
    const subgroups = await client.all(`/groups/${encoded}/subgroups`);
    const projects = e.migrateProjects ? await client.all(`/groups/${encoded}/projects`) : [];
    e.check = check;
    const childStart = finishTime(e)!;
    const childNamespace = destinationFullPath(e.destinationNamespace, e.destinationSlug);
    const children: EntityRecord[] = [];
    for (const g of subgroups) {
      children.push(
        addEntity(state, imp, {
          sourceType: 'group_entity',
          sourceFullPath: String(g.full_path),
          destinationSlug: String(g.path),
          destinationNamespace: childNamespace,
          migrateProjects: e.migrateProjects,
          migrateMemberships: e.migrateMemberships,
          parentId: e.id,
          createdAt: state.clock.now(),
          startAt: childStart,
        }),
      );
    }
    for (const p of projects) {
      children.push(
        addEntity(state, imp, {
          sourceType: 'project_entity',
          sourceFullPath: String(p.path_with_namespace),
          destinationSlug: String(p.path),
          destinationNamespace: childNamespace,
          migrateProjects: false,
          migrateMemberships: e.migrateMemberships,
          parentId: e.id,
          createdAt: state.clock.now(),
          startAt: childStart,
        }),
      );
    }
    await Promise.all(children.map((c) => checkEntity(state, imp, c, client)));
  } catch (err) {
    e.check = {
      state: 'failed',
      at: state.clock.now(),
      failures: [failure(state, client.url, e, err instanceof SourceUnreachable ? 'BulkImports::NetworkError' : 'StandardError', (err as Error).message)],
    };
  }
}

/** Starts checking the import's entities in the background. */
export function startChecks(state: SandboxState, imp: ImportRecord, client: SourceClient): void {
  const store = bulkImportStore(state);
  const roots = imp.entityIds.map((id) => store.entities.get(id)!);
  imp.discovering++;
  const work = Promise.all(roots.map((e) => checkEntity(state, imp, e, client))).finally(() => {
    imp.discovering--;
    store.pending.delete(work);
  });
  store.pending.add(work);
}

export { QUEUE_DELAY_MS };
