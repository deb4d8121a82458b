// The npm tarball (scripts/package-tarball.mjs) installs with `npm install -g` and no network: an
// empty cache, `--offline` and a registry nobody listens on. The installed command answers, prints
// its man pages, lists projects from the sandbox and keeps a token in the Secret Service through the
// keyring addon packed inside the tarball, and prints the licences of what the package holds.

import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, tempDir, type CliResult } from '../helpers/cli.js';
import { KEYRING_PLATFORM, storeContents, useKeyringSession } from '../helpers/keyring.js';
import { envFor, useSandbox } from '../helpers/sandbox.js';

const ROOT = resolve(import.meta.dirname, '../..');
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const sandbox = useSandbox();
const keyring = useKeyringSession();

let prefix = '';
let installLog = '';
const installed = () => join(prefix, 'lib/node_modules/forgectl');

/** The installed `forgectl`, run from an unrelated directory with only the variables given. */
async function installedForgectl(args: string[], env: Record<string, string | undefined> = {}, input = ''): Promise<CliResult> {
  const cwd = tempDir('forgectl-cwd-');
  const res = await execa(join(prefix, 'bin/forgectl'), args, {
    cwd,
    env: cleanEnv({ FORGECTL_CONFIG_DIR: tempDir('forgectl-cfg-'), ...env }),
    extendEnv: false,
    input,
    reject: false,
    timeout: 60_000,
  });
  return { exitCode: res.exitCode ?? -1, stdout: String(res.stdout), stderr: String(res.stderr) };
}

beforeAll(async () => {
  const out = tempDir('forgectl-tarball-');
  const packed = execFileSync(process.execPath, [join(ROOT, 'scripts/package-tarball.mjs'), '--out', out], { cwd: ROOT, encoding: 'utf8' });
  const tarball = join(out, `forgectl-${PKG.version}.tgz`);
  // The checksum line it prints is sha256sum's, for `sha256sum -c`.
  expect(packed).toContain(`${createHash('sha256').update(readFileSync(tarball)).digest('hex')}  forgectl-${PKG.version}.tgz\n`);
  prefix = tempDir('forgectl-prefix-');
  const home = tempDir('forgectl-npm-home-');
  const userconfig = join(home, '.npmrc');
  writeFileSync(userconfig, '');
  // Port 9 (discard) on 127.0.0.1: nothing answers, so any fetch fails instead of reaching a registry.
  const res = await execa(
    'npm',
    ['install', '-g', '--prefix', prefix, '--cache', join(home, 'cache'), '--offline', '--registry', 'http://127.0.0.1:9', '--ignore-scripts=false', '--no-audit', '--no-fund', tarball],
    { cwd: home, env: cleanEnv({ HOME: home, npm_config_userconfig: userconfig }), extendEnv: false, reject: false, all: true },
  );
  installLog = String(res.all);
  expect(res.exitCode, installLog).toBe(0);
}, 120_000);

