// The interactive way to start a migration. Every answer is checked as it is given, against the
// instances themselves: the source says who the token is, groups and projects are picked by a search
// of the source, the destination group must exist and let you create in it, and a path already taken
// on the destination is named with a free slug offered. Only then the summary, a plan file if wanted,
// and the start. Ctrl-C at any question ends with exit 130 and nothing sent or written.

import { access } from 'node:fs/promises';
import { countGroupProjects } from '../../api/instance.js';
import type { Context } from '../../context.js';
import { CancelledError } from '../../core/errors.js';
import type { HttpClient, TlsOptions } from '../../core/http.js';
import { savePlan, type Plan } from './plan.js';
import { checkSlug, checkUrl, destinationPath, lastSegment, type EntityPlan, type Kind } from './rules.js';
import { searchChecked } from './search-prompt.js';
import { profileSource, sourceClient, typedSourceTls } from './source-credentials.js';
import { Destination, TOP_LEVEL } from './wizard-destination.js';
import { checkSourceToken, entitySource, rethrowCancel, resolveTypedEntity, signedInLine, splitChoice, type EntityChoice } from './wizard-source.js';

export type WizardAction = 'start' | 'save-start' | 'save' | 'cancel';

export interface WizardAnswers {
  sourceUrl: string;
  token: string;
  entities: EntityPlan[];
  /** false when the user only saved a plan file. */
  start: boolean;
}

export interface WizardPresets {
  sourceUrl?: string;
  token?: string;
  /** A source profile's TLS settings (CA file, client certificate, insecure). */
  tls?: TlsOptions;
  /** --source-ca-file: for a URL typed at the first question, and in place of a profile's CA file. */
  sourceCaFile?: string;
  noProjects: boolean;
}

const DEFAULT_PLAN_FILE = 'migration-plan.yaml';
const DEFAULT_TOKEN_ENV = 'SOURCE_TOKEN';
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TOKEN_CHECK = (v: string) => (v.trim() ? (/\s/.test(v.trim()) ? 'a token has no spaces' : true) : 'a token is required');

interface Row {
  e: EntityPlan;
  projects: number | null;
}

