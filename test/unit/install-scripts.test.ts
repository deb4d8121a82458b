// `npm ci` on a fresh clone (the README's set-up) stays quiet: npm 11 warns about every dependency
// whose install script package.json's `allowScripts` does not approve or deny. The lockfile says
// which packages have one; each must be named there.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (name: string) => JSON.parse(readFileSync(resolve(ROOT, name), 'utf8'));

/** `esbuild`, `esbuild@0.28.2`, `@scope/pkg@^1`: the package name of an allowScripts key. */
function packageName(key: string): string {
  const at = key.indexOf('@', 1);
  return at > 0 ? key.slice(0, at) : key;
}

describe('install scripts', () => {
  const pkg = read('package.json');
  const lock = read('package-lock.json');
  const reviewed = new Set(Object.keys(pkg.allowScripts ?? {}).map(packageName));

  it('every locked package with an install script is approved or denied in allowScripts', () => {
    const withScripts = Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>)
      .filter(([path, entry]) => path && entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts).toContain('esbuild');
    expect(withScripts.filter((name) => !reviewed.has(name))).toEqual([]);
  });

  it('esbuild, which builds dist/, is approved: its postinstall checks the binary of this platform', () => {
    expect(pkg.devDependencies.esbuild).toBeDefined();
    // By name: the lockfile carries no `resolved` URLs, and npm only pins a version it can verify.
    expect(pkg.allowScripts.esbuild).toBe(true);
  });
});
