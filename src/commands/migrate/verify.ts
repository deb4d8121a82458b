// `migrate verify ID`: did everything arrive? For every entity of a migration, the source and the
// destination side by side: the group or project present, and per group or project what direct
// transfer moves (api/migration-content.ts), item by item: equal counts prove nothing when one item is
// missing and another came in its place. Each relation is listed on both sides by its Link headers (a
// list that fits one page of 100 is one request, as its count would be); what is on one side only is
// named. Entities are compared in parallel, at most 8 requests in flight per instance, every page
// included (fewer when the server throttles).

import { getMigration, listEntities, listFailures, mayHaveFailures, type BulkImportEntity, type EntityFailure } from '../../api/bulk-imports.js';
import { GROUP_RELATIONS, identityOf, PROJECT_RELATIONS, type Relation } from '../../api/migration-content.js';
import { listed, side, type Side } from './counting.js';
import type { Context } from '../../context.js';
import { ApiError, CommandFailedError, ExitCode } from '../../core/errors.js';
import { document, list, type CommandResult } from '../../core/output.js';
import { collect } from '../../core/paginate.js';
import { parseInteger } from '../../core/parse.js';
import { originOf } from '../../core/profiles.js';
import { checkSourceFlags, resolveSource, sourceClient, type SourceFlags } from './source-credentials.js';
import { destinationOf } from './watch.js';

export interface VerifyOptions extends SourceFlags {
  exitCode?: boolean;
}

export type RowStatus = 'ok' | 'differs' | 'not compared';

/** An item named in a report: iid, tag or slug, and its title. */
export interface MissingItem {
  key: string;
  title: string;
}

export interface RelationRow {
  relation: string;
  source: number | null;
  destination: number | null;
  status: RowStatus;
  /** On the source, not on the destination. */
  missing: MissingItem[];
  /** On the destination, not on the source (an item that came in another's place). */
  unexpected: MissingItem[];
  note?: string;
}

export interface EntityReport {
  id: number;
  entity_type: string;
  status: string;
  source_full_path: string;
  destination_full_path: string;
  present: boolean;
  complete: boolean;
  relations: RelationRow[];
  failures: EntityFailure[];
}

export interface VerifyReport {
  migration: number;
  source_url: string;
  destination_url: string;
  complete: boolean;
  entities: EntityReport[];
}

const PREFIX: Record<string, string> = { 'merge_requests': '!', epics: '&' };

export function itemText(relation: string, m: MissingItem): string {
  const sigil = PREFIX[relation.split(' ')[0]] ?? '';
  return sigil ? `${sigil}${m.key} ${m.title}` : m.title && m.title !== m.key ? `${m.key} (${m.title})` : m.key;
}

/** Items of `a` not in `b`, by identity, each as often as `a` holds it more than `b`. */
function onlyIn(r: Relation, a: Record<string, unknown>[], b: Record<string, unknown>[]): MissingItem[] {
  const there = new Map<string, number>();
  for (const i of b) there.set(identityOf(r, i), (there.get(identityOf(r, i)) ?? 0) + 1);
  const out: MissingItem[] = [];
  for (const i of a) {
    const n = there.get(identityOf(r, i)) ?? 0;
    if (n > 0) there.set(identityOf(r, i), n - 1);
    else out.push({ key: r.key(i), title: r.title(i) });
  }
  return out;
}

const NOT_ON_SOURCE = 'not found on the source';
const NOT_ON_SOURCE_LIST = 'not available on the source';

async function compareRelation(src: Side, dest: Side, r: Relation, sourcePath: string, destPath: string): Promise<RelationRow & { absent: boolean }> {
  const [s, d] = await Promise.all([listed(src, r, sourcePath), listed(dest, r, destPath)]);
  const size = (l: typeof s) => (Array.isArray(l) ? l.length : null);
  // Keys in the report's order (relation, counts, status, note, items), as bench/fetch-verify.mjs writes it.
  const row = (status: RelationRow['status'], note?: string, missing: MissingItem[] = [], unexpected: MissingItem[] = []) => ({
    relation: r.name,
    source: size(s),
    destination: size(d),
    status,
    ...(note === undefined ? {} : { note }),
    missing,
    unexpected,
    absent: d === 'absent',
  });
  if (s === 'absent') return row('not compared', NOT_ON_SOURCE);
  if (d === 'absent') return row('differs', 'not found on the destination');
  // Items the source has that the destination will not show are not known to have arrived.
  if (d === 'unavailable' && Array.isArray(s) && s.length) return row('differs', `not available on the destination (${s.length} on the source)`);
  if (s === 'unavailable' || d === 'unavailable') return row('not compared', s === 'unavailable' ? NOT_ON_SOURCE_LIST : 'not available on the destination');
  const missing = onlyIn(r, s, d);
  const unexpected = onlyIn(r, d, s);
  return row(missing.length || unexpected.length ? 'differs' : 'ok', undefined, missing, unexpected);
}

