// `forgectl sandbox`: runs the local API simulator (src/sandbox) until Ctrl-C or SIGTERM. The
// simulator is imported only when this command runs, so other commands never load it.

import type { Command } from 'commander';
import { defineCommand, type Registry } from '../core/command.js';
import { UsageError } from '../core/errors.js';
import { list, none, object, text, type CommandResult } from '../core/output.js';
import { isLoopbackHost } from '../core/http.js';
import { parseInteger, parseNumber } from '../core/parse.js';
import type { Context } from '../context.js';

export interface SandboxCommandOptions {
  port?: string;
  host?: string;
  seed?: string;
  latency?: string;
  fault?: string;
  extraProjects?: string;
  extraTokens?: string;
  extraTokenOwners?: string;
  clockSpeed?: string;
  settingNames?: string;
}

const SEEDS = ['demo', 'empty'] as const;

export function registerSandbox(program: Command, reg: Registry): void {
  defineCommand(program, reg, {
    name: 'sandbox',
    scope: 'local',
    // A server: -o json prints its URL and tokens as one line; nothing here reaches an instance.
    globals: { instance: false, fields: false },
    summary: 'Run a local simulator of the API, for trying commands and testing scripts offline',
    description:
      'Starts an in-memory instance on HOST:PORT (default 127.0.0.1 and a free port), prints its URL and the ' +
      'secrets of its seeded tokens, and answers like a real instance until Ctrl-C or SIGTERM. Seed `demo` has ' +
      'an administrator (token `admin`), users, groups, 60+ projects and tokens of every state; `empty` only the ' +
      'administrator; `random:N` is the demo with the settings, plan limits, system hooks, broadcast messages, ' +
      'notification settings and group protected environments filled at random from the number N (the same ' +
      'instance for the same N; `random` alone picks N and prints it). --fault makes the next API requests fail, e.g. `503:2,429:1,reset:1`. With -o json the URL ' +
      'and tokens are one JSON line, for scripts. Administrators can read the request log at /-/sandbox/requests ' +
      'and queue faults with POST /-/sandbox/faults {"spec":"503:2"}. ' +
      'The alert integrations of the seed (URL and key) are printed too; GET /-/sandbox/alerts (sandbox-only, ' +
      'administrators) lists the alerts they received. As the destination of a migration it copies what direct ' +
      'transfer copies (projects, merge requests, epics, group wiki pages, releases); PUT /-/sandbox/bulk_imports/drop ' +
      '{"relation":"merge_requests","every":3} (administrators; relations merge_requests, releases, epics, wiki) ' +
      'leaves every third item out of the migrations started afterwards, with a failure record each, for ' +
      '`migrate verify` to find ("every":0 ends it); PUT /-/sandbox/bulk_imports/swap takes the same body and imports every Nth ' +
      'item under another identity, without a failure record. Direct transfer is on in the demo seed (bulk_import_enabled); ' +
      'off in the empty seed, as on a new instance, where /bulk_imports answers 404 until it is turned on. ' +
      'Ids, names and dates are the same on every run of a seed; ' +
      'every secret (tokens, runner tokens, alert keys) is new at each start, so read them from what it prints. ' +
      'A --host reachable from other machines (0.0.0.0) is warned about.',
    examples: [
      'forgectl sandbox',
      '# in a script: start it in the background and read its URL and admin token',
      'forgectl sandbox --port 0 -o json > sandbox.json & sleep 1; FORGECTL_URL=$(jq -r .url sandbox.json) FORGECTL_TOKEN=$(jq -r .tokens.admin sandbox.json) forgectl projects list',
      '# retries: the first two API requests answer 503',
      'forgectl sandbox --fault 503:2 --latency 50',
      '# page 3 of the hooks list is always cut mid-body',
      "forgectl sandbox --fault 'reset-body:forever@GET:/hooks?page=3'",
      'forgectl sandbox --seed empty --extra-projects 50000',
      '# a token audit at scale: 20,000 tokens of 2,000 users',
      'forgectl sandbox --seed empty --extra-tokens 20000 --extra-token-owners 2000',
      '# random instance configuration, replayable with the number it prints',
      'forgectl sandbox --seed random',
      '# a server written from the spec: settings reported as spam_service_enabled, ai_features_enabled…',
      'forgectl sandbox --setting-names spec',
    ],
    options: (c) =>
      c
        .option('--port <n>', 'port to listen on; 0 picks a free one (default: 0)')
        .option('--host <host>', 'address to listen on (default: 127.0.0.1)')
        .option('--seed <seed>', 'initial data: demo, empty, duplicates (demo with two hooks on one URL and two broadcasts with one message), or random[:N] (default: demo)')
        .option('--latency <ms>', 'delay added before every answer, in milliseconds')
        .option(
          '--fault <spec>',
          'failures for API requests: KIND:COUNT[@[METHOD:]PATH[?QUERY]],… (COUNT a number or forever); KIND 401, 403, 404, 500, 502, 503, 504, 429, ' +
            '429-date, refused, reset, reset-body, short-body, not-json, html, html-500, html-502, html-503, hang, hang-body, empty-body, no-content, short-page, ' +
            'shifted-page (a page after the first begins with the item the page before ended with), wrong-object (GET …/ID answers the object of id 1), other-shape (a 200 of JSON that is not the API object) or ' +
            'ignore-key (a 200 for a write that acted without the keys named after #, e.g. ignore-key:1@PUT:/application/settings#signup_enabled)',
        )
        .option('--extra-projects <n>', 'add this many generated projects (for benchmarks)')
        .option('--extra-tokens <n>', 'add this many generated personal access tokens (for benchmarks)')
        .option('--extra-token-owners <n>', 'owned by this many generated users (default: 1)')
        .option('--clock-speed <x>', 'run the sandbox clock this many times faster than real time (default: 1)')
        .option('--setting-names <naming>', 'application settings named as the service names them (service: akismet_enabled) or as the spec does (spec: spam_service_enabled); default: service'),
    run: (ctx, opts) => runSandbox(ctx, opts),
  });
}