function summaryTable(rows: Row[]): string {
  const cells = rows.map(({ e, projects }, i) => [
    String(i + 1),
    e.kind,
    `${e.source} → ${destinationPath(e.destinationNamespace, e.slug)}`,
    e.kind === 'group' ? (e.migrateProjects ? (projects === null ? 'yes' : String(projects)) : 'no') : '-',
  ]);
  const head = ['#', 'kind', 'source → destination', 'projects'];
  const widths = head.map((h, c) => Math.max(h.length, ...cells.map((r) => r[c].length)));
  const line = (r: string[]) => `  ${r.map((x, c) => x.padEnd(widths[c])).join('  ')}`.trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

const PROBE_LIMITS = { retries: 0, connectTimeoutMs: 5_000, timeoutMs: 15_000 };

/** URL and token, asked again until the source accepts the token with the api scope. */
async function signIn(ctx: Context, presets: WizardPresets): Promise<{ url: string; token: string; http: HttpClient }> {
  const p = ctx.prompt;
  let url = presets.sourceUrl;
  let token = presets.token;
  // A saved profile's TLS settings go with its URL, as with -p; a typed URL has --source-ca-file's.
  const typed = typedSourceTls(presets);
  let tls: TlsOptions = presets.tls ?? typed;
  let lastUrl: string | undefined;
  for (;;) {
    if (url === undefined) {
      const profiles = await ctx.profiles();
      const answer = (
        await p.input('Source instance URL (or the name of a saved profile of it)', {
          default: lastUrl,
          validate: (v) => (!v.includes(':') && profiles.get(v.trim()) ? true : checkUrl(v)),
        })
      ).trim();
      if (!answer.includes(':') && profiles.get(answer)) {
        const s = await profileSource(ctx, answer, presets.sourceCaFile);
        [url, token, tls] = [s.url, s.token, s.tls];
      } else [url, tls] = [answer.replace(/\/+$/, ''), typed];
    }
    token ??= (await p.password(`Access token on ${url} (scope api; input hidden)`, { validate: TOKEN_CHECK })).trim();
    ctx.redactor.add(token);
    // The check is a probe a person waits on: no retries and short timeouts, so a wrong or unreachable
    // URL is explained at once and asked again; the searches that follow use the normal client.
    const probe = sourceClient(ctx, { url, token, tls }, PROBE_LIMITS);
    const c = await checkSourceToken(probe, url);
    if (c.ok) {
      ctx.notice(signedInLine(url, c));
      return { url, token, http: sourceClient(ctx, { url, token, tls }) };
    }
    ctx.warn(`${c.reason}; asking again`);
    if (c.retry === 'url') {
      lastUrl = url;
      url = undefined;
    }
    token = undefined;
  }
}

async function askEntity(ctx: Context, n: number, src: { url: string; http: HttpClient }, dest: Destination, taken: Set<string>, noProjects: boolean): Promise<Row> {
  const p = ctx.prompt;
  const typedKinds = new Map<string, Kind>();
  const choice = await searchChecked<EntityChoice>(ctx, `Entity ${n}: group or project on ${src.url} (type to search)`, entitySource(src.http), async (value) => {
    const { kind, path } = splitChoice(value);
    if (kind !== '?') return true;
    const r = await resolveTypedEntity(src.http, src.url, path);
    if ('error' in r) return r.error;
    typedKinds.set(path, r.kind);
    return true;
  });
  const { kind: k, path: source } = splitChoice(choice);
  const kind = k === '?' ? typedKinds.get(source)! : k;

  const nsChoice = await searchChecked(ctx, `Entity ${n}: destination group on ${dest.url} (type to search the groups you may create in)`, await dest.source(kind), async (value) =>
    value.startsWith('?:') ? dest.checkNamespace(value.slice(2), true) : true,
  );
  const destinationNamespace = nsChoice === TOP_LEVEL ? '' : nsChoice.startsWith('?:') ? nsChoice.slice(2) : nsChoice;

  let suggested = lastSegment(source);
  const at = (slug: string) => destinationPath(destinationNamespace, slug);
  const full = (slug: string) => at(slug).toLowerCase();
  const occupied = taken.has(full(suggested)) ? 'another entity of this migration' : await dest.occupant(at(suggested));
  if (occupied) {
    const free = await dest.freeSlug(destinationNamespace, suggested, taken);
    ctx.notice(`${at(suggested)} is taken on ${dest.url} (${occupied === 'group' || occupied === 'project' ? `a ${occupied}` : occupied}); ${free} is free.`);
    suggested = free;
  }
  const slug =
    (
      await p.input(`Entity ${n}: destination slug (the ${kind} will be ${at('SLUG')})`, {
        default: suggested,
        validate: async (v) => {
          const value = v.trim() || suggested;
          const ok = checkSlug(value);
          if (ok !== true) return ok;
          if (taken.has(full(value))) return `another entity already goes to ${at(value)}`;
          const there = await dest.occupant(at(value));
          if (there) return `${at(value)} already exists on ${dest.url} (a ${there}); ${await dest.freeSlug(destinationNamespace, value, taken)} is free`;
          return true;
        },
      })
    ).trim() || suggested;

  let migrateProjects = false;
  if (kind === 'group') migrateProjects = noProjects ? false : await p.confirm(`Entity ${n}: migrate the group's projects too?`, true);
  // The count is a courtesy: unknown (not an error) when the source does not say.
  const projects =
    kind === 'group' && migrateProjects
      ? await countGroupProjects(src.http, source).catch((e: unknown) => {
          rethrowCancel(e);
          return null;
        })
      : null;
  return { e: { kind, source, destinationNamespace, slug, migrateProjects }, projects };
}

async function savePlanFile(ctx: Context, sourceUrl: string, entities: EntityPlan[]): Promise<void> {
  const p = ctx.prompt;
  const file =
    (
      await p.input('Plan file', {
        default: DEFAULT_PLAN_FILE,
        validate: async (v) => {
          const name = v.trim() || DEFAULT_PLAN_FILE;
          const exists = await access(name).then(
            () => true,
            () => false,
          );
          return exists ? `${name} exists; give another name (a plan file is never overwritten)` : true;
        },
      })
    ).trim() || DEFAULT_PLAN_FILE;
  const tokenEnv =
    (
      await p.input('Environment variable that will hold the source token (the token itself is not saved)', {
        default: DEFAULT_TOKEN_ENV,
        validate: (v) => ENV_NAME.test(v.trim() || DEFAULT_TOKEN_ENV) || 'letters, digits and _, not starting with a digit',
      })
    ).trim() || DEFAULT_TOKEN_ENV;
  const plan: Plan = { sourceUrl, tokenEnv, entities };
  await savePlan(file, plan);
  ctx.notice(`Saved the plan to ${file}. Run it with: ${tokenEnv}=… forgectl migrate start -f ${file}`);
}

export async function runWizard(ctx: Context, presets: WizardPresets): Promise<WizardAnswers> {
  const p = ctx.prompt;
  // The destination first: a missing or refused credential there ends the wizard before any question.
  const destHttp = await ctx.http();
  const dest = new Destination(destHttp, destHttp.baseUrl);
  const me = await dest.user();
  ctx.notice(`Migrate groups and projects from another instance (direct transfer) into ${dest.url}, as @${me.username}.`);
  const src = await signIn(ctx, presets);

  const rows: Row[] = [];
  const taken = new Set<string>();
  do {
    const row = await askEntity(ctx, rows.length + 1, src, dest, taken, presets.noProjects);
    rows.push(row);
    taken.add(destinationPath(row.e.destinationNamespace, row.e.slug).toLowerCase());
  } while (await p.confirm('Add another entity?', false));

  const entities = rows.map((r) => r.e);
  const what = entities.length === 1 ? 'this entity' : `these ${entities.length} entities`;
  ctx.notice(`\nMigration from ${src.url} to ${dest.url}:\n${summaryTable(rows)}\n`);
  const action = await p.select<WizardAction>('What now?', [
    { name: `Start migrating ${what}`, value: 'start' },
    { name: 'Save a plan file, then start', value: 'save-start' },
    { name: 'Only save a plan file (to run later or in CI)', value: 'save' },
    { name: 'Cancel (nothing is started)', value: 'cancel' },
  ]);
  if (action === 'cancel') throw new CancelledError('nothing was started');
  if (action !== 'start') await savePlanFile(ctx, src.url, entities);
  return { sourceUrl: src.url, token: src.token, entities, start: action !== 'save' };
}
