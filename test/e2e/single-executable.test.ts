// The single executable (issue 28) as an administrator on a host without Node meets it: a copy of
// dist/forgectl-linux-x64 alone in a directory, a PATH with no `node`, an empty HOME. It answers
// --version and --help, prints the licences of all it holds, reads the sandbox with a token from the
// system credential store (its binding comes out of the executable) and with one from the config file.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, copyFileSync, existsSync, lstatSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, forgectl, json, tempDir } from '../helpers/cli.js';
import { filesContaining, storeContents, useKeyringSession } from '../helpers/keyring.js';
import { envFor, requestsSince, useSandbox } from '../helpers/sandbox.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BUILT = join(ROOT, 'dist/forgectl-linux-x64');
const SUMS = join(ROOT, 'dist/SHA256SUMS');
const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;

/** Node's SEA is built here for linux-x64 only (the keyring binding in it is linux-x64-gnu's). */
const SEA_PLATFORM = process.platform === 'linux' && process.arch === 'x64';
if (!SEA_PLATFORM) {
  process.stderr.write(`skipping the single-executable tests: it is built for linux-x64 only, not ${process.platform}-${process.arch}\n`);
}

const sandbox = useSandbox();
const keyring = useKeyringSession();
let binDir: string;
let exePath: string;

beforeAll(async () => {
  if (!SEA_PLATFORM) return;
  // `npm test` rebuilds dist/, which removes the executable: packaged here then (`npm run package`
  // on the dist/ built: the executable, its licence file, the tarball, SHA256SUMS), and again only
  // when dist/main.js is newer than it (a vitest run after `npm run build`).
  const stale = (file: string) => !existsSync(file) || statSync(file).mtimeMs < statSync(join(ROOT, 'dist/main.js')).mtimeMs;
  if (stale(BUILT) || stale(SUMS) || statSync(SUMS).mtimeMs < statSync(BUILT).mtimeMs) {
    await execa(process.execPath, [join(ROOT, 'scripts/package.mjs'), '--no-build'], { cwd: ROOT });
  }
  // Alone in a directory that is the whole PATH: no dist/ chunks or node_modules beside it, no node.
  binDir = tempDir('forgectl-sea-bin-');
  exePath = join(binDir, 'forgectl');
  copyFileSync(BUILT, exePath);
}, 300_000);

afterAll(() => {
  // A 100 MB copy per run is not left in the temp directory.
  if (binDir) rmSync(binDir, { recursive: true, force: true });
});

/** Runs the copy with PATH = its own directory, HOME = `home`, and nothing else but `env`. */
async function exe(home: string, args: string[], opts: { env?: Record<string, string>; input?: string } = {}): Promise<CliResult> {
  const res = await execa(exePath, args, {
    env: { PATH: binDir, HOME: home, ...opts.env },
    extendEnv: false,
    input: opts.input ?? '',
    reject: false,
    timeout: 60_000,
  });
  return { exitCode: res.exitCode ?? -1, stdout: String(res.stdout), stderr: String(res.stderr) };
}