describe('npm install -g of the tarball, offline', () => {
  it('installs the command, its man pages and a package.json with nothing to fetch or run', () => {
    expect(installLog).toMatch(/added 1 package/);
    expect(existsSync(join(prefix, 'bin/forgectl'))).toBe(true);
    expect(existsSync(join(prefix, 'share/man/man1/forgectl-projects.1'))).toBe(true);
    // The state file's own page, in section 5 (issue 44): `man 5 forgectl-state` finds it.
    const page = spawnSync('man', ['-M', join(prefix, 'share/man'), '5', 'forgectl-state'], { encoding: 'utf8', env: { ...process.env, MANPAGER: 'cat', PAGER: 'cat', MANWIDTH: '100' } });
    expect(page.status, page.stderr).toBe(0);
    expect(page.stdout).toMatch(/FORGECTL-STATE\(5\)/);
    expect(page.stdout).toMatch(/\nLAYERS\n[\s\S]*\{profile\}/);
    const pkg = JSON.parse(readFileSync(join(installed(), 'package.json'), 'utf8'));
    expect(pkg.scripts).toBeUndefined();
    expect(pkg.devDependencies).toBeUndefined();
    expect(Object.keys(pkg.dependencies)).toEqual(pkg.bundleDependencies);
    // No package in the installed tree has an install script.
    const modules = join(installed(), 'node_modules');
    for (const scope of readdirSync(modules)) {
      const names = scope.startsWith('@') ? readdirSync(join(modules, scope)).map((n) => `${scope}/${n}`) : [scope];
      for (const name of names) {
        const scripts = JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')).scripts ?? {};
        expect(Object.keys(scripts).filter((s) => /^(pre|post)?install$/.test(s)), name).toEqual([]);
      }
    }
  });

  it('packs no source map that nothing reads: only the ES module chunks\', which --enable-source-maps runs', async () => {
    const dist = readdirSync(join(installed(), 'dist'));
    // dist/app.cjs runs as a vm script (Node 20 maps none of its traces) and dist/launch.cjs only without
    // --enable-source-maps: their maps (app.cjs.map is some 6 MB) would serve no run.
    expect(dist.filter((f) => f.endsWith('.cjs.map'))).toEqual([]);
    expect(dist).toContain('main.js.map');
    const res = await installedForgectl(['--help'], { NODE_OPTIONS: '--enable-source-maps' });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toContain('Usage: forgectl');
  });

  it('answers --version and --help, and prints a man page', async () => {
    const version = await installedForgectl(['--version']);
    expect(version.exitCode, version.stderr).toBe(0);
    // It says it runs as the npm package (no src/ beside bin/), and on which Node.
    expect(version.stdout).toBe(`forgectl ${PKG.version} (npm package, node ${process.versions.node})`);
    const help = await installedForgectl(['--help']);
    expect(help.exitCode, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: forgectl <command> \[options\]/);
    const page = await installedForgectl(['man', 'projects']);
    expect(page.exitCode, page.stderr).toBe(0);
    expect(`${page.stdout}\n`).toBe(readFileSync(join(ROOT, 'man/forgectl-projects.1'), 'utf8'));
  });

  it('lists projects from the sandbox, with the code cache packed for the Node that built it', async () => {
    const res = await installedForgectl(['projects', 'list', '--all', '-o', 'json'], { ...envFor(sandbox()), NODE_DEBUG: 'forgectl' });
    expect(res.exitCode, res.stderr).toBe(0);
    // This Node built the cache (dist/app.cache); under another it is rejected and each user makes one.
    expect(res.stderr).toMatch(/^FORGECTL \d+: app code cache accepted$/m);
    const projects = JSON.parse(res.stdout) as { path_with_namespace: string }[];
    expect(projects.map((p) => p.path_with_namespace)).toContain('opensource/forgectl');
  });

  it('holds the keyring addon and loads it from the package', () => {
    const addons = readdirSync(join(installed(), 'node_modules/@napi-rs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.node'));
    expect(addons.length).toBeGreaterThan(0);
    // Resolved from the installed package's own directory: the repository's node_modules is not on its path.
    const keys = execFileSync(process.execPath, ['-e', "process.stdout.write(Object.keys(require('@napi-rs/keyring')).sort().join(','))"], { cwd: installed(), encoding: 'utf8' });
    expect(keys.split(',')).toEqual(expect.arrayContaining(['AsyncEntry', 'Entry']));
  });

  it('licenses prints forgectl\'s, the bundled packages\' and the keyring addon\'s licences from the package; Node.js is not in it', async () => {
    const res = await installedForgectl(['licenses']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toMatch(new RegExp(`^forgectl ${PKG.version.replace(/\./g, '\\.')} \\(MIT\\)$`, 'm'));
    // The package's own LICENSE, packed at its top.
    expect(readdirSync(installed())).toContain('LICENSE');
    expect(res.stdout).toContain(readFileSync(join(ROOT, 'LICENSE'), 'utf8').trim());
    for (const pkg of ['commander', 'undici', 'zod']) {
      const version = JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;
      expect(res.stdout).toMatch(new RegExp(`^${pkg}@${version.replace(/\./g, '\\.')} \\(MIT\\)\n\n\\(?(The )?MIT License`, 'm'));
    }
    // The addon's texts come from the copies packed in the tarball, beside the binding.
    expect(readdirSync(join(installed(), 'node_modules/@napi-rs/keyring'))).toContain('LICENSE');
    expect(res.stdout).toMatch(/^@napi-rs\/keyring@\S+ \(MIT\), LICENSE\n\nMIT License\n\nCopyright \(c\) 2020 N-API for Rust$/m);
    if (KEYRING_PLATFORM) expect(res.stdout).toMatch(/^@napi-rs\/keyring-linux-\S+@\S+ \(MIT\), LICENSE\.third-party\.md$/m);
    // The package does not ship Node, so it does not print Node's licence, and says why.
    expect(res.stdout).not.toContain('Node.js is licensed for use as follows');
    expect(res.stdout).toMatch(/^Node\.js, which runs this package, is not part of it/m);
    expect(res.stdout).not.toContain('\r');
  });

  it.skipIf(!KEYRING_PLATFORM)('keeps a profile token in the Secret Service', async () => {
    const sb = sandbox();
    const ks = keyring();
    const configDir = tempDir('forgectl-cfg-');
    const env = { ...ks.env, FORGECTL_CONFIG_DIR: configDir };
    const added = await installedForgectl(['profile', 'add', 'work', '--url', sb.url, '--token-stdin'], env, `${sb.tokens.bob}\n`);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stderr).toMatch(/system credential store/);
    expect(readFileSync(join(configDir, 'config.json'), 'utf8')).not.toContain(sb.tokens.bob);
    expect(await storeContents(ks)).toContainEqual({ account: `work@${configDir} for ${sb.url}`, password: sb.tokens.bob });
    const self = await installedForgectl(['token', 'self', '-o', 'json'], env);
    expect(self.exitCode, self.stderr).toBe(0);
    expect(JSON.parse(self.stdout).name).toBe('bob-workstation');
  });

  // The tarball holds this platform's addon only; elsewhere (or with it removed) the import fails.
  it.skipIf(!KEYRING_PLATFORM)('without its addon, keeps the token in the file with a warning, as without a store', async () => {
    const sb = sandbox();
    const copy = join(tempDir('forgectl-noaddon-'), 'forgectl');
    cpSync(installed(), copy, { recursive: true });
    for (const f of readdirSync(join(copy, 'node_modules/@napi-rs'), { recursive: true, encoding: 'utf8' })) {
      if (f.endsWith('.node')) rmSync(join(copy, 'node_modules/@napi-rs', f));
    }
    const configDir = tempDir('forgectl-cfg-');
    const env = cleanEnv({ ...keyring().env, FORGECTL_CONFIG_DIR: configDir });
    const run = (args: string[], input = '') => execa(process.execPath, [join(copy, 'bin/forgectl'), ...args], { cwd: copy, env, extendEnv: false, input, reject: false });
    const added = await run(['profile', 'add', 'work', '--url', sb.url, '--token-stdin'], `${sb.tokens.bob}\n`);
    expect(added.exitCode, String(added.stderr)).toBe(0);
    expect(String(added.stderr)).toMatch(/^warning: no system credential store is reachable \(.*\); the token is kept in /m);
    expect(JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles.work.token).toBe(sb.tokens.bob);
    const self = await run(['token', 'self', '-o', 'json']);
    expect(self.exitCode, String(self.stderr)).toBe(0);
  });
});
