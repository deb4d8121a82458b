// Group and project migration by direct transfer (spec part 1 §2.2–2.3, §4.6), after GitLab's
// lib/api/bulk_imports.rb: parameters are checked first (400, every failing one at once), then the
// destination (422), then the source token against the source instance (422); the entities are then
// checked on the source in the background and move on the sandbox clock (timeline.ts).

import { ApiError, badRequest, invalidParams, notFound, unauthorized } from '../http/errors.js';
import { adminStore } from '../admin/store.js';
import { offsetPage, readPage } from '../http/pagination.js';
import { ParamReader } from '../http/params.js';
import { isParamObject, type ParamObject } from '../http/query.js';
import type { SandboxModule } from '../sandbox-module.js';
import type { HandlerResult, Router, SandboxRequest } from '../http/router.js';
import { newProject } from '../projects/seed.js';
import type { SandboxState } from '../state.js';
import { ACCESS, type Visibility } from '../types.js';
import { entityJson, failureJson, importEntities, importJson, visibleFailures } from './render.js';
import { QUEUE_DELAY_MS, SourceClient, SourceUnreachable, addEntity, startChecks } from './source.js';
import { RELATIONS, STATUSES, bulkImportStore, destinationFullPath, type EntityRecord, type ImportRecord, type Relation, type SourceType } from './store.js';
import { entityMoment } from './timeline.js';
import { writeContent } from './content.js';
import { requireAdmin } from '../access/admin.js';

const SOURCE_TYPES: readonly SourceType[] = ['group_entity', 'project_entity'];

