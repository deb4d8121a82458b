// `npm run bench`: forgectl side by side with plain Node references and, where installed, peer
// CLIs, against the sandbox, runs interleaved so load on the machine hits every case alike.
// Prints medians and ratios and writes them as JSON (bench/README.md explains how to read them).
// Nothing here asserts: speed is not tested, it is measured.
//
//   npm run bench [-- --rounds N] [-- --quick] [-- --json FILE] [-- --only startup,paging,memory,settings,state]
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BIN, cleanEnv, startSandboxProcess } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const PROBE = join(root, 'scripts', 'rss-probe.mjs');
const FETCH_ONE = join(root, 'bench', 'fetch-one.mjs');
const FETCH_ALL = join(root, 'bench', 'fetch-all.mjs');
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string' },
    quick: { type: 'boolean', default: false },
    json: { type: 'string', default: join(root, 'bench', 'results', 'latest.json') },
    only: { type: 'string' },
  },
});
const SECTIONS = ['startup', 'paging', 'memory', 'settings', 'state'];
const only = args.only?.split(',');
for (const name of only ?? []) if (!SECTIONS.includes(name)) throw new Error(`--only: sections are ${SECTIONS.join(', ')}`);
const want = (section) => !only || only.includes(section);
const ROUNDS = Number(args.rounds ?? (args.quick ? 5 : 15));
const PAGING_ROUNDS = Math.max(3, Math.ceil(ROUNDS / 2));
const MEMORY_ROUNDS = args.quick ? 1 : 3;
const configDir = mkdtempSync(join(tmpdir(), 'forgectl-bench-'));
const node = process.execPath;

/** One run: wall time, stdout line count, and (with the probe) peak RSS and CPU of the process. */
function runOnce(cmd, argv, env = {}, exitCode = 0) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(cmd, argv, { env: cleanEnv({ FORGECTL_CONFIG_DIR: configDir, ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (c) => {
      for (const b of c) if (b === 10) lines++;
    });
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== exitCode) return reject(new Error(`${[cmd, ...argv].join(' ')} exited ${code}: ${stderr.slice(0, 500)}`));
      const rss = /@@maxrss_kb=(\d+)/.exec(stderr);
      const cpu = /@@cpu_ms=(\d+)/.exec(stderr);
      resolve({ ms, lines, rssMb: rss ? Number(rss[1]) / 1024 : undefined, cpuMs: cpu ? Number(cpu[1]) : undefined });
    });
  });
}

