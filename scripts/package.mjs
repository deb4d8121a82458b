// `npm run package`: what a release ships, in dist/: the build, the single executable and the
// licence texts it carries (forgectl-linux-x64.LICENSES.txt), the npm tarball
// (scripts/package-tarball.mjs, which packs from a staging copy, so nothing of the executable goes
// in), then dist/SHA256SUMS, whose lines it also prints: `sha256sum -c` checks a download against
// them. `--no-build` packages the dist/ already built.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildExecutable } from './build-executable.mjs';
import { sha256 } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

function node(script) {
  const res = spawnSync(process.execPath, [join(root, 'scripts', script)], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${script} failed (exit ${res.status ?? res.signal})`);
}

if (!process.argv.includes('--no-build')) node('build.mjs');
const made = await buildExecutable();
const tarball = join(root, 'dist', `forgectl-${pkg.version}.tgz`);
node('package-tarball.mjs');
if (!existsSync(tarball)) throw new Error(`package-tarball.mjs did not write ${tarball}`);
made.push(tarball);

// Names relative to dist/, so the file checks wherever the downloads sit side by side.
const lines = [];
for (const file of made) lines.push(`${await sha256(file)}  ${basename(file)}`);
writeFileSync(join(root, 'dist', 'SHA256SUMS'), `${lines.join('\n')}\n`);
process.stdout.write(`${lines.join('\n')}\n`);
