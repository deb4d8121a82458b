// Shared by the demo, the benchmark and the packaging scripts: start `forgectl sandbox` (or the bench
// server) as a child process and read the line it prints; a file's sha256.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../bin/forgectl', import.meta.url));

/** Environment without the caller's forgectl/GitLab/CI settings. */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    // No D-Bus session either: the demo's sandbox tokens must not land in the user's own keyring.
    if (/^(FORGECTL_|GITLAB_|CI_|CI$|HTTPS?_PROXY|https?_proxy|NO_PROXY|no_proxy|DBUS_SESSION_BUS_ADDRESS$)/.test(k)) continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

/** Spawn `node script ...args` and wait for the first line it prints (its address); `stop` ends it. */
async function startAndReadLine(script, args, what) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: cleanEnv() });
  const lines = createInterface({ input: child.stdout });
  const line = await new Promise((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${what} exited early with code ${code}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { line, stop };
}

export async function startSandboxProcess(args = []) {
  const { line, stop } = await startAndReadLine(BIN, ['sandbox', '--port', '0', '-o', 'json', ...args], 'sandbox');
  return { ...JSON.parse(line), stop };
}

/**
 * Start bench/server.mjs (the benchmark's GitLab-paging server, no forgectl code) and read the URL it
 * prints. Any token is accepted; `token` is the one the bench sends.
 */
export async function startBenchServer(args = []) {
  const script = fileURLToPath(new URL('../bench/server.mjs', import.meta.url));
  const { line, stop } = await startAndReadLine(script, args, 'bench server');
  return { url: line, token: 'glpat-bench-token-00000000', stop };
}

/** A file's sha256 in hex, read as a stream (the executable is large). */
export async function sha256(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}
