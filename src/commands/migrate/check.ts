// `migrate check`: will the migration start, and what will move? The checks the wizard makes as its
// questions are answered (wizard-source.ts, wizard-destination.ts), made here for every entity of
// --entity flags or a plan file, with reads only: the source answers and the token has api, the
// source path is the group or project stated, the destination namespace exists and lets you create
// in it, the slug is free, and direct transfer is allowed where the settings can be read. Then what
// will move, counted on the source. `migrate start` runs the same before its one POST.

import { entityAt, type CurrentUser } from '../../api/instance.js';
import { GROUP_RELATIONS, MR_STATES, PROJECT_RELATIONS, TREE_PROJECTS, relationNamed } from '../../api/migration-content.js';
import type { Context } from '../../context.js';
import { CommandFailedError } from '../../core/errors.js';
import { document, list, type CommandResult } from '../../core/output.js';
import { asNumber, count, items, side, type Side } from './counting.js';
import { DIRECT_TRANSFER_HINT, destinationPath, type EntityPlan } from './rules.js';
import { sourceClient, type SourceCredentials } from './source-credentials.js';
import { gatherGiven, type GivenOptions } from './gather.js';
import { Destination } from './wizard-destination.js';
import { checkSourceToken, signedInLine } from './wizard-source.js';
import { directTransfer } from './transfer-off.js';

export type CheckOptions = GivenOptions;

type Counts = Record<string, number | null>;

export interface MoveItem {
  kind: 'group' | 'project';
  path: string;
  counts: Counts;
}

export interface EntityCheck {
  kind: EntityPlan['kind'];
  source: string;
  destination: string;
  migrate_projects?: boolean;
  can_start: boolean;
  /** Why it cannot start. */
  problems: string[];
  /** Totals of what will move (subgroups, projects, merge requests by state, epics, wiki pages, releases). */
  will_move: Counts | null;
  items: MoveItem[];
}

export interface CheckReport {
  source_url: string;
  destination_url: string;
  source: string;
  direct_transfer: string;
  /** The destination's bulk_import_enabled; null when its settings could not be read (not a failure). */
  bulk_import_enabled: boolean | null;
  can_start: boolean;
  entities: EntityCheck[];
}

const TOTAL_KEYS = ['subgroups', 'projects', ...MR_STATES.map((s) => `merge_requests ${s}`), 'epics', 'wiki pages', 'releases'];
const GROUP_CONTENT = GROUP_RELATIONS.filter((r) => r.name === 'epics' || r.name === 'wiki pages');
const SUBGROUPS = relationNamed('subgroups', GROUP_RELATIONS);

async function countsOf(src: Side, relations: typeof PROJECT_RELATIONS, path: string): Promise<Counts> {
  const found = await Promise.all(relations.map(async (r) => [r.name, asNumber(await count(src, r, path))] as const));
  return Object.fromEntries(found);
}

/** Every group under `path`, depth first (subgroups of subgroups too). */
async function descendants(src: Side, path: string): Promise<string[]> {
  const children = (await items(src, SUBGROUPS, path)).map((g) => String(g.full_path));
  const below = await Promise.all(children.map((c) => descendants(src, c)));
  return children.flatMap((c, i) => [c, ...below[i]]);
}

/** What the entity brings, counted on the source: one row per group and project, and the totals. */
async function whatMoves(src: Side, e: EntityPlan): Promise<{ items: MoveItem[]; totals: Counts }> {
  let rows: MoveItem[];
  if (e.kind === 'project') rows = [{ kind: 'project', path: e.source, counts: await countsOf(src, PROJECT_RELATIONS, e.source) }];
  else {
    const [groups, projects] = await Promise.all([descendants(src, e.source), e.migrateProjects ? items(src, TREE_PROJECTS, e.source) : Promise.resolve([])]);
    const groupRows = [e.source, ...groups].map(async (path): Promise<MoveItem> => ({ kind: 'group', path, counts: await countsOf(src, GROUP_CONTENT, path) }));
    const projectRows = projects.map(async (p): Promise<MoveItem> => {
      const path = TREE_PROJECTS.key(p);
      return { kind: 'project', path, counts: await countsOf(src, PROJECT_RELATIONS, path) };
    });
    rows = await Promise.all([...groupRows, ...projectRows]);
  }
  const totals: Counts = {};
  for (const k of TOTAL_KEYS) {
    const values = rows.map((r) => r.counts[k]).filter((v) => v !== undefined);
    // What could be counted is summed; the rows that could not be are counted apart.
    totals[k] = values.length && values.every((v) => v === null) ? null : values.reduce<number>((a, b) => a + (b ?? 0), 0);
  }
  totals['not readable'] = rows.filter((r) => Object.values(r.counts).includes(null)).length;
  totals.subgroups = rows.filter((r) => r.kind === 'group').length - (e.kind === 'group' ? 1 : 0);
  totals.projects = rows.filter((r) => r.kind === 'project').length - (e.kind === 'project' ? 1 : 0);
  return { items: rows, totals };
}