/**
 * A project list the source refuses (403) is no proof it had nothing, unless the source project has
 * that feature disabled (merge_requests_access_level: disabled): then nothing was there to move, and
 * the row is ok where the destination has none. One GET of the project, only when a list was refused.
 */
async function whereDisabled<R extends RelationRow>(src: Side, e: BulkImportEntity, rows: R[]): Promise<R[]> {
  const refused = rows.filter((r) => r.status === 'not compared' && r.note === NOT_ON_SOURCE_LIST);
  if (e.entity_type !== 'project' || !refused.length) return rows;
  let project: Record<string, unknown>;
  try {
    project = (await src.http.request<Record<string, unknown>>({ method: 'GET', path: `/projects/${encodeURIComponent(e.source_full_path)}` })).data ?? {};
  } catch {
    return rows;
  }
  const disabled = (r: R) => project[`${r.relation.split(' ')[0]}_access_level`] === 'disabled';
  return rows.map((r) => (refused.includes(r) && disabled(r) && r.destination === 0 ? { ...r, status: 'ok' as const, note: 'disabled on the source' } : r));
}

async function verifyEntity(src: Side, dest: Side, e: BulkImportEntity): Promise<EntityReport> {
  const destPath = destinationOf(e);
  const isGroup = e.entity_type === 'group';
  const relations = isGroup ? GROUP_RELATIONS.filter((r) => r.name !== 'projects' || e.migrate_projects !== false) : PROJECT_RELATIONS;
  const rows = await whereDisabled(src, e, await Promise.all(relations.map((r) => compareRelation(src, dest, r, e.source_full_path, destPath))));
  const present = !rows.every((r) => r.absent);
  // Nothing of it on the source (a token that cannot see it gets 404 too): nothing was compared, no proof.
  const onSource = !rows.every((r) => r.note === NOT_ON_SOURCE);
  const failures = mayHaveFailures(e) ? await collect(listFailures(dest.http, e.bulk_import_id, e.id, { all: true, perPage: 100 })) : [];
  return {
    id: e.id,
    entity_type: e.entity_type ?? '',
    status: e.status,
    source_full_path: e.source_full_path,
    destination_full_path: destPath,
    present,
    // A list the source would not show (403, or 404 beside lists it did show) proves nothing arrived;
    // one the destination will not show is fine only where the source has none.
    complete: present && onSource && rows.every((r) => r.status === 'ok' || (r.status === 'not compared' && r.source === 0)),
    relations: present ? rows.map(({ absent: _, ...r }) => r) : [],
    failures,
  };
}

function countText(n: number | null): string {
  return n === null ? '-' : String(n);
}

function failureText(f: EntityFailure): string {
  const item = f.source_title ? ` (${f.source_title})` : '';
  return `${f.relation ?? 'failure'}: ${[f.exception_class, f.exception_message].filter(Boolean).join(': ')}${item}`;
}

function reportLines(r: VerifyReport): string[] {
  const lines = [`Migration ${r.migration}: ${r.source_url} \u2192 ${r.destination_url}, ${r.entities.length} ${r.entities.length === 1 ? 'entity' : 'entities'}`];
  for (const e of r.entities) {
    const mark = e.complete ? 'ok' : !e.present ? 'MISSING' : uncompared(e) ? 'PARTIAL' : 'DIFFERS';
    lines.push(`${mark.padEnd(7)} ${e.entity_type} ${e.source_full_path} \u2192 ${e.destination_full_path} (${e.status})`);
    if (!e.present) lines.push('    not found on the destination');
    const width = Math.max(0, ...e.relations.map((x) => x.relation.length));
    for (const x of e.relations) {
      const tail = x.note ? `  ${x.note}` : itemsTail(x);
      lines.push(`    ${x.relation.padEnd(width)}  ${countText(x.source).padStart(5)} \u2192 ${countText(x.destination).padEnd(5)} ${x.status}${tail}`);
    }
    for (const f of e.failures) lines.push(`    failure  ${failureText(f)}`);
  }
  lines.push(summary(r));
  return lines;
}

