// Plan files: a migration written down (YAML or JSON) so a CI job can run it. The source token is
// never in the file: the file names the environment variable that holds it (or the token comes on
// standard input).
//
//   source:
//     url: https://old.example.com
//     token_env: SOURCE_TOKEN
//   entities:
//     - kind: group
//       source: acme/platform
//       destination_namespace: imported
//       slug: platform            # default: last segment of source
//       migrate_projects: true    # groups only; default true

import { writeFile } from 'node:fs/promises';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import * as z from 'zod';
import { UsageError } from '../../core/errors.js';
import { readInputFile } from '../../core/input-file.js';
import { KINDS, checkUrl, lastSegment, validEntity, type EntityPlan } from './rules.js';
import { cannotRead } from '../../core/fs-errors.js';

export interface Plan {
  sourceUrl: string;
  tokenEnv?: string;
  entities: EntityPlan[];
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SECRET_KEYS = ['token', 'access_token', 'private_token', 'source_token'];

const PlanSchema = z.strictObject({
  source: z.strictObject({
    url: z.string(),
    token_env: z.string().regex(ENV_NAME, 'must be the name of an environment variable').optional(),
  }),
  entities: z
    .array(
      z.strictObject({
        kind: z.enum(KINDS as [string, ...string[]]),
        source: z.string(),
        destination_namespace: z.string(),
        slug: z.string().optional(),
        migrate_projects: z.boolean().optional(),
      }),
    )
    .min(1, 'must list at least one entity'),
});

function hasSecret(doc: unknown): boolean {
  const src = (doc as { source?: unknown } | null)?.source;
  return !!src && typeof src === 'object' && SECRET_KEYS.some((k) => k in (src as object));
}

/** Reads and checks a plan; every problem is a usage error naming the file and the place. */
export async function loadPlan(file: string, noProjects: boolean): Promise<Plan> {
  let text: string;
  try {
    text = readInputFile(file);
  } catch (e) {
    throw cannotRead(`plan file ${file}`, e);
  }
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (e) {
    throw new UsageError(`plan file ${file} is not valid YAML or JSON: ${(e as Error).message.split('\n')[0]}`);
  }
  if (hasSecret(doc)) {
    throw new UsageError(`plan file ${file} contains a token`, 'a plan never holds the source token: name the variable that holds it with source.token_env, or pipe it with --source-token-stdin');
  }
  const r = PlanSchema.safeParse(doc);
  if (!r.success) {
    const issue = r.error.issues[0];
    const at = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw new UsageError(`plan file ${file}: ${at}${issue.message}`, 'see `forgectl migrate start --help` for the plan format');
  }
  const url = r.data.source.url.trim();
  const urlOk = checkUrl(url);
  if (urlOk !== true) throw new UsageError(`plan file ${file}: source.url: ${urlOk}`);
  r.data.entities.forEach((e, i) => {
    // The flag form (--no-projects on a project) is refused; the file form must not be ignored.
    if (e.kind !== 'group' && e.migrate_projects !== undefined) {
      throw new UsageError(`plan file ${file}: entities.${i}: migrate_projects applies to group entities only`, 'remove it from the project entry');
    }
  });
  const entities = r.data.entities.map((e, i) =>
    validEntity(`plan file ${file}: entities.${i}`, {
      kind: e.kind as EntityPlan['kind'],
      source: e.source.trim(),
      destinationNamespace: e.destination_namespace.trim(),
      slug: (e.slug ?? lastSegment(e.source)).trim(),
      migrateProjects: noProjects ? false : (e.migrate_projects ?? true),
    }),
  );
  return { sourceUrl: url, tokenEnv: r.data.source.token_env, entities };
}

export function planDocument(plan: Plan): Record<string, unknown> {
  return {
    source: { url: plan.sourceUrl, ...(plan.tokenEnv ? { token_env: plan.tokenEnv } : {}) },
    entities: plan.entities.map((e) => ({
      kind: e.kind,
      source: e.source,
      destination_namespace: e.destinationNamespace,
      slug: e.slug,
      ...(e.kind === 'group' ? { migrate_projects: e.migrateProjects } : {}),
    })),
  };
}

/** Writes a new plan file; an existing file is never overwritten. */
export async function savePlan(file: string, plan: Plan): Promise<void> {
  const header = [
    '# forgectl migration plan: forgectl migrate start -f THIS_FILE',
    `# The source token is not stored here; set ${plan.tokenEnv ?? 'the variable named in token_env'} or use --source-token-stdin.`,
    '',
  ].join('\n');
  await writeFile(file, header + stringifyYaml(planDocument(plan)), { flag: 'wx', mode: 0o644 });
}
