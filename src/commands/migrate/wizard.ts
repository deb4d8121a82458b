// The interactive way to start a migration: source, hidden token, entities one by one, a summary,
// an optional plan file, a confirmation. Every answer is checked as it is typed, with the rules the
// flags and plan files use, so what the wizard sends is what the service accepts.

import { access } from 'node:fs/promises';
import type { Context } from '../../context.js';
import { CancelledError } from '../../core/errors.js';
import { savePlan, type Plan } from './plan.js';
import { checkPath, checkSlug, checkUrl, lastSegment, type EntityPlan, type Kind } from './rules.js';

export interface WizardAnswers {
  sourceUrl: string;
  token: string;
  entities: EntityPlan[];
}

export interface WizardPresets {
  sourceUrl?: string;
  token?: string;
  noProjects: boolean;
}

const DEFAULT_PLAN_FILE = 'migration-plan.yaml';
const DEFAULT_TOKEN_ENV = 'SOURCE_TOKEN';
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function summaryTable(entities: EntityPlan[]): string {
  const rows = entities.map((e, i) => [
    String(i + 1),
    e.kind,
    e.source,
    `${e.destinationNamespace}/${e.slug}`,
    e.kind === 'group' ? (e.migrateProjects ? 'yes' : 'no') : '-',
  ]);
  const head = ['#', 'kind', 'source', 'destination', 'projects'];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => `  ${cells.map((x, c) => x.padEnd(widths[c])).join('  ')}`.trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function askEntity(ctx: Context, n: number, taken: Set<string>, noProjects: boolean): Promise<EntityPlan> {
  const p = ctx.prompt;
  const kind = await p.select<Kind>(`Entity ${n}: what to migrate?`, [
    { name: 'group (with its subgroups)', value: 'group' },
    { name: 'project', value: 'project' },
  ]);
  const source = (await p.input(`Entity ${n}: full path of the ${kind} on the source`, { validate: checkPath })).trim();
  const destinationNamespace = (await p.input(`Entity ${n}: destination group (full path of an existing group)`, { validate: checkPath })).trim();
  const slug = (
    await p.input(`Entity ${n}: destination slug`, {
      default: lastSegment(source),
      validate: (v) => {
        const value = v.trim() || lastSegment(source);
        const ok = checkSlug(value);
        if (ok !== true) return ok;
        return taken.has(`${destinationNamespace}/${value}`.toLowerCase()) ? `another entity already goes to ${destinationNamespace}/${value}` : true;
      },
    })
  ).trim() || lastSegment(source);
  let migrateProjects = false;
  if (kind === 'group') migrateProjects = noProjects ? false : await p.confirm(`Entity ${n}: migrate the group's projects too?`, true);
  return { kind, source, destinationNamespace, slug, migrateProjects };
}

async function offerPlanFile(ctx: Context, answers: WizardAnswers): Promise<void> {
  const p = ctx.prompt;
  if (!(await p.confirm('Save this as a plan file (for CI or to run again)?', false))) return;
  const file = (
    await p.input('Plan file', {
      default: DEFAULT_PLAN_FILE,
      validate: (v) => (v.trim() || DEFAULT_PLAN_FILE).length > 0 || 'a file name is required',
    })
  ).trim() || DEFAULT_PLAN_FILE;
  const tokenEnv = (
    await p.input('Environment variable that will hold the source token (the token itself is not saved)', {
      default: DEFAULT_TOKEN_ENV,
      validate: (v) => ENV_NAME.test(v.trim() || DEFAULT_TOKEN_ENV) || 'letters, digits and _, not starting with a digit',
    })
  ).trim() || DEFAULT_TOKEN_ENV;
  const plan: Plan = { sourceUrl: answers.sourceUrl, tokenEnv, entities: answers.entities };
  const exists = await access(file).then(
    () => true,
    () => false,
  );
  if (exists) {
    ctx.warn(`${file} exists; the plan was not saved`);
    return;
  }
  await savePlan(file, plan);
  ctx.notice(`Saved the plan to ${file}. Run it with: ${tokenEnv}=… forgectl migrate start -f ${file}`);
}

export async function runWizard(ctx: Context, presets: WizardPresets): Promise<WizardAnswers> {
  const p = ctx.prompt;
  ctx.notice('Migrate groups and projects from another instance (direct transfer) into this one.');
  const sourceUrl = presets.sourceUrl ?? (await p.input('Source instance URL', { validate: checkUrl })).trim();
  const token =
    presets.token ??
    (
      await p.password('Access token on the source (scope api; input hidden)', {
        validate: (v) => (v.trim() ? (/\s/.test(v.trim()) ? 'a token has no spaces' : true) : 'a token is required'),
      })
    ).trim();
  ctx.redactor.add(token);

  const entities: EntityPlan[] = [];
  const taken = new Set<string>();
  do {
    const e = await askEntity(ctx, entities.length + 1, taken, presets.noProjects);
    entities.push(e);
    taken.add(`${e.destinationNamespace}/${e.slug}`.toLowerCase());
  } while (await p.confirm('Add another entity?', false));

  ctx.notice(`\nMigration from ${sourceUrl}:\n${summaryTable(entities)}\n`);
  const answers = { sourceUrl, token, entities };
  await offerPlanFile(ctx, answers);
  if (!(await p.confirm(`Start migrating ${entities.length === 1 ? 'this entity' : `these ${entities.length} entities`}?`, true))) {
    throw new CancelledError('nothing was started');
  }
  return answers;
}
