// A real Secret Service for tests: gnome-keyring on a private D-Bus session (dbus-run-session), with
// its own HOME so the developer's keyring is never touched. The session lives as long as its `cat`
// child reads stdin; closing stdin ends the bus, and gnome-keyring-daemon leaves with it.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll } from 'vitest';
import { tempDir } from './cli.js';

export interface KeyringSession {
  /** Variables that point forgectl at this session's Secret Service. */
  env: Record<string, string>;
  home: string;
}

function has(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

/**
 * gnome-keyring and dbus-run-session exist only on Linux (Debian: packages gnome-keyring and
 * dbus-daemon). Elsewhere the suite is skipped with the reason printed; on Linux their absence fails.
 */
export const KEYRING_PLATFORM = process.platform === 'linux';
if (!KEYRING_PLATFORM) {
  process.stderr.write(`skipping the Secret Service tests: gnome-keyring and dbus-run-session do not exist on ${process.platform}\n`);
}

/**
 * With `unlocked: false` no keyring is created: the first use starts gnome-keyring through D-Bus
 * activation, which asks for a password on a display that does not exist, as on a headless server.
 */
export function useKeyringSession({ unlocked = true } = {}): () => KeyringSession {
  let child: ChildProcess | undefined;
  let session: KeyringSession | undefined;
  beforeAll(async () => {
    if (!KEYRING_PLATFORM) return;
    const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((c) => !has(c));
    if (missing.length) {
      throw new Error(`${missing.join(' and ')} not found: install them with \`apt-get install gnome-keyring dbus\` (.ci/run does)`);
    }
    const home = tempDir('forgectl-keyring-home-');
    const runtime = join(home, 'run');
    mkdirSync(runtime, { mode: 0o700 });
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_RUNTIME_DIR: runtime, XDG_CONFIG_HOME: join(home, 'config') };
    // Unlocking with a known password creates the login keyring without a prompt (there is no display).
    const unlock = unlocked ? 'printf %s test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; ' : '';
    const script = `${unlock}echo "$DBUS_SESSION_BUS_ADDRESS"; exec cat`;
    child = spawn('dbus-run-session', ['--', 'sh', '-c', script], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    const address = await new Promise<string>((resolve, reject) => {
      let out = '';
      child!.stdout!.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(out.trim());
      });
      child!.on('exit', (code) => reject(new Error(`dbus-run-session ended early (exit ${code})`)));
    });
    session = { home, env: { DBUS_SESSION_BUS_ADDRESS: address, HOME: home, XDG_DATA_HOME: env.XDG_DATA_HOME, XDG_RUNTIME_DIR: runtime } };
  });
  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const done = new Promise((r) => child!.once('exit', r));
    child.stdin!.end();
    await done;
  });
  return () => {
    if (!session) throw new Error('keyring session not started');
    return session;
  };
}

/** Reads the store directly, not through forgectl: every forgectl secret as {account, password}. */
export async function storeContents(s: KeyringSession): Promise<{ account: string; password: string }[]> {
  const code = "import('@napi-rs/keyring').then((k) => process.stdout.write(JSON.stringify(k.findCredentials('forgectl'))))";
  const res = await execa(process.execPath, ['-e', code], { env: { ...s.env, PATH: process.env.PATH }, extendEnv: false, reject: false, cwd: join(import.meta.dirname, '../..') });
  if (res.exitCode !== 0) throw new Error(`reading the store failed: ${res.stderr}`);
  return JSON.parse(String(res.stdout));
}

/** Writes a secret straight into the store, as another program (or an older forgectl) would. */
export async function storeSecret(s: KeyringSession, account: string, password: string): Promise<void> {
  const code = `import('@napi-rs/keyring').then((k) => new k.Entry('forgectl', ${JSON.stringify(account)}).setPassword(${JSON.stringify(password)}))`;
  const res = await execa(process.execPath, ['-e', code], { env: { ...s.env, PATH: process.env.PATH }, extendEnv: false, reject: false, cwd: join(import.meta.dirname, '../..') });
  if (res.exitCode !== 0) throw new Error(`writing to the store failed: ${res.stderr}`);
}

/** Every file under a directory whose bytes contain `needle`. */
export function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.isFile() && readFileSync(p).includes(needle)) hits.push(p);
    }
  };
  walk(dir);
  return hits;
}
