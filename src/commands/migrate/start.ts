// `migrate start`: from --entity flags, from a plan file, or (on a terminal, nothing given) from the
// wizard. Everything is checked before the one POST; the source token comes from stdin, from the
// environment variable a plan names, from FORGECTL_SOURCE_TOKEN, or from the wizard's hidden prompt.

import { startMigration, type StartRequest } from '../../api/bulk-imports.js';
import type { Context } from '../../context.js';
import { isLoopbackHost } from '../../core/http.js';
import { CancelledError, UsageError } from '../../core/errors.js';
import { none, object, type CommandResult } from '../../core/output.js';
import { parseDuration } from '../../core/parse.js';
import { gatherGiven, type Gathered } from './gather.js';
import { entityRequest } from './rules.js';
import { checkSourceFlags, wizardPreset, type SourceFlags } from './source-credentials.js';
import { DEFAULT_INTERVAL_MS, DEFAULT_TIMEOUT_MS, watchMigration } from './watch.js';
import { runWizard } from './wizard.js';

export { SOURCE_TOKEN_ENV } from './source-credentials.js';
export const MIN_INTERVAL_MS = 100;

export interface StartOptions extends SourceFlags {
  entity?: string[];
  /** commander's --no-projects: false when given. */
  projects: boolean;
  file?: string;
  watch?: boolean;
  interval?: string;
  watchTimeout?: string;
  /** commander's --no-check: false when given. */
  check?: boolean;
}

export function watchTimes(flagInterval: string | undefined, flagTimeout: string | undefined, names = { interval: '--interval', timeout: '--timeout' }) {
  const intervalMs = flagInterval === undefined ? DEFAULT_INTERVAL_MS : parseDuration(names.interval, flagInterval);
  if (intervalMs < MIN_INTERVAL_MS) throw new UsageError(`${names.interval} must be at least ${MIN_INTERVAL_MS}ms`);
  const timeoutMs = flagTimeout === undefined ? DEFAULT_TIMEOUT_MS : parseDuration(names.timeout, flagTimeout, 'min');
  if (timeoutMs <= 0) throw new UsageError(`${names.timeout} must be more than zero`);
  return { intervalMs, timeoutMs };
}

/** Everything the request needs, from flags, plan file or wizard; usage errors before any request. */
async function gather(ctx: Context, o: StartOptions): Promise<Gathered & { fromWizard: boolean; start: boolean }> {
  if (!o.file && !o.entity?.length) {
    checkSourceFlags(o);
    if (!ctx.interactive) {
      throw new UsageError('nothing to migrate: give --entity KIND:SOURCE_PATH=DEST_NAMESPACE[:SLUG] or -f PLAN.yaml', 'on a terminal, run without them for the wizard');
    }
    const preset = await wizardPreset(ctx, o);
    const answers = await runWizard(ctx, { sourceUrl: preset.url, token: preset.token, tls: preset.tls, sourceCaFile: o.sourceCaFile, noProjects: o.projects === false });
    return { ...answers, fromWizard: true };
  }
  return { ...(await gatherGiven(ctx, o)), fromWizard: false, start: true };
}

export function buildRequest(g: Pick<Gathered, 'sourceUrl' | 'token' | 'entities'>): StartRequest {
  return { configuration: { url: g.sourceUrl, access_token: g.token }, entities: g.entities.map(entityRequest) };
}

/** Started from the wizard: watching is offered; Ctrl-C at this question still says how to follow it. */
async function offerWatch(ctx: Context, resume: string): Promise<boolean> {
  try {
    return await ctx.prompt.confirm('Watch the migration now (live view)?', true);
  } catch (e) {
    if (e instanceof CancelledError) ctx.notice(`The migration goes on. Follow it with: ${resume}`);
    throw e;
  }
}

/** The destination sends the source token to the source URL: over plain http it would travel in clear. */
function checkSourceTransport(ctx: Context, sourceUrl: string): void {
  const u = new URL(sourceUrl);
  if (u.protocol === 'http:' && !isLoopbackHost(u.hostname) && !ctx.globals.allowInsecureHttp) {
    throw new UsageError(
      `the source ${u.origin} is plain http://: the source token would be sent in clear`,
      'use https://, or pass --allow-insecure-http if the network is trusted',
    );
  }
}

export async function startCommand(ctx: Context, o: StartOptions): Promise<CommandResult> {
  const times = watchTimes(o.interval, o.watchTimeout, { interval: '--interval', timeout: '--watch-timeout' });
  const g = await gather(ctx, o);
  if (!g.start) return none;
  checkSourceTransport(ctx, g.sourceUrl);
  const http = await ctx.http();
  // The wizard checked every answer as it was given; flags and plan files are checked here, reads only.
  const checks = () => import('./check.js');
  const report = g.fromWizard || o.check === false ? undefined : await (await checks()).runChecks(ctx, { url: g.sourceUrl, token: g.token, tls: g.sourceTls ?? {} }, g.entities, { count: ctx.globals.dryRun });
  if (report && !report.can_start && !ctx.globals.dryRun) (await checks()).refuseStart(report);
  // A 404 (direct transfer turned off) is explained by the command's `explain` (transfer-off.ts).
  const migration = await startMigration(http, buildRequest(g));
  if (!migration) {
    ctx.notice(`dry run: would start migrating ${g.entities.length} ${g.entities.length === 1 ? 'entity' : 'entities'} from ${g.sourceUrl}; nothing was sent`);
    return report ? (await checks()).checkResult(report) : none;
  }
  ctx.notice(`Started migration ${migration.id} (${g.entities.length} ${g.entities.length === 1 ? 'entity' : 'entities'} from ${g.sourceUrl}).`);
  const resume = `forgectl migrate watch ${migration.id}`;
  if (o.watch || (g.fromWizard && (await offerWatch(ctx, resume)))) {
    if (g.fromWizard) ctx.notice(`Watching (Ctrl-C stops watching, the migration goes on; watch again with: ${resume})`);
    return watchMigration(ctx, http, migration.id, times);
  }
  ctx.notice(`Follow it with: ${resume}`);
  return object(migration, { columns: [{ key: 'id' }, { key: 'status' }, { key: 'source_url' }, { key: 'created_at' }] });
}