// Path rules of the endpoint's validators: a relative path whose segments start and end with a
// letter or digit and have no two special characters in a row; a slug is one such segment (it may
// also start with a period or underscore).
const SEGMENT = '[a-z0-9](?:[-_.]?[a-z0-9])*';
const RELATIVE_PATH = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`, 'i');
const SLUG = /^\.?[a-z0-9_](?:\.?[a-z0-9_-])*$/i;

const PATH_MESSAGE =
  'must have a relative path structure with no HTTP protocol characters, or leading or trailing forward slashes. ' +
  'Path segments must not start or end with a special character, and must not contain consecutive special characters.';
const SLUG_MESSAGE =
  'cannot start with a non-alphanumeric character except for periods or underscores, can contain only alphanumeric ' +
  'characters, periods, and underscores, cannot end with a period or forward slash, and has no leading or trailing forward slashes.';

const notFoundRecord = () => new ApiError(404, { message: '404 Not found' });
const unprocessable = (message: string) => new ApiError(422, { message });

interface EntityInput {
  sourceType: SourceType;
  sourceFullPath: string;
  destinationSlug: string;
  destinationNamespace: string;
  migrateProjects: boolean;
  migrateMemberships: boolean;
}

function readEntities(input: ParamObject): { url: string; token: string; entities: EntityInput[] } {
  const errors: string[] = [];
  const config = input.configuration;
  let url: string | undefined;
  let token: string | undefined;
  if (config === undefined || config === null || config === '') errors.push('configuration is missing');
  else if (!isParamObject(config)) errors.push('configuration is invalid');
  else {
    const r = new ParamReader(config);
    url = r.string('url');
    token = r.string('access_token');
    if (url === undefined) errors.push('configuration[url] is missing');
    if (token === undefined) errors.push('configuration[access_token] is missing');
    errors.push(...r.errors.map((e) => `configuration[${e.replace(' ', '] ')}`));
  }

  const raw = input.entities;
  const list = Array.isArray(raw) ? raw : isParamObject(raw) ? Object.values(raw) : undefined;
  const entities: EntityInput[] = [];
  if (raw === undefined || raw === null || raw === '') errors.push('entities is missing');
  else if (!list) errors.push('entities is invalid');
  else {
    list.forEach((item, i) => {
      const at = (name: string) => `entities[${i}][${name}]`;
      if (!isParamObject(item)) {
        errors.push(`entities[${i}] is invalid`);
        return;
      }
      const r = new ParamReader(item);
      const sourceType = r.string('source_type');
      const sourceFullPath = r.string('source_full_path');
      // Given empty, it is the top level (the reader takes an empty value as not given).
      const destinationNamespace = item.destination_namespace === '' ? '' : r.string('destination_namespace');
      const slug = r.string('destination_slug');
      const name = r.string('destination_name');
      const migrateProjects = r.bool('migrate_projects');
      const migrateMemberships = r.bool('migrate_memberships');
      errors.push(...r.errors.map((e) => `${at(e.split(' ')[0])} ${e.split(' ').slice(1).join(' ')}`));
      if (sourceType === undefined) errors.push(`${at('source_type')} is missing`);
      else if (!SOURCE_TYPES.includes(sourceType as SourceType)) errors.push(`${at('source_type')} does not have a valid value`);
      if (sourceFullPath === undefined) errors.push(`${at('source_full_path')} is missing`);
      else if (!RELATIVE_PATH.test(sourceFullPath)) errors.push(`${at('source_full_path')} ${PATH_MESSAGE}`);
      if (destinationNamespace === undefined) errors.push(`${at('destination_namespace')} is missing`);
      // Empty: the group becomes a top-level one (checkDestination refuses it for a project).
      else if (destinationNamespace !== '' && !RELATIVE_PATH.test(destinationNamespace)) errors.push(`${at('destination_namespace')} ${PATH_MESSAGE}`);
      if (slug !== undefined && name !== undefined) errors.push(`${at('destination_slug')}, ${at('destination_name')} are mutually exclusive`);
      else if (slug === undefined && name === undefined) {
        errors.push(`${at('destination_slug')}, ${at('destination_name')} are missing, at least one parameter must be provided`);
      }
      // destination_name is the deprecated spelling of destination_slug: same rule, same meaning.
      const destinationSlug = slug ?? name;
      if (destinationSlug !== undefined && !SLUG.test(destinationSlug)) errors.push(`${at(slug !== undefined ? 'destination_slug' : 'destination_name')} ${SLUG_MESSAGE}`);
      entities.push({
        sourceType: sourceType as SourceType,
        sourceFullPath: sourceFullPath ?? '',
        destinationSlug: destinationSlug ?? '',
        destinationNamespace: destinationNamespace ?? '',
        migrateProjects: migrateProjects ?? true,
        migrateMemberships: migrateMemberships ?? true,
      });
    });
    if (!list.length) errors.push('entities is empty');
  }
  if (errors.length) throw invalidParams(errors);
  return { url: url!, token: token!, entities };
}

function destinationTaken(state: SandboxState, fullPath: string): boolean {
  return !!state.findGroup(fullPath) || !!state.findProject(fullPath);
}

function checkDestination(req: SandboxRequest, e: EntityInput): void {
  const { state, user } = req;
  const invalid = () => unprocessable(`Import failed. Destination '${e.destinationNamespace}' is invalid, or you don't have permission.`);
  if (e.destinationNamespace === '') {
    // A top-level group, made by whoever may create groups (not external users); a project needs a group.
    if (e.sourceType !== 'group_entity' || !user || (!user.admin && user.external)) throw invalid();
  } else {
    const ns = state.findGroup(e.destinationNamespace);
    // Creating a subgroup or a project there needs Maintainer at least (administrators may anyway).
    if (!ns || state.accessLevel(user, ns) < ACCESS.maintainer) throw invalid();
  }
  const full = destinationFullPath(e.destinationNamespace, e.destinationSlug);
  if (destinationTaken(state, full)) throw unprocessable(`Import failed. '${full}' already exists. Change the destination and try again.`);
}

/** The source must answer and accept the token with the `api` scope (GitLab asks the same). */
async function checkSource(client: SourceClient): Promise<void> {
  let res;
  try {
    res = await client.get('/personal_access_tokens/self');
  } catch (e) {
    const why = e instanceof SourceUnreachable ? e.message : String(e);
    throw unprocessable(`Import aborted as it was not possible to connect to the source instance (${why}).`);
  }
  const scopes = (res.body as { scopes?: unknown } | null)?.scopes;
  if (res.status !== 200 || !Array.isArray(scopes) || !scopes.includes('api')) {
    throw unprocessable("Import aborted as the provided personal access token does not have the required 'api' scope or is no longer valid.");
  }
}

