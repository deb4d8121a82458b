// Builds dist/forgectl-linux-x64, a single executable (Node's SEA): the CLI bundled into one
// CommonJS script (the SEA main may require only built-ins), compiled into a V8 code cache, and the
// keyring binding as an asset, injected with postject into a copy of the running node binary.
// It writes dist/sea/ (bundle, blob) and the executable only, so it can run beside a built dist/.
//   node scripts/build-executable.mjs [--no-code-cache]
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
export const EXECUTABLE = join(root, 'dist', 'forgectl-linux-x64');
const SEA_DIR = join(root, 'dist', 'sea');
// The fuse Node's binary carries; postject flips it so Node looks for the blob.
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

export async function buildExecutable({ codeCache = true } = {}) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the single executable is built for linux-x64 only, not ${process.platform}-${process.arch}`);
  }
  mkdirSync(SEA_DIR, { recursive: true });
  const main = join(SEA_DIR, 'forgectl.cjs');
  const require = createRequire(join(root, 'package.json'));
  const addon = require.resolve('@napi-rs/keyring-linux-x64-gnu/keyring.linux-x64-gnu.node');

  await build({
    absWorkingDir: root,
    entryPoints: ['src/sea/main.ts'],
    outfile: main,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // The same defines as scripts/build.mjs.
    define: { __FORGECTL_VERSION__: JSON.stringify(pkg.version) },
    plugins: [
      {
        // The binding's loader looks for its .node file in node_modules; here it comes from the asset.
        name: 'keyring-asset',
        setup(b) {
          b.onResolve({ filter: /^@napi-rs\/keyring$/ }, () => ({ path: join(root, 'src/sea/keyring.ts') }));
        },
      },
    ],
    legalComments: 'none',
    logLevel: 'warning',
  });

  const config = join(SEA_DIR, 'sea-config.json');
  const blob = join(SEA_DIR, 'forgectl.blob');
  writeFileSync(
    config,
    `${JSON.stringify(
      {
        main,
        output: blob,
        disableExperimentalSEAWarning: true,
        useCodeCache: codeCache,
        assets: { 'keyring.node': addon },
      },
      null,
      2,
    )}\n`,
  );
  const made = spawnSync(process.execPath, ['--experimental-sea-config', config], { cwd: root, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`node --experimental-sea-config failed:\n${made.stderr}${made.stdout}`);

  // Built aside and renamed: a run that reads the executable never sees half of it.
  const partial = `${EXECUTABLE}.${process.pid}.tmp`;
  try {
    copyFileSync(process.execPath, partial);
    chmodSync(partial, 0o755);
    // In a child process: postject's ELF reader prints harmless warnings about note sections.
    const postject = require.resolve('postject/dist/cli.js');
    const injected = spawnSync(process.execPath, [postject, partial, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', FUSE], { encoding: 'utf8' });
    if (injected.status !== 0) throw new Error(`postject failed:\n${injected.stderr}${injected.stdout}`);
    renameSync(partial, EXECUTABLE);
  } finally {
    rmSync(partial, { force: true });
  }
  return EXECUTABLE;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = await buildExecutable({ codeCache: !process.argv.includes('--no-code-cache') });
  process.stdout.write(`${out}\n`);
}
