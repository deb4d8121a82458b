// `npm run bench`: start-up time, --all paging speed and ndjson memory, measured against the
// sandbox with the real binary. Prints a table; nothing here asserts, the figures go in reports.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, cleanEnv, startSandboxProcess } from './lib.mjs';

const PROBE = fileURLToPath(new URL('./rss-probe.mjs', import.meta.url));
const configDir = mkdtempSync(join(tmpdir(), 'forgectl-bench-'));

function runOnce(args, env = {}, nodeArgs = []) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [...nodeArgs, ...args], { env: cleanEnv({ FORGECTL_CONFIG_DIR: configDir, ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (c) => {
      for (const b of c) if (b === 10) lines++;
    });
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}`));
      const rss = /@@maxrss_kb=(\d+)/.exec(stderr);
      resolve({ ms, lines, rssMb: rss ? Number(rss[1]) / 1024 : undefined });
    });
  });
}

async function timed(args, env, runs, nodeArgs) {
  await runOnce(args, env, nodeArgs); // warm the file cache
  const times = [];
  let last;
  for (let i = 0; i < runs; i++) {
    last = await runOnce(args, env, nodeArgs);
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], min: times[0], lines: last.lines };
}

const rows = [];
const fmt = (n, unit) => `${n.toFixed(unit === 'MB' ? 1 : 0)} ${unit}`;

// 1. Start-up
const nodeBase = await timed(['-e', '0'], {}, 20);
const version = await timed([BIN, '--version'], {}, 20);
const help = await timed([BIN, '--help'], {}, 10);
rows.push(['start-up: node -e 0', fmt(nodeBase.median, 'ms'), '']);
rows.push(['start-up: forgectl --version', fmt(version.median, 'ms'), `${(version.median / nodeBase.median).toFixed(2)}x node`]);
rows.push(['start-up: forgectl --help (whole command tree)', fmt(help.median, 'ms'), `${(help.median / nodeBase.median).toFixed(2)}x node`]);

// 2. --all of 5,000 projects at 25 ms latency: concurrent pages vs page by page
{
  const sb = await startSandboxProcess(['--seed', 'empty', '--extra-projects', '5000', '--latency', '25']);
  const env = { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin };
  const args = [BIN, 'projects', 'list', '--all', '-o', 'ndjson'];
  const concurrent = await timed(args, env, 5);
  const sequential = await timed(args, { ...env, FORGECTL_PAGE_CONCURRENCY: '1' }, 5);
  await sb.stop();
  rows.push([`projects list --all, ${concurrent.lines} projects, 25 ms latency, page by page`, fmt(sequential.median, 'ms'), '']);
  rows.push([`projects list --all, ${concurrent.lines} projects, 25 ms latency, 4 pages at a time`, fmt(concurrent.median, 'ms'), `${(sequential.median / concurrent.median).toFixed(2)}x faster`]);
}

// 3. Peak memory of -o ndjson: does it grow with the number of projects?
for (const n of [5000, 50000]) {
  const sb = await startSandboxProcess(['--seed', 'empty', '--extra-projects', String(n)]);
  const env = { FORGECTL_URL: sb.url, FORGECTL_TOKEN: sb.tokens.admin };
  const r = await runOnce([BIN, 'projects', 'list', '--all', '-o', 'ndjson'], env, ['--import', PROBE]);
  await sb.stop();
  rows.push([`projects list --all -o ndjson, ${r.lines} projects: peak RSS`, fmt(r.rssMb, 'MB'), fmt(r.ms, 'ms')]);
}

const w = Math.max(...rows.map((r) => r[0].length));
console.log(`\n${'benchmark'.padEnd(w)}  ${'result'.padStart(10)}  note`);
for (const [a, b, c] of rows) console.log(`${a.padEnd(w)}  ${b.padStart(10)}  ${c}`);