async function checkEntity(e: EntityPlan, ctx: { src: Side | null; srcUrl: string; dest: Destination; me: CurrentUser; taken: Set<string>; count: boolean }): Promise<EntityCheck> {
  const destination = destinationPath(e.destinationNamespace, e.slug);
  const problems: string[] = [];
  const dest = ctx.dest;
  const destSide = async () => {
    if (e.destinationNamespace === '') {
      if (!(ctx.me.is_admin === true || ctx.me.can_create_group !== false)) problems.push(`@${ctx.me.username} may not create top-level groups on ${dest.url}`);
    } else {
      const ns = await dest.checkNamespace(e.destinationNamespace);
      if (ns !== true) problems.push(ns);
    }
    const there = await dest.occupant(destination);
    if (there) problems.push(`${destination} already exists on ${dest.url} (a ${there}); ${await dest.freeSlug(e.destinationNamespace, e.slug, ctx.taken)} is free`);
  };
  let moves: Awaited<ReturnType<typeof whatMoves>> | null = null;
  const srcSide = async () => {
    if (!ctx.src) return;
    const kind = await entityAt(ctx.src.http, e.source);
    if (kind === null) problems.push(`${e.source}: no group or project with this path on ${ctx.srcUrl} (or the token cannot see it)`);
    else if (kind !== e.kind) problems.push(`${e.source} is a ${kind} on ${ctx.srcUrl}, not a ${e.kind}`);
    else if (ctx.count) moves = await whatMoves(ctx.src, e);
  };
  await Promise.all([destSide(), srcSide()]);
  const m = moves as Awaited<ReturnType<typeof whatMoves>> | null;
  return {
    kind: e.kind,
    source: e.source,
    destination,
    ...(e.kind === 'group' ? { migrate_projects: e.migrateProjects } : {}),
    can_start: problems.length === 0,
    problems,
    will_move: m?.totals ?? null,
    items: m?.items ?? [],
  };
}

/** Every check of every entity; sends no write. */
export async function runChecks(ctx: Context, creds: Pick<SourceCredentials, 'url' | 'token' | 'tls'>, entities: EntityPlan[], o: { count: boolean } = { count: true }): Promise<CheckReport> {
  // The destination's checks of every entity at once share its 8 slots, as the source's counts do.
  const destHttp = side(await ctx.http()).http;
  const dest = new Destination(destHttp, destHttp.baseUrl);
  const me = await dest.user();
  const srcHttp = sourceClient(ctx, creds);
  const [signIn, transfer] = await Promise.all([checkSourceToken(srcHttp, creds.url), directTransfer(destHttp)]);
  const src = signIn.ok ? side(srcHttp) : null;
  const taken = new Set(entities.map((e) => destinationPath(e.destinationNamespace, e.slug).toLowerCase()));
  const checks = await Promise.all(entities.map((e) => checkEntity(e, { src, srcUrl: creds.url, dest, me, taken, count: o.count })));
  for (const c of checks) {
    if (!signIn.ok) c.problems.unshift(signIn.reason);
    if (transfer.enabled === false) c.problems.push(`direct transfer is turned off on ${dest.url} (bulk_import_enabled is false)`);
    c.can_start = c.problems.length === 0;
  }
  return {
    source_url: creds.url,
    destination_url: dest.url,
    source: signIn.ok ? signedInLine(creds.url, signIn) : signIn.reason,
    direct_transfer: transfer.text,
    bulk_import_enabled: transfer.enabled,
    can_start: checks.every((c) => c.can_start),
    entities: checks,
  };
}

const n = (v: number | null | undefined) => (v === null || v === undefined ? '?' : String(v));

export function countsText(c: Counts): string {
  const mrs = MR_STATES.map((s) => [s, c[`merge_requests ${s}`]] as const).filter(([, v]) => v !== undefined);
  const mrTotal = mrs.some(([, v]) => v === null) ? null : mrs.reduce((a, [, v]) => a + (v ?? 0), 0);
  const parts: string[] = [];
  if (c.subgroups !== undefined) parts.push(`${n(c.subgroups)} subgroups`);
  if (c.projects !== undefined) parts.push(`${n(c.projects)} projects`);
  if (mrs.length && mrs.every(([, v]) => v === null)) parts.push('merge requests not readable');
  else if (mrs.length) {
    const byState = mrs.filter(([, v]) => v !== 0).map(([s, v]) => `${n(v)} ${s}`);
    parts.push(`${n(mrTotal)} merge requests${byState.length ? ` (${byState.join(', ')})` : ''}`);
  }
  if (c.epics !== undefined) parts.push(`${n(c.epics)} epics`);
  if (c['wiki pages'] !== undefined) parts.push(`${n(c['wiki pages'])} wiki pages`);
  if (c.releases !== undefined) parts.push(`${n(c.releases)} releases`);
  const unread = c['not readable'];
  return parts.join(', ') + (unread ? `; ${unread} ${unread === 1 ? 'group or project' : 'groups or projects'} not fully readable with the source token` : '');
}