export async function runSandbox(ctx: Context, opts: SandboxCommandOptions): Promise<CommandResult> {
  const { seed, random, duplicates } = parseSeed(opts.seed ?? 'demo');
  const port = opts.port === undefined ? 0 : parseInteger('--port', opts.port, { min: 0, max: 65535 });
  const latencyMs = opts.latency === undefined ? 0 : parseInteger('--latency', opts.latency, { min: 0, max: 600_000 });
  const extraProjects = opts.extraProjects === undefined ? 0 : parseInteger('--extra-projects', opts.extraProjects, { min: 0, max: 1_000_000 });
  const extraTokens = opts.extraTokens === undefined ? 0 : parseInteger('--extra-tokens', opts.extraTokens, { min: 0, max: 1_000_000 });
  const extraTokenOwners = opts.extraTokenOwners === undefined ? undefined : parseInteger('--extra-token-owners', opts.extraTokenOwners, { min: 1, max: 100_000 });
  if (extraTokenOwners !== undefined && !extraTokens) throw new UsageError('--extra-token-owners applies with --extra-tokens');
  const clockSpeed = opts.clockSpeed === undefined ? 1 : parseNumber('--clock-speed', opts.clockSpeed);
  if (!(clockSpeed > 0)) throw new UsageError(`--clock-speed must be greater than 0, got ${opts.clockSpeed}`);
  const host = opts.host ?? '127.0.0.1';
  if (!host.trim()) throw new UsageError('--host needs an address');
  const settingNames = parseSettingNames(opts.settingNames);

  const reachableFromElsewhere = !isLoopbackHost(host);
  const { startSandbox, parseFaultSpec, alertIntegrationInfo } = await import('../sandbox/index.js');
  if (opts.fault !== undefined) {
    try {
      parseFaultSpec(opts.fault);
    } catch (e) {
      throw new UsageError(`--fault: ${(e as Error).message}`);
    }
  }

  if (reachableFromElsewhere) {
    ctx.warn(`listening on ${host}: anyone who can reach this port can use the sandbox's admin API with the tokens printed below; listen on 127.0.0.1 unless others must reach it`);
  }
  let sb;
  try {
    if (random !== undefined) ctx.notice(`Seed random:${random} (start with --seed random:${random} for the same instance)`);
    sb = await startSandbox({ port, host, seed, random, duplicates, latencyMs, faults: opts.fault, extraProjects, extraTokens, extraTokenOwners, clockSpeed, settingNames });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') throw new UsageError(`port ${port} on ${host} is already in use`, 'pick another with --port, or --port 0 for a free one');
    if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') throw new UsageError(`cannot listen on ${host}`);
    throw e;
  }

  try {
    await printInfo(ctx, sb.url, sb.tokens, alertIntegrationInfo(sb.state, sb.url));
    ctx.notice(`Sandbox listening at ${sb.url} (API at ${sb.url}/api/v4). Press Ctrl-C to stop.`);
    await untilStopped(ctx.abort.signal);
  } finally {
    await sb.close();
  }
  ctx.notice('Sandbox stopped.');
  return none;
}