const median = (xs) => {
  const s = xs.filter((x) => x !== undefined).sort((a, b) => a - b);
  if (!s.length) return undefined;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Runs every case once per round, in turn, so a busy moment slows all cases of that round alike. */
async function interleaved(cases, rounds) {
  for (const c of cases) await runOnce(c.cmd, c.argv, c.env, c.exitCode); // warm the file cache
  const samples = new Map(cases.map((c) => [c.id, []]));
  for (let r = 0; r < rounds; r++) {
    for (const c of cases) samples.get(c.id).push(await runOnce(c.cmd, c.argv, c.env, c.exitCode));
  }
  const out = {};
  for (const c of cases) {
    const s = samples.get(c.id);
    out[c.id] = {
      label: c.label,
      runs: s.length,
      ms: median(s.map((x) => x.ms)),
      minMs: Math.min(...s.map((x) => x.ms)),
      cpuMs: median(s.map((x) => x.cpuMs)),
      rssMb: median(s.map((x) => x.rssMb)),
      lines: s[s.length - 1].lines,
    };
  }
  return out;
}

function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

// Peer CLIs, only where installed: python-gitlab (Debian package python3-gitlab) and the gitbeaker
// CLI (FORGECTL_BENCH_GITBEAKER=path to its bin, e.g. from `npm install @gitbeaker/cli` elsewhere).
function peers(url, token) {
  const out = [];
  // Debian's python3-gitlab ships the module without the `gitlab` script: run it as `python3 -m gitlab`.
  const script = which('gitlab');
  const module = !script && spawnSync('/usr/bin/python3', ['-c', 'import gitlab'], { stdio: 'ignore' }).status === 0;
  const gitlab = script ? [script, []] : module ? ['/usr/bin/python3', ['-m', 'gitlab']] : undefined;
  if (gitlab) {
    const base = [...gitlab[1], '--server-url', url, '--private-token', token];
    out.push({ name: 'python-gitlab', one: [gitlab[0], [...base, '-o', 'json', 'project', 'list', '--per-page', '1']], help: [gitlab[0], [...gitlab[1], '--help']] });
  }
  const gitbeaker = process.env.FORGECTL_BENCH_GITBEAKER;
  if (gitbeaker) {
    const env = { GITBEAKER_HOST: url, GITBEAKER_TOKEN: token };
    out.push({ name: 'gitbeaker', one: [gitbeaker, ['projects', 'all', '--gb-per-page=1', '--gb-max-pages=1'], env], help: [gitbeaker, ['--help'], env] });
  }
  return out;
}

const results = { machine: machine(), node: process.version, rounds: ROUNDS, date: new Date().toISOString(), cases: {} };
const rows = [];
const ratio = (a, b) => (a !== undefined && b ? a / b : undefined);
function row(what, r, ref, target) {
  rows.push({ what, ms: r.ms, cpuMs: r.cpuMs, rssMb: r.rssMb, ratio: ref ? ratio(r.ms, ref.ms) : undefined, vs: ref?.label, target });
}

// 1. Start-up, help and one request, against a sandbox with 5,000 projects.
if (want('startup')) {
  const sb = await startSandboxProcess(['--seed', 'empty', '--extra-projects', '5000']);
  const env = { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin };
  const cases = [
    { id: 'node', label: 'node -e 0', cmd: node, argv: ['-e', '0'] },
    { id: 'version', label: 'forgectl --version', cmd: node, argv: [BIN, '--version'] },
    { id: 'help', label: 'forgectl --help', cmd: node, argv: [BIN, '--help'] },
    { id: 'groupHelp', label: 'forgectl projects --help', cmd: node, argv: [BIN, 'projects', '--help'] },
    { id: 'fetchOne', label: 'bare fetch script, 1 request', cmd: node, argv: [FETCH_ONE], env },
    { id: 'one', label: 'forgectl projects list --per-page 1 -o json', cmd: node, argv: [BIN, 'projects', 'list', '--per-page', '1', '-o', 'json'], env },
  ];
  for (const p of peers(sb.url, sb.tokens.admin)) {
    cases.push({ id: `${p.name}:one`, label: `${p.name}: list 1 project`, cmd: p.one[0], argv: p.one[1], env: { ...env, ...p.one[2] } });
    cases.push({ id: `${p.name}:help`, label: `${p.name} --help`, cmd: p.help[0], argv: p.help[1], env: p.help[2] });
  }
  const r = await interleaved(cases, ROUNDS);
  await sb.stop();
  Object.assign(results.cases, r);
  row(r.node.label, r.node);
  row(r.version.label, r.version, r.node, 1.3);
  row(r.help.label, r.help, r.node, 2);
  row(r.groupHelp.label, r.groupHelp, r.node, 2);
  for (const [id, c] of Object.entries(r)) if (id.endsWith(':help')) row(c.label, c, r.node);
  row(r.fetchOne.label, r.fetchOne);
  row(r.one.label, r.one, r.fetchOne, 1.5);
  for (const [id, c] of Object.entries(r)) if (id.endsWith(':one')) row(c.label, c, r.fetchOne);
}

// 2. --all of 5,000 projects at 25 ms latency: forgectl against the 8-way fetch script.
if (want('paging')) {
  const sb = await startSandboxProcess(['--seed', 'empty', '--extra-projects', '5000', '--latency', '25']);
  const env = { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin };
  const cases = [
    { id: 'fetchAll5k', label: '8-way fetch script, 5,000 projects, 25 ms latency', cmd: node, argv: ['--import', PROBE, FETCH_ALL], env },
    { id: 'all5k', label: 'forgectl projects list --all -o ndjson, 5,000, 25 ms', cmd: node, argv: ['--import', PROBE, BIN, 'projects', 'list', '--all', '-o', 'ndjson'], env },
  ];
  const r = await interleaved(cases, PAGING_ROUNDS);
  await sb.stop();
  Object.assign(results.cases, r);
  row(r.fetchAll5k.label, r.fetchAll5k);
  row(r.all5k.label, r.all5k, r.fetchAll5k, 1.5);
}

// 3. Peak memory of ndjson: 50,000 projects against the 8-way script, and 5,000 to show it is flat.
for (const n of want('memory') ? [5000, 50000] : []) {
  const sb = await startSandboxProcess(['--seed', 'empty', '--extra-projects', String(n)]);
  const env = { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin };
  const k = `${n / 1000}k`;
  const cases = [
    { id: `fetchAll${k}:mem`, label: `8-way fetch script, ${n.toLocaleString('en')} projects, 0 ms`, cmd: node, argv: ['--import', PROBE, FETCH_ALL], env },
    { id: `all${k}:mem`, label: `forgectl --all -o ndjson, ${n.toLocaleString('en')} projects, 0 ms`, cmd: node, argv: ['--import', PROBE, BIN, 'projects', 'list', '--all', '-o', 'ndjson'], env },
  ];
  const r = await interleaved(cases, MEMORY_ROUNDS);
  await sb.stop();
  Object.assign(results.cases, r);
  const [ref, ours] = Object.values(r);
  row(ref.label, ref);
  row(ours.label, ours, ref, 1.5);
  rows[rows.length - 1].rssRatio = ratio(ours.rssMb, ref.rssMb);
}

// 4. `settings diff -f` of 10,000 and 50,000 settings the instance does not report (exit 1: all
// differ): the time should grow with the file, not with its square.
if (want('settings')) {
  const sb = await startSandboxProcess(['--seed', 'empty']);
  const env = { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin };
  const cases = [10_000, 50_000].map((n) => {
    const file = join(configDir, `settings-${n}.yaml`);
    writeFileSync(file, Array.from({ length: n }, (_, i) => `custom_setting_${i}: ${i}\n`).join(''));
    return { id: `settingsDiff${n / 1000}k`, label: `forgectl settings diff -f, ${n.toLocaleString('en')} keys`, cmd: node, argv: [BIN, 'settings', 'diff', '-f', file], env, exitCode: 1 };
  });
  const r = await interleaved(cases, PAGING_ROUNDS);
  await sb.stop();
  Object.assign(results.cases, r);
  row(r.settingsDiff10k.label, r.settingsDiff10k);
  row(r.settingsDiff50k.label, r.settingsDiff50k, r.settingsDiff10k, 5);
}

// 5. `state plan` of the instance sections (no groups) at 25 ms latency: its reads go out together,
// so it should take no longer than three separate one-request runs (start-up included) would.
if (want('state')) {
  const sb = await startSandboxProcess(['--seed', 'random:1', '--latency', '25']);
  const env = { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin };
  const file = join(configDir, 'instance.yaml');
  const sections = 'settings,plan_limits,system_hooks,broadcast_messages,notification_settings';
  const exported = spawnSync(node, [BIN, 'state', 'export', '--only', sections], { env: cleanEnv({ FORGECTL_CONFIG_DIR: configDir, ...env }), encoding: 'utf8' });
  if (exported.status !== 0) throw new Error(`state export exited ${exported.status}: ${exported.stderr.slice(0, 500)}`);
  writeFileSync(file, exported.stdout);
  const cases = [
    { id: 'apiVersion25', label: 'forgectl api /version, 25 ms latency', cmd: node, argv: [BIN, 'api', '/version'], env },
    { id: 'statePlan25', label: 'forgectl state plan, instance sections, 25 ms', cmd: node, argv: [BIN, 'state', 'plan', '-f', file], env },
  ];
  const r = await interleaved(cases, PAGING_ROUNDS);
  const rtt = await bareRoundTrip(sb, PAGING_ROUNDS);
  await sb.stop();
  Object.assign(results.cases, r);
  results.cases.bareRoundTrip25 = { label: 'bare fetch round trip, 25 ms latency', ms: rtt };
  row(r.apiVersion25.label, r.apiVersion25);
  row(r.statePlan25.label, r.statePlan25, { ms: 3 * r.apiVersion25.ms, label: '3 × forgectl api /version' }, 1);
  results.statePlanRoundTrips = (r.statePlan25.ms - r.apiVersion25.ms) / rtt + 1;
}

results.rows = rows;
mkdirSync(dirname(args.json), { recursive: true });
writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);