async function createImport(req: SandboxRequest): Promise<HandlerResult> {
  const { state, user } = req;
  const { url, token, entities } = readEntities(req.input());
  for (const e of entities) checkDestination(req, e);
  const client = new SourceClient(url, token);
  await checkSource(client);

  const store = bulkImportStore(state);
  const now = state.clock.now();
  const imp: ImportRecord = { id: ++store.seq.import, userId: user!.id, sourceUrl: url, createdAt: now, entityIds: [], discovering: 0 };
  store.imports.set(imp.id, imp);
  for (const e of entities) addEntity(state, imp, { ...e, parentId: null, createdAt: now, startAt: now + QUEUE_DELAY_MS });
  startChecks(state, imp, client);
  // The answer is the import as created, as GitLab's is: a fast clock must not move it on meanwhile.
  return { status: 201, body: importJson(state, imp, now) };
}

/**
 * Creates on the destination what finished entities imported. Runs before every read, in id order,
 * so a group exists before the projects and subgroups it contains.
 */
function settle(state: SandboxState): void {
  const store = bulkImportStore(state);
  const now = state.clock.now();
  for (const e of store.entities.values()) {
    if (e.namespaceId !== null || e.projectId !== null || e.check.state !== 'ok') continue;
    const m = entityMoment(e, now);
    if (m.status !== 'finished') continue;
    const topLevel = e.destinationNamespace === '' && e.sourceType === 'group_entity';
    const parent = topLevel ? undefined : state.findGroup(e.destinationNamespace);
    const full = destinationFullPath(e.destinationNamespace, e.destinationSlug);
    if ((!parent && !topLevel) || destinationTaken(state, full)) continue;
    const visibility = e.check.visibility as Visibility;
    const owner = store.imports.get(e.importId)!.userId;
    if (e.sourceType === 'group_entity') {
      const g = state.addGroup({ name: e.check.name, path: e.destinationSlug, parentId: parent?.id ?? null, visibility, createdAt: m.since }, { [owner]: ACCESS.owner });
      e.namespaceId = g.id;
      writeContent(state, e.check.content, { groupId: g.id }, owner);
    } else if (parent) {
      const p = state.addProject(
        newProject(state, {
          name: e.check.name,
          path: e.destinationSlug,
          namespaceId: parent.id,
          visibility,
          creatorId: owner,
          createdAt: m.since,
          importType: 'gitlab_project_migration',
          importStatus: 'finished',
        }),
      );
      e.projectId = p.id;
      e.namespaceId = parent.id;
      writeContent(state, e.check.content, { projectId: p.id, projectPath: full }, owner);
    }
  }
}

function readListParams(req: SandboxRequest) {
  const r = new ParamReader(req.input());
  const page = readPage(r);
  const sort = r.oneOf('sort', ['asc', 'desc'] as const) ?? 'desc';
  const status = r.oneOf('status', STATUSES);
  r.done();
  return { page, sort, status };
}

function ownImports(req: SandboxRequest): ImportRecord[] {
  return [...bulkImportStore(req.state).imports.values()].filter((i) => i.userId === req.user!.id);
}

function importId(req: SandboxRequest, name = 'import_id', param = 'id'): number {
  const raw = req.params[param] ?? '';
  if (!/^\d+$/.test(raw)) throw invalidParams([`${name} is invalid`]);
  return Number(raw);
}

function findImport(req: SandboxRequest): ImportRecord {
  const id = importId(req);
  const imp = bulkImportStore(req.state).imports.get(id);
  if (!imp || imp.userId !== req.user!.id) throw notFoundRecord();
  return imp;
}

function findEntity(req: SandboxRequest): EntityRecord {
  const imp = findImport(req);
  const id = importId(req, 'entity_id', 'entity_id');
  const e = bulkImportStore(req.state).entities.get(id);
  if (!e || e.importId !== imp.id) throw notFoundRecord();
  return e;
}