function where(c: EntityCheck): string {
  return `${c.kind} ${c.source} \u2192 ${c.destination}${c.destination.includes('/') ? '' : ' (top level)'}`;
}

function summary(r: CheckReport): string {
  const bad = r.entities.filter((e) => !e.can_start).length;
  const total = r.entities.length;
  return bad ? `${bad} of ${total} ${total === 1 ? 'entity' : 'entities'} cannot start.` : `${total === 1 ? 'The entity' : `All ${total} entities`} can start.`;
}

export function checkLines(r: CheckReport): string[] {
  const lines = [`Source: ${r.source}`, `Destination: ${r.destination_url}; direct transfer ${r.direct_transfer}`];
  if (r.bulk_import_enabled === false) lines.push(`  hint: ${DIRECT_TRANSFER_HINT}`);
  for (const c of r.entities) {
    lines.push(`${(c.can_start ? 'ok' : 'CANNOT').padEnd(6)} ${where(c)}`);
    for (const p of c.problems) lines.push(`         ${p}`);
    if (c.will_move) lines.push(`         will move: ${countsText(c.will_move)}`);
    for (const i of c.items) if (i.kind === 'project' && c.kind === 'group') lines.push(`           project ${i.path}: ${countsText(i.counts)}`);
  }
  lines.push(summary(r));
  return lines;
}

function checkMarkdown(r: CheckReport): string {
  const out = [`## Migration check: ${r.source_url} \u2192 ${r.destination_url}`, '', `Source: ${r.source}. Direct transfer on the destination: ${r.direct_transfer}. **${summary(r)}**`, ''];
  if (r.bulk_import_enabled === false) out.push(`To turn it on: ${DIRECT_TRANSFER_HINT}.`, '');
  for (const c of r.entities) {
    out.push(`### ${c.can_start ? '\u2705' : '\u274c'} ${c.kind} \`${c.source}\` \u2192 \`${c.destination}\``, '');
    for (const p of c.problems) out.push(`- ${p}`);
    if (c.problems.length) out.push('');
    if (c.will_move) out.push(`Will move: ${countsText(c.will_move)}.`, '');
    if (c.items.length > 1) {
      out.push('| | path | what |', '|---|---|---|');
      for (const i of c.items) out.push(`| ${i.kind} | \`${i.path}\` | ${countsText(i.counts)} |`);
      out.push('');
    }
  }
  return out.join('\n');
}

function checkRows(r: CheckReport) {
  const rows = r.entities.map((c) => ({
    kind: c.kind,
    source: c.source,
    destination: c.destination,
    can_start: c.can_start,
    problems: c.problems.join('; '),
    ...Object.fromEntries(TOTAL_KEYS.map((k) => [k.replace(' ', '_'), c.will_move ? n(c.will_move[k]) : ''])),
  }));
  return list(rows, ['kind', 'source', 'destination', 'can_start', 'problems', ...TOTAL_KEYS.map((k) => k.replace(' ', '_'))].map((key) => ({ key })));
}

export function checkResult(r: CheckReport): CommandResult {
  const result = document(r, { text: checkLines(r).join('\n'), markdown: checkMarkdown(r), rows: checkRows(r) });
  return { ...result, summary: summary(r), ...(r.can_start ? {} : { exitCode: 1 }) };
}

/** `migrate start` stops here when an entity cannot start: one line per reason, exit 1, nothing sent. */
export function refuseStart(r: CheckReport): never {
  const reasons = r.entities.filter((c) => !c.can_start).flatMap((c) => c.problems.map((p) => `${c.kind} ${c.source}: ${p}`));
  const hint = r.bulk_import_enabled === false ? `nothing was sent; ${DIRECT_TRANSFER_HINT}` : 'nothing was sent; fix the entities, or skip the check with --no-check';
  throw new CommandFailedError(`the migration cannot start: ${reasons.join('; ')}`, hint);
}

export async function checkCommand(ctx: Context, o: CheckOptions): Promise<CommandResult> {
  const g = await gatherGiven(ctx, o);
  const report = await runChecks(ctx, { url: g.sourceUrl, token: g.token, tls: g.sourceTls ?? {} }, g.entities);
  return checkResult(report);
}