describe.skipIf(!SEA_PLATFORM)('the single executable, with no node on PATH and an empty HOME', () => {
  it('PATH holds no node, and the file is one executable of its own', () => {
    expect(spawnSync('/bin/sh', ['-c', 'command -v node'], { env: { PATH: binDir } }).status).not.toBe(0);
    expect(readdirSync(binDir)).toEqual(['forgectl']);
    expect(statSync(exePath).mode & 0o111).toBe(0o111);
  });

  it('--version says it is the single executable and which Node it holds, without loading the CLI; --help lists the commands from the code cache', async () => {
    const home = tempDir('forgectl-sea-home-');
    // NODE_DEBUG=forgectl reports the loading of the CLI proper (src/sea/app-loader.ts).
    const debug = { NODE_DEBUG: 'forgectl' };
    const version = await exe(home, ['--version'], { env: debug });
    expect(version.exitCode, version.stderr).toBe(0);
    expect(version.stdout).toBe(`forgectl ${VERSION} (single executable, node ${process.versions.node})`);
    // No "experimental feature" warning from Node's SEA support, and the CLI proper was not loaded.
    expect(version.stderr).toBe('');
    // The npm build says it is not.
    expect((await forgectl(['--version'])).stdout).toBe(`forgectl ${VERSION} (from source, node ${process.versions.node})`);

    const help = await exe(home, ['--help'], { env: debug });
    expect(help.exitCode, help.stderr).toBe(0);
    // Compiled from the code cache made at build time, not from source.
    expect(help.stderr).toMatch(/^FORGECTL \d+: app code cache accepted$/);
    expect(help.stdout).toMatch(/^Usage: forgectl <command> \[options\]/);
    for (const group of ['profile', 'token', 'projects', 'completion']) expect(help.stdout).toMatch(new RegExp(`^  ${group}\\b`, 'm'));
    expect(help.stdout).toBe((await forgectl(['--help'])).stdout);
    // Answering wrote nothing into HOME.
    expect(readdirSync(home)).toEqual([]);
  });

  it('completion bash and man print the same script and page as the npm build, from the file alone', async () => {
    const home = tempDir('forgectl-sea-home-');
    const completion = await exe(home, ['completion', 'bash']);
    expect(completion.exitCode, completion.stderr).toBe(0);
    expect(completion.stdout).toContain('complete -F');
    expect(completion.stdout).toBe((await forgectl(['completion', 'bash'])).stdout);
    // Not a terminal: the roff itself, as man/ holds it.
    const page = await exe(home, ['man', 'projects']);
    expect(page.exitCode, page.stderr).toBe(0);
    expect(`${page.stdout}\n`).toBe(readFileSync(join(ROOT, 'man/forgectl-projects.1'), 'utf8'));
  });

  it('licenses prints the licences of forgectl, Node, the bundled packages and the keyring addon, from the file alone; the same text is released beside it, in SHA256SUMS', async () => {
    const home = tempDir('forgectl-sea-home-');
    const res = await exe(home, ['licenses']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stderr).toBe('');
    expect(res.stdout).toMatch(/^forgectl \S+, single executable: the licences of what it holds\.$/m);
    // The repository's LICENSE, as written.
    expect(res.stdout).toContain(readFileSync(join(ROOT, 'LICENSE'), 'utf8').trim());
    // The executable is node: its LICENSE, with the parts of Node it names.
    expect(res.stdout).toMatch(/^Node\.js is licensed for use as follows:$/m);
    for (const part of ['V8', 'OpenSSL', 'ICU', 'libuv', 'llhttp']) expect(res.stdout).toMatch(new RegExp(`^- ${part}, located at `, 'm'));
    for (const pkg of ['commander', 'undici', 'zod']) {
      const version = JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;
      expect(res.stdout).toMatch(new RegExp(`^${pkg}@${version.replace(/\./g, '\\.')} \\(MIT\\)\n\n\\(?(The )?MIT License`, 'm'));
    }
    // The binding's licence, and what its .node file links in (Rust crates, libdbus).
    expect(res.stdout).toMatch(/^@napi-rs\/keyring@\S+ \(MIT\), LICENSE\n\nMIT License\n\nCopyright \(c\) 2020 N-API for Rust$/m);
    expect(res.stdout).toMatch(/^@napi-rs\/keyring-linux-x64-gnu@\S+ \(MIT\), LICENSE\.third-party\.md$/m);
    expect(res.stdout).toMatch(/^## libdbus /m);
    // No carriage return from a CRLF file (Node's) reaches the terminal as ^M.
    expect(res.stdout).not.toContain('\r');
    expect(readdirSync(home)).toEqual([]);

    const beside = `${BUILT}.LICENSES.txt`;
    expect(readFileSync(beside, 'utf8')).toBe(`${res.stdout}\n`);
    const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
    const sums = readFileSync(SUMS, 'utf8');
    expect(sums).toContain(`${sha(BUILT)}  forgectl-linux-x64\n`);
    expect(sums).toContain(`${sha(beside)}  forgectl-linux-x64.LICENSES.txt\n`);
  });

  it('a profile in the system credential store: token self and projects list --all, the binding loaded from the executable', async () => {
    const sb = sandbox();
    const ks = keyring();
    const home = tempDir('forgectl-sea-home-');
    const env = { DBUS_SESSION_BUS_ADDRESS: ks.env.DBUS_SESSION_BUS_ADDRESS };
    const token = sb.tokens.bob;

    const added = await exe(home, ['profile', 'add', 'work', '--url', sb.url, '--token-stdin'], { env, input: `${token}\n` });
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stderr).not.toMatch(/warning/);
    expect(added.stderr).toMatch(/system credential store/);
    const configDir = join(home, '.config/forgectl');
    expect(json<any[]>(await exe(home, ['profile', 'list', '-o', 'json'], { env }))).toMatchObject([{ name: 'work', storage: 'keyring', token: null }]);
    expect((await storeContents(ks)).map((c) => c.password)).toContain(token);
    expect(filesContaining(configDir, token)).toEqual([]);
    // The binding was written once, under a name from its hash, in a directory only this user reaches.
    const native = join(home, '.cache/forgectl/native');
    expect(statSync(native).mode & 0o777).toBe(0o700);
    expect(readdirSync(native)).toEqual([expect.stringMatching(/^keyring-[0-9a-f]{16}\.node$/)]);

    const self = await exe(home, ['token', 'self', '-o', 'json'], { env });
    expect(self.exitCode, self.stderr).toBe(0);
    expect(json<any>(self).name).toBe('bob-workstation');

    // A binding file another user owns, or a symlink, is not loaded as it is: it is written afresh (dlopen runs its code).
    const [binding] = readdirSync(native);
    chownSync(join(native, binding), 65534, 65534);
    const elsewhere = join(tempDir('forgectl-sea-elsewhere-'), 'keyring.node');
    copyFileSync(join(native, binding), elsewhere);
    expect((await exe(home, ['token', 'self', '-o', 'json'], { env })).exitCode).toBe(0);
    expect(statSync(join(native, binding)).uid).toBe(process.getuid!());
    rmSync(join(native, binding));
    symlinkSync(elsewhere, join(native, binding));
    expect((await exe(home, ['token', 'self', '-o', 'json'], { env })).exitCode).toBe(0);
    expect(lstatSync(join(native, binding)).isSymbolicLink()).toBe(false);

    // Every page: the same projects as the npm build lists with the same token.
    const mark = sb.requests.length;
    const all = await exe(home, ['projects', 'list', '--all', '--per-page', '7', '-o', 'json', '--fields', 'id'], { env });
    expect(all.exitCode, all.stderr).toBe(0);
    const ids = json<{ id: number }[]>(all).map((p) => p.id);
    expect(ids.length).toBeGreaterThan(7);
    expect(new Set(ids).size).toBe(ids.length);
    expect(requestsSince(sb, mark).filter((r) => r.path === '/api/v4/projects').length).toBeGreaterThanOrEqual(Math.ceil(ids.length / 7));
    const viaNpm = await forgectl(['projects', 'list', '--all', '--per-page', '7', '-o', 'json', '--fields', 'id'], { env: envFor(sb, 'bob') });
    expect(ids).toEqual(json<{ id: number }[]>(viaNpm).map((p) => p.id));
  });

  it('a profile in the file (--storage file): token self and projects list --all', async () => {
    const sb = sandbox();
    const home = tempDir('forgectl-sea-home-');
    const token = sb.tokens.alice;
    const added = await exe(home, ['profile', 'add', 'dev', '--url', sb.url, '--token-stdin', '--storage', 'file'], { input: `${token}\n` });
    expect(added.exitCode, added.stderr).toBe(0);
    const configFile = join(home, '.config/forgectl/config.json');
    expect(JSON.parse(readFileSync(configFile, 'utf8')).profiles.dev.token).toBe(token);
    // No credential store involved: the binding was never unpacked.
    expect(existsSync(join(home, '.cache'))).toBe(false);

    const self = await exe(home, ['token', 'self', '-o', 'json']);
    expect(self.exitCode, self.stderr).toBe(0);
    expect(json<any>(self).name).toBe('alice-laptop');
    const all = await exe(home, ['projects', 'list', '--all', '-o', 'json', '--fields', 'id']);
    expect(all.exitCode, all.stderr).toBe(0);
    const viaNpm = await forgectl(['projects', 'list', '--all', '-o', 'json', '--fields', 'id'], { env: envFor(sb, 'alice') });
    expect(json<unknown[]>(all)).toEqual(json<unknown[]>(viaNpm));
  });

  it('where the binding cannot be unpacked anywhere, the token goes to the file with a warning', async () => {
    const sb = sandbox();
    const ks = keyring();
    const home = tempDir('forgectl-sea-home-');
    // Both places for the binding are files, not directories: it cannot be written.
    const blocker = join(home, 'not-a-dir');
    writeFileSync(blocker, '');
    const env = { DBUS_SESSION_BUS_ADDRESS: ks.env.DBUS_SESSION_BUS_ADDRESS, XDG_CACHE_HOME: blocker, TMPDIR: blocker };
    const token = sb.tokens.readonly;
    const added = await exe(home, ['profile', 'add', 'ro', '--url', sb.url, '--token-stdin'], { env, input: `${token}\n` });
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stderr).toMatch(/^warning: no system credential store is reachable \(cannot load the credential store binding .*\); the token is kept in /m);
    expect(JSON.parse(readFileSync(join(home, '.config/forgectl/config.json'), 'utf8')).profiles.ro.token).toBe(token);
    expect((await storeContents(ks)).map((c) => c.password)).not.toContain(token);
    const self = await exe(home, ['token', 'self', '-o', 'json'], { env });
    expect(self.exitCode, self.stderr).toBe(0);
    expect(json<any>(self).name).toBe('carol-readonly');
  });
});
