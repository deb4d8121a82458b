// What the service accepts in a migration request, checked before anything is sent (by the flags,
// the plan file and the wizard alike). The path and slug rules follow the endpoint's validators.

import type { EntityRequest, SourceType } from '../../api/bulk-imports.js';
import { UsageError } from '../../core/errors.js';

export type Kind = 'group' | 'project';
export const KINDS: readonly Kind[] = ['group', 'project'];
export const SOURCE_TYPE: Record<Kind, SourceType> = { group: 'group_entity', project: 'project_entity' };

/** One entity as the user describes it. */
export interface EntityPlan {
  kind: Kind;
  source: string;
  destinationNamespace: string;
  slug: string;
  /** Groups only: bring the group's projects too (the service's default). */
  migrateProjects: boolean;
}

const SEGMENT = '[a-z0-9](?:[-_.]?[a-z0-9])*';
const RELATIVE_PATH = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`, 'i');
const SLUG = /^\.?[a-z0-9_](?:\.?[a-z0-9_-])*$/i;

/** Where an entity lands: with an empty namespace a group becomes top-level (direct transfer makes it). */
export function destinationPath(namespace: string, slug: string): string {
  return namespace ? `${namespace}/${slug}` : slug;
}

/** true, or why the text is not a full path such as `group/subgroup`. */
export function checkPath(value: string): true | string {
  const v = value.trim();
  if (!v) return 'a full path is required, e.g. group/subgroup';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v)) return 'give the path on the instance (group/subgroup), not a URL';
  if (v.startsWith('/') || v.endsWith('/')) return 'no leading or trailing slash';
  if (!RELATIVE_PATH.test(v)) {
    return 'each path segment must start and end with a letter or digit and may contain -, _ and . (never two in a row)';
  }
  return true;
}

/** true, or why the service would refuse this destination slug. */
export function checkSlug(value: string): true | string {
  const v = value.trim();
  if (!v) return 'a slug is required';
  if (v.includes('/')) return 'a slug is one path segment, without /';
  if (!SLUG.test(v)) {
    return 'a slug may contain letters, digits, _, - and ., must start with a letter, digit or _ (optionally after one .), and must not end with . or contain ..';
  }
  return true;
}

/** true, or why the text is not an instance URL. */
export function checkUrl(value: string): true | string {
  const v = value.trim();
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return 'a URL such as https://gitlab.example.com is required';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'the URL must start with https:// (or http://)';
  if (u.username || u.password) return 'do not put credentials in the URL; the token is asked separately';
  if (u.search || u.hash) return 'the URL of the instance has no query or fragment';
  if (/\/api\/v4\/?$/.test(u.pathname)) return 'give the instance URL without /api/v4';
  return true;
}

export function lastSegment(path: string): string {
  const parts = path.trim().split('/').filter(Boolean);
  return parts[parts.length - 1] ?? '';
}

function must(what: string, result: true | string): void {
  if (result !== true) throw new UsageError(`${what}: ${result}`);
}

/**
 * `KIND:SOURCE_PATH=DEST_NAMESPACE[:SLUG][,projects|,no-projects]` of --entity. The suffix sets
 * migrate_projects for that group alone (a comma is in no path or slug); without it the group
 * follows `migrateProjects` (--no-projects, else the service's default true).
 */
export function parseEntityFlag(raw: string, migrateProjects: boolean): EntityPlan {
  const suffix = /,\s*(no-)?projects\s*$/i.exec(raw);
  const spec = suffix ? raw.slice(0, suffix.index) : raw;
  const m = /^([^:=]+):([^=]+)=([^:]*)(?::(.*))?$/.exec(spec.trim());
  if (!m) throw new UsageError(`--entity ${JSON.stringify(raw)}: expected KIND:SOURCE_PATH=DEST_NAMESPACE[:SLUG][,no-projects], e.g. group:acme/platform=imported`);
  const kind = m[1].trim().toLowerCase();
  if (!KINDS.includes(kind as Kind)) throw new UsageError(`--entity ${JSON.stringify(raw)}: KIND must be group or project, got ${JSON.stringify(m[1])}`);
  if (suffix && kind !== 'group') throw new UsageError(`--entity ${JSON.stringify(raw)}: ,projects and ,no-projects apply to group entities only`);
  return validEntity(`--entity ${raw}`, {
    kind: kind as Kind,
    source: m[2].trim(),
    destinationNamespace: m[3].trim(),
    slug: m[4] === undefined ? lastSegment(m[2]) : m[4].trim(),
    migrateProjects: suffix ? !suffix[1] : migrateProjects,
  });
}

export function validEntity(where: string, e: EntityPlan): EntityPlan {
  must(`${where}: source path`, checkPath(e.source));
  // An empty namespace is the top level: a group may go there, a project needs a group.
  if (e.destinationNamespace !== '' || e.kind === 'project') {
    must(`${where}: destination namespace`, e.destinationNamespace === '' ? 'a project goes into a group: give the group’s full path' : checkPath(e.destinationNamespace));
  }
  must(`${where}: slug ${JSON.stringify(e.slug)}`, checkSlug(e.slug));
  return e;
}

/** Two entities may not land on the same destination path. */
export function checkDistinct(entities: EntityPlan[]): void {
  const seen = new Set<string>();
  for (const e of entities) {
    const dest = destinationPath(e.destinationNamespace, e.slug).toLowerCase();
    if (seen.has(dest)) throw new UsageError(`two entities would be imported to ${destinationPath(e.destinationNamespace, e.slug)}`, 'give one of them another slug (KIND:SOURCE=NAMESPACE:SLUG)');
    seen.add(dest);
  }
}

export function entityRequest(e: EntityPlan): EntityRequest {
  const out: EntityRequest = {
    source_type: SOURCE_TYPE[e.kind],
    source_full_path: e.source,
    destination_slug: e.slug,
    destination_namespace: e.destinationNamespace,
  };
  // migrate_projects means something only for a group.
  if (e.kind === 'group') out.migrate_projects = e.migrateProjects;
  return out;
}

/** Where an administrator turns direct transfer on (bulk_import_enabled; off on a new self-managed instance). */
export const DIRECT_TRANSFER_HINT =
  'an administrator turns it on with `forgectl settings set bulk_import_enabled=true`, or in the Admin area: Settings > General > Import and export settings > Allow migrating GitLab groups and projects by direct transfer';