/** Sorted by creation (ids follow creation), filtered by status at this moment. */
function pageOfEntities(req: SandboxRequest, entities: EntityRecord[]): HandlerResult {
  const { page, sort, status } = readListParams(req);
  const now = req.state.clock.now();
  const items = entities.filter((e) => !status || entityMoment(e, now).status === status).sort((a, b) => (sort === 'asc' ? a.id - b.id : b.id - a.id));
  return offsetPage(req, page, items, (e) => entityJson(req.state, e));
}

/**
 * With bulk_import_enabled false (GitLab's default), every route answers 404, even without a token,
 * as lib/api/bulk_imports.rb's `before { not_found! unless ...bulk_import_enabled?; authenticate! }`
 * does; the routes are declared with optional authentication so the check comes first.
 */
function enabled<R>(h: (req: SandboxRequest) => R): (req: SandboxRequest) => R {
  return (req) => {
    if (adminStore(req.state).settings.bulk_import_enabled !== true) throw notFound();
    if (!req.user) throw unauthorized();
    return h(req);
  };
}
const AFTER_SETTING = { auth: 'optional' } as const;

export const bulkImportsModule: SandboxModule = {
  name: 'bulk_imports',
  register(router: Router, state: SandboxState) {
    const reading = (h: (req: SandboxRequest) => HandlerResult) =>
      enabled((req: SandboxRequest) => {
        settle(state);
        return h(req);
      });
    const read = (path: string, h: (req: SandboxRequest) => HandlerResult) => router.get(path, reading(h), AFTER_SETTING);
    router.post('/bulk_imports', enabled(createImport), AFTER_SETTING);
    read('/bulk_imports', (req) => {
      const { page, sort, status } = readListParams(req);
      const items = ownImports(req)
        .map((i) => ({ i, json: importJson(req.state, i) }))
        .filter((x) => !status || x.json.status === status)
        .sort((a, b) => (sort === 'asc' ? a.i.id - b.i.id : b.i.id - a.i.id));
      return offsetPage(req, page, items, (x) => x.json);
    });
    read('/bulk_imports/entities', (req) => pageOfEntities(req, ownImports(req).flatMap((i) => importEntities(req.state, i))));
    read('/bulk_imports/:id', (req) => ({ body: importJson(req.state, findImport(req)) }));
    read('/bulk_imports/:id/entities', (req) => pageOfEntities(req, importEntities(req.state, findImport(req))));
    read('/bulk_imports/:id/entities/:entity_id', (req) => ({ body: entityJson(req.state, findEntity(req)) }));
    read('/bulk_imports/:id/entities/:entity_id/failures', (req) => {
      const e = findEntity(req);
      const r = new ParamReader(req.input());
      const page = readPage(r);
      r.done();
      return offsetPage(req, page, visibleFailures(req.state, e), failureJson);
    });
  },
};

/**
 * Sandbox-only (administrators): PUT /-/sandbox/bulk_imports/drop {"relation":"merge_requests","every":3}
 * leaves every third merge request of each project out of the imports started from then on, with a
 * failure record each (every 0 ends it). PUT /-/sandbox/bulk_imports/swap takes the same body and
 * imports every Nth item under another identity (an iid past the source's highest; a tag or slug with
 * -swapped), with no failure record. Relations: merge_requests, releases, epics, wiki.
 */
export const bulkImportsSandboxModule: SandboxModule = {
  name: 'bulk-imports-drop',
  prefix: '/-/sandbox',
  register(router) {
    for (const fault of ['drop', 'swap'] as const) {
      router.put(`/bulk_imports/${fault}`, (req) => {
        requireAdmin(req);
        const r = new ParamReader(req.input());
        const relation = r.oneOf('relation', RELATIONS);
        const every = r.int('every');
        r.done();
        if (relation === undefined || every === undefined || every < 0) throw badRequest('"relation" and "every" (0 or more) are required');
        const store = bulkImportStore(req.state);
        const faults = fault === 'drop' ? store.drops : store.swaps;
        if (every === 0) faults.delete(relation as Relation);
        else faults.set(relation as Relation, every);
        return { body: Object.fromEntries(faults) };
      });
    }
  },
};