const fmt = (n, d = 0) => (n === undefined ? '' : n.toFixed(d));
const table = [['case', 'median ms', 'cpu ms', 'peak MB', 'ratio', 'target', 'against']];
for (const r of rows) {
  table.push([r.what, fmt(r.ms), fmt(r.cpuMs), fmt(r.rssMb, 1), r.ratio ? `${fmt(r.ratio, 2)}x` : '', r.target ? `≤ ${r.target}x` : '', r.vs ?? '']);
}
const widths = table[0].map((_, i) => Math.max(...table.map((t) => t[i].length)));
console.log(`\n${results.machine}, Node ${process.version}, ${ROUNDS} rounds (paging ${PAGING_ROUNDS}, memory ${MEMORY_ROUNDS}), medians`);
for (const t of table) console.log(t.map((c, i) => (i === 0 || i === 6 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd());
const mem = rows.filter((r) => r.rssRatio !== undefined).pop();
if (mem) console.log(`\npeak memory, 50,000 projects: ${fmt(mem.rssRatio, 2)}x the 8-way script`);
if (results.statePlanRoundTrips !== undefined) console.log(`state plan, instance sections: about ${fmt(results.statePlanRoundTrips, 1)} round trips of ${fmt(results.cases.bareRoundTrip25.ms)} ms (its time over one request's, in bare round trips, plus that one)`);
console.log(`\nwrote ${args.json}`);

/** Median of sequential `GET /version` round trips from this process (keep-alive): the latency a read costs. */
async function bareRoundTrip(sb, rounds) {
  const times = [];
  for (let i = 0; i < rounds + 1; i++) {
    const started = process.hrtime.bigint();
    const res = await fetch(`${sb.url}/api/v4/version`, { headers: { 'PRIVATE-TOKEN': sb.tokens.admin } });
    await res.arrayBuffer();
    if (i > 0) times.push(Number(process.hrtime.bigint() - started) / 1e6); // the first opens the connection
  }
  return median(times);
}

function machine() {
  const c = cpus();
  return `${c.length} × ${c[0]?.model.trim() ?? 'unknown CPU'}`;
}