/** `missing: !2 Title; unexpected: !9 Title`, each part only when it names something. */
function itemsTail(x: RelationRow): string {
  const parts = [itemsPart('missing', x.relation, x.missing), itemsPart('unexpected', x.relation, x.unexpected)].filter(Boolean);
  return parts.length ? `  ${parts.join('  ')}` : '';
}

const itemsPart = (label: string, relation: string, list: MissingItem[]) => (list.length ? `${label}: ${list.map((m) => itemText(relation, m)).join('; ')}` : '');

/** Present, nothing found to differ, but a list could not be compared: not proof that it arrived. */
const uncompared = (e: EntityReport) => !e.complete && e.present && !e.relations.some((x) => x.status === 'differs') && !e.relations.every((x) => x.note === NOT_ON_SOURCE);

function summary(r: VerifyReport): string {
  const bad = r.entities.filter((e) => !e.complete);
  if (!bad.length) return 'Everything arrived.';
  const partial = bad.filter(uncompared).length;
  const of = `of ${r.entities.length} ${r.entities.length === 1 ? 'entity' : 'entities'}`;
  const unchecked = `could not be compared in full (a list not available on the source): not proof that everything arrived`;
  if (partial === bad.length) return `Nothing found missing, but ${partial} ${of} ${unchecked}.`;
  const differ = bad.length - partial;
  const missing = bad.filter((e) => !e.present).length;
  const unseen = bad.filter((e) => e.relations.length && e.relations.every((x) => x.note === NOT_ON_SOURCE)).length;
  const why = [missing && `${missing} missing on the destination`, unseen && `${unseen} not found on the source`].filter(Boolean).join(', ');
  const more = partial ? `; ${partial} more ${unchecked}` : '';
  return `${differ} ${of} ${differ === 1 ? 'differs' : 'differ'}${why ? ` (${why})` : ''}${more}.`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** In an issue, `!7` would link to merge request 7 of the issue's own project: items are kept as code. */
const mdItem = (relation: string, m: MissingItem) => {
  const t = itemText(relation, m);
  const space = t.indexOf(' ');
  return space < 0 ? `\`${t}\`` : `\`${t.slice(0, space)}\` ${t.slice(space + 1)}`;
};

function entityHeading(e: EntityReport): string {
  return `${e.entity_type} \`${e.source_full_path}\` \u2192 \`${e.destination_full_path}\` (${e.status})`;
}

function reportMarkdown(r: VerifyReport): string {
  const out = [`## Migration ${r.migration}: verification`, '', `Source ${r.source_url}, destination ${r.destination_url}. **${summary(r)}**`, ''];
  // What differs first, in full; what arrived whole after, one line each, folded.
  for (const e of r.entities.filter((x) => !x.complete)) {
    out.push(`### \u274c ${entityHeading(e)}`, '');
    if (!e.present) out.push('Not found on the destination.', '');
    if (e.relations.length) {
      out.push('| | source | destination | status | missing | unexpected |', '|---|---:|---:|---|---|---|');
      for (const x of e.relations) {
        // A note says why of the status (as in the text view), not an item in `missing`.
        const status = x.note ? `${x.status}: ${x.note}` : x.status;
        const missing = x.missing.map((m) => mdItem(x.relation, m)).join('<br>');
        const unexpected = x.unexpected.map((m) => mdItem(x.relation, m)).join('<br>');
        out.push(`| ${x.relation} | ${countText(x.source)} | ${countText(x.destination)} | ${cell(status)} | ${cell(missing)} | ${cell(unexpected)} |`);
      }
      out.push('');
    }
    if (e.failures.length) {
      out.push('Failure records:', '');
      for (const f of e.failures) out.push(`- ${cell(failureText(f))}`);
      out.push('');
    }
  }
  const whole = r.entities.filter((x) => x.complete);
  if (whole.length) {
    out.push(`<details><summary>\u2705 ${whole.length} ${whole.length === 1 ? 'entity' : 'entities'} arrived whole</summary>`, '', '| entity | counts (source = destination) |', '|---|---|');
    for (const e of whole) {
      const counts = e.relations.map((x) => `${x.relation} ${countText(x.source)}${x.status === 'not compared' ? ' (not compared)' : ''}`).join(', ');
      out.push(`| ${entityHeading(e)} | ${cell(counts)} |`);
    }
    out.push('', '</details>', '');
  }
  return out.join('\n');
}

function reportRows(r: VerifyReport) {
  const rows = r.entities.flatMap((e) => {
    const base = { entity_id: e.id, entity_type: e.entity_type, source: e.source_full_path, destination: e.destination_full_path };
    const failures = e.failures.map(failureText).join('; ');
    if (!e.present) return [{ ...base, relation: 'present', source_count: '', destination_count: '', status: 'differs', note: 'not found on the destination', missing: '', unexpected: '', failures }];
    return e.relations.map((x) => ({
      ...base,
      relation: x.relation,
      // An unknown count is an empty cell, as on the `present` row: '-' left the spreadsheet guard's "'-".
      source_count: x.source === null ? '' : String(x.source),
      destination_count: x.destination === null ? '' : String(x.destination),
      status: x.status,
      // A note is why a row was not compared (or passed): in `missing` it would read as an item that did not come.
      note: x.note ?? '',
      missing: x.missing.map((m) => itemText(x.relation, m)).join('; '),
      unexpected: x.unexpected.map((m) => itemText(x.relation, m)).join('; '),
      failures,
    }));
  });
  return list(
    rows,
    ['entity_id', 'entity_type', 'source', 'destination', 'relation', 'source_count', 'destination_count', 'status', 'note', 'missing', 'unexpected', 'failures'].map((key) => ({ key })),
  );
}

/** A 401 of the source read as the destination's ('check it with forgectl token self') sends the user to the wrong token. */
function sourceRefused(e: unknown, sourceUrl: string): unknown {
  if (!(e instanceof ApiError) || e.status !== 401 || originOf(e.url) !== originOf(sourceUrl)) return e;
  return new CommandFailedError(
    `${sourceUrl} refused the source token (401): it is mistyped, revoked or expired; nothing was compared`,
    'give a valid token of the source instance (--source-token-env, --source-token-stdin or --source-profile)',
    ExitCode.auth,
  );
}

export async function verifyCommand(ctx: Context, o: VerifyOptions, rawId: string): Promise<CommandResult> {
  const id = parseInteger('migration id', rawId, { min: 1 });
  checkSourceFlags(o);
  const destHttp = await ctx.http();
  let recorded: string | undefined;
  const creds = await resolveSource(ctx, o, async () => o.sourceUrl ?? (recorded = (await getMigration(destHttp, id)).source_url));
  recorded ??= (await getMigration(destHttp, id)).source_url;
  // A profile (or URL) of another instance than the one the migration read would compare the wrong source.
  if (recorded && originOf(recorded) !== originOf(creds.url)) ctx.warn(`migration ${id} read from ${recorded}; comparing with ${creds.url} instead`);
  const src = side(sourceClient(ctx, creds));
  const dest = side(destHttp);
  const entities = await collect(listEntities(destHttp, id, { sort: 'asc' }, { all: true, perPage: 100 }));
  // A migration always has an entity: an empty list proves nothing arrived, so it is never "complete".
  if (!entities.length) throw new CommandFailedError(`migration ${id} on ${destHttp.baseUrl} lists no entities: nothing to verify`, `see what the instance says of it: forgectl migrate entities ${id}`);
  const reports = await Promise.all(entities.map((e) => verifyEntity(src, dest, e))).catch((e: unknown) => {
    throw sourceRefused(e, creds.url);
  });
  const report: VerifyReport = {
    migration: id,
    source_url: creds.url,
    destination_url: destHttp.baseUrl,
    complete: reports.every((e) => e.complete),
    entities: reports,
  };
  const result = document(report, { text: reportLines(report).join('\n'), markdown: reportMarkdown(report), rows: reportRows(report) });
  const differing = reports.filter((e) => !e.complete).length;
  return { ...result, summary: differing ? `${differing} differ` : 'complete', ...(o.exitCode && differing ? { exitCode: ExitCode.differs } : {}) };
}
