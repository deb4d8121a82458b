// `npm run docs`: writes completions/ and man/ from the built command tree. A test fails when the
// checked-in files differ from what this would write.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFiles } from '../dist/docs.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = generatedFiles();
// Pages of commands that no longer exist must go too.
for (const f of readdirSync(join(root, 'man'), { withFileTypes: true })) if (/\.[15]$/.test(f.name)) rmSync(join(root, 'man', f.name));
for (const [path, text] of files) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
// package.json's `man` field installs the pages with the package.
const pkgPath = join(root, 'package.json');
const pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
pkg.man = [...files.keys()].filter((p) => p.startsWith('man/')).map((p) => `./${p}`);
writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
console.log(`wrote ${files.size} files: ${[...files.keys()].join(', ')}`);