const SETTING_NAMINGS = ['service', 'spec'] as const;

function parseSettingNames(raw: string | undefined): (typeof SETTING_NAMINGS)[number] | undefined {
  if (raw === undefined) return undefined;
  const n = SETTING_NAMINGS.find((x) => x === raw);
  if (!n) throw new UsageError(`--setting-names must be service or spec; got ${JSON.stringify(raw)}`);
  return n;
}

/** `demo`, `empty`, `random` (a number picked here) or `random:N` (the demo with N's random state resources). */
export function parseSeed(text: string): { seed: (typeof SEEDS)[number]; random?: number; duplicates?: boolean } {
  if ((SEEDS as readonly string[]).includes(text)) return { seed: text as (typeof SEEDS)[number] };
  if (text === 'duplicates') return { seed: 'demo', duplicates: true };
  if (text === 'random') return { seed: 'demo', random: Math.floor(Math.random() * 1_000_000) };
  const m = /^random:(\d{1,10})$/.exec(text);
  if (m && Number(m[1]) <= 0xffffffff) return { seed: 'demo', random: Number(m[1]) };
  throw new UsageError(`--seed must be demo, empty, duplicates, random or random:N (N from 0 to ${0xffffffff}); got ${JSON.stringify(text)}`);
}

/** An alert integration as printed at start: where to send alerts and with which key. */
interface AlertIntegrationLine {
  project: string;
  type: string;
  name: string;
  active: boolean;
  url: string;
  key: string;
}

async function printInfo(ctx: Context, url: string, tokens: Record<string, string>, alerts: AlertIntegrationLine[]): Promise<void> {
  const format = ctx.globals.output;
  if (format === 'json' || format === 'ndjson') {
    // One line, so a script can read it before the sandbox exits.
    ctx.stdout.write(`${JSON.stringify({ url, tokens, alerts })}\n`);
    return;
  }
  if (format === 'yaml') {
    await ctx.render(object({ url, tokens, alerts }));
    return;
  }
  await ctx.render(text(`URL: ${url}`));
  const rows = Object.entries(tokens).map(([name, secret]) => ({ name, token: secret }));
  await ctx.render(list(rows, [{ key: 'name' }, { key: 'token' }]));
  if (alerts.length) {
    await ctx.render(text('Alert integrations (send with `forgectl alerts send --url URL`, key in FORGECTL_ALERT_KEY):'));
    await ctx.render(list(alerts, [{ key: 'type' }, { key: 'active' }, { key: 'url' }, { key: 'key' }]));
  }
}

/** Resolves on Ctrl-C (the entry point aborts the context) or SIGTERM. */
function untilStopped(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      signal.removeEventListener('abort', done);
      process.off('SIGTERM', done);
      resolve();
    };
    signal.addEventListener('abort', done);
    process.on('SIGTERM', done);
  });
}
