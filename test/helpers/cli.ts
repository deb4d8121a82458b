// Runs the built binary (./bin/forgectl) with execa, isolated from the developer's own config and
// environment: a fresh config dir per call unless one is given, and only the variables passed here.

import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execa, type Options } from 'execa';

export const BIN = resolve(import.meta.dirname, '../../bin/forgectl');

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * A directory this process cannot write into, even as root: mode 0500 for a user, the immutable
 * attribute for root (which needs chattr and a file system that has it). Undefined where neither works.
 */
export function unwritableDir(): { dir: string; undo: () => void } | undefined {
  const dir = tempDir();
  const undo = () => {
    if (process.getuid?.() === 0) spawnSync('chattr', ['-i', dir]);
    else chmodSync(dir, 0o700);
  };
  if (process.getuid?.() === 0) spawnSync('chattr', ['+i', dir]);
  else chmodSync(dir, 0o500);
  try {
    writeFileSync(join(dir, 'probe'), '');
  } catch {
    return { dir, undo };
  }
  rmSync(join(dir, 'probe'));
  undo();
  return undefined;
}

export function tempDir(prefix = 'forgectl-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Environment with nothing of the caller's forgectl/GitLab/CI variables, and no D-Bus session: tests
 * never reach the developer's own credential store (the keyring tests bring their own bus).
 */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined) continue;
    if (/^(FORGECTL_|GITLAB_|CI_|CI$|HTTPS?_PROXY|https?_proxy|NO_PROXY|no_proxy|NO_COLOR|FORCE_COLOR|DBUS_SESSION_BUS_ADDRESS$)/.test(k)) continue;
    env[k] = v;
  }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

export async function forgectl(
  args: string[],
  opts: { env?: Record<string, string | undefined>; input?: string; configDir?: string; timeout?: number } & Pick<Options, 'cwd'> = {},
): Promise<CliResult> {
  const configDir = opts.configDir ?? tempDir('forgectl-cfg-');
  const res = await execa(BIN, args, {
    env: cleanEnv({ FORGECTL_CONFIG_DIR: configDir, ...opts.env }),
    extendEnv: false,
    input: opts.input ?? '',
    reject: false,
    timeout: opts.timeout ?? 60_000,
    cwd: opts.cwd,
  });
  return { exitCode: res.exitCode ?? -1, stdout: String(res.stdout), stderr: String(res.stderr) };
}

/** Parses stdout as JSON, failing with the CLI's stderr when it is not. */
export function json<T = any>(res: CliResult): T {
  try {
    return JSON.parse(res.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${res.exitCode}).\nstdout: ${res.stdout}\nstderr: ${res.stderr}`);
  }
}
