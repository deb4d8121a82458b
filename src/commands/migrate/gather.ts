// What `migrate start` and `migrate check` are given: --entity flags or a plan file, and the source
// token as start reads it (or --source-profile). Usage errors before any request.

import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import type { TlsOptions } from '../../core/http.js';
import { loadPlan } from './plan.js';
import { checkDistinct, parseEntityFlag, type EntityPlan } from './rules.js';
import { checkSourceFlags, resolveSource, type SourceFlags } from './source-credentials.js';

export interface GivenOptions extends SourceFlags {
  entity?: string[];
  /** commander's --no-projects: false when given. */
  projects: boolean;
  file?: string;
}

export interface Gathered {
  sourceUrl: string;
  token: string;
  /** TLS settings of a --source-profile (for the check's requests to the source). */
  sourceTls?: TlsOptions;
  entities: EntityPlan[];
}

/** What --entity flags or a plan file give, with the source token; usage errors before any request. */
export async function gatherGiven(ctx: Context, o: GivenOptions): Promise<Gathered> {
  const flagEntities = o.entity ?? [];
  if (o.file && flagEntities.length) throw new UsageError('-f/--file and --entity cannot be used together', 'put every entity in the plan file');
  if (o.file && o.sourceUrl) throw new UsageError('-f/--file and --source-url cannot be used together', 'the plan file names the source (source.url)');
  checkSourceFlags(o);
  if (o.file && o.sourceProfile !== undefined) throw new UsageError('-f/--file and --source-profile cannot be used together', 'the plan file names the source (source.url)');
  const noProjects = o.projects === false;
  if (!o.file && !flagEntities.length) throw new UsageError('nothing to check: give --entity KIND:SOURCE_PATH=DEST_NAMESPACE[:SLUG] or -f PLAN.yaml');

  let sourceUrl: string;
  let entities: EntityPlan[];
  let planTokenEnv: string | undefined;
  if (o.file) {
    const plan = await loadPlan(o.file, noProjects);
    sourceUrl = plan.sourceUrl;
    entities = plan.entities;
    planTokenEnv = plan.tokenEnv;
  } else {
    if (!o.sourceUrl && o.sourceProfile === undefined) throw new UsageError('--source-url is required with --entity', 'e.g. --source-url https://old.example.com, or --source-profile NAME');
    sourceUrl = o.sourceUrl?.trim() ?? '';
    entities = flagEntities.map((raw) => parseEntityFlag(raw, !noProjects));
  }
  checkDistinct(entities);
  if (noProjects && !entities.some((e) => e.kind === 'group')) throw new UsageError('--no-projects applies to group entities, and none is given');

  const src = await resolveSource(ctx, o, sourceUrl, o.file ? { tokenEnv: planTokenEnv, file: o.file } : undefined);
  return { sourceUrl: src.url, token: src.token, sourceTls: src.tls, entities };
}

