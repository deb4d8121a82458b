// The licence texts a release file must carry. The npm build lists the packages bundled into dist/
// (dist/THIRD_PARTY_LICENSES) and writes the package's whole text (dist/LICENSES.txt); the single executable is also a copy of Node's binary and holds the
// keyring addon, so its text (scripts/build-executable.mjs embeds it and writes it beside the
// executable) adds Node's LICENSE and the addon's. Nothing is fetched: every text comes from this
// machine, and a missing one stops the build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const RULE = '='.repeat(78);
const THIN = '-'.repeat(78);
const LICENSE_FILE = /^(licen[cs]e|copying)([.-]|$)/i;

/** A licence file's text with LF line ends: CRLF ones (Node's, color-name's) would print ^M on a terminal. */
const readText = (file) => readFileSync(file, 'utf8').replace(/\r\n/g, '\n');

/** The licence text of every package that ended up in a bundle (esbuild metafile inputs), by package. */
export function thirdPartyLicenses(inputs) {
  const header = 'forgectl bundles the following packages into dist/. Their licences follow.';
  return `${header}\n${RULE}\n\n${packageSections(bundledPackages(inputs))}\n`;
}

function packageSections(packages) {
  return packages.map(({ meta, text }) => `${meta.name}@${meta.version} (${meta.license ?? 'see text'})\n\n${text}`).join(`\n\n${THIN}\n\n`);
}

function bundledPackages(inputs) {
  const dirs = new Set();
  for (const input of inputs) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) dirs.add(m[1]);
  }
  return [...dirs].sort().map((dir) => {
    const abs = join(root, dir);
    const meta = JSON.parse(readFileSync(join(abs, 'package.json'), 'utf8'));
    const file = readdirSync(abs).find((f) => LICENSE_FILE.test(f));
    const text = file ? readText(join(abs, file)).trim() : undefined;
    if (!text) throw new Error(`no licence file in ${dir}: add its licence text before bundling it`);
    return { meta, text };
  });
}

/**
 * Node's LICENSE (V8, OpenSSL, ICU, libuv, llhttp... are in it) for the node running this script,
 * the binary the executable is a copy of. FORGECTL_NODE_LICENSE names the file where the install
 * keeps it elsewhere; the candidates are where nodejs.org's tarball (PREFIX/LICENSE) and the Debian
 * and NodeSource packages (/usr/share/doc/nodejs/LICENSE) put it.
 */
export function nodeLicense(execPath = process.execPath, env = process.env) {
  const prefix = join(dirname(execPath), '..');
  const candidates = env.FORGECTL_NODE_LICENSE
    ? [env.FORGECTL_NODE_LICENSE]
    : [join(prefix, 'LICENSE'), join(prefix, 'share/doc/node/LICENSE'), join(prefix, 'share/doc/nodejs/LICENSE')];
  for (const file of candidates) {
    if (!existsSync(file)) continue;
    const text = readText(file);
    // Another project's LICENSE in the same prefix must not pass for Node's.
    if (!text.startsWith('Node.js is licensed for use as follows')) {
      throw new Error(`${file} is not Node.js's LICENSE (it does not start "Node.js is licensed for use as follows")`);
    }
    return { file, text: text.trim() };
  }
  const fix = env.FORGECTL_NODE_LICENSE ? 'FORGECTL_NODE_LICENSE names no file: point it at' : 'Set FORGECTL_NODE_LICENSE to';
  throw new Error(
    `Node.js's LICENSE not found for ${execPath} (looked at ${candidates.join(', ')}): the single executable is a copy ` +
      `of this node and must carry its licence. ${fix} the LICENSE file of this Node release ` +
      `(v${process.versions.node}; the top directory of its nodejs.org tarball has it).`,
  );
}

/**
 * The keyring addon's licences: the binding's package (its LICENSE covers the .node file built from
 * it) and the platform package holding the .node, whose LICENSE* files list what the binary links in
 * (Rust crates, libdbus).
 */
export function addonLicenses(platformPackage = installedAddonPlatform()) {
  const require = createRequire(join(root, 'package.json'));
  const sections = [];
  for (const name of ['@napi-rs/keyring', platformPackage].filter(Boolean)) {
    const dir = dirname(require.resolve(`${name}/package.json`));
    const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const files = readdirSync(dir).filter((f) => LICENSE_FILE.test(f)).sort();
    if (!files.length && name === '@napi-rs/keyring') throw new Error(`no licence file in ${dir}`);
    for (const f of files) sections.push(`${meta.name}@${meta.version} (${meta.license ?? 'see text'}), ${f}\n\n${readText(join(dir, f)).trim()}`);
  }
  return sections;
}

/** The binding's platform package npm installed here (the one the npm tarball bundles), if any. */
function installedAddonPlatform() {
  const require = createRequire(join(root, 'package.json'));
  const binding = JSON.parse(readFileSync(require.resolve('@napi-rs/keyring/package.json'), 'utf8'));
  const fromBinding = createRequire(require.resolve('@napi-rs/keyring/package.json'));
  return Object.keys(binding.optionalDependencies ?? {}).find((name) => {
    try {
      return Boolean(fromBinding.resolve(`${name}/package.json`));
    } catch {
      return false;
    }
  });
}

/**
 * The whole text the npm package carries (dist/LICENSES.txt, printed by `forgectl licenses`):
 * forgectl, the bundled packages, the keyring addon packed with it. Not Node's: it is not shipped.
 */
export function packageLicenses(inputs) {
  const own = ownLicense();
  const parts = [
    `forgectl ${own.version} (${own.license})\n${RULE}\n\n${own.text}\n`,
    thirdPartyLicenses(inputs),
    `The credential store binding (@napi-rs/keyring), loaded when a profile uses the system credential store\n${RULE}\n\n${addonLicenses().join(`\n\n${THIN}\n\n`)}\n`,
    'Node.js, which runs this package, is not part of it: its licence comes with your Node.js installation.\n',
  ];
  return parts.join(`\n${RULE}\n\n`);
}

/** forgectl's own licence: the repository's LICENSE file when there is one, else what package.json declares. */
export function ownLicense() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const file = readdirSync(root).find((f) => LICENSE_FILE.test(f));
  const text = file ? readText(join(root, file)).trim() : `forgectl is licensed under the ${pkg.license} licence (package.json "license").`;
  return { version: pkg.version, license: pkg.license, text };
}

/** The whole text the single executable carries: forgectl, Node, the bundled packages, the addon. */
export function executableLicenses({ inputs, addonPackage }) {
  const own = ownLicense();
  const node = nodeLicense();
  const packages = bundledPackages(inputs);
  const addon = addonLicenses(addonPackage);
  const parts = [
    [`1. forgectl ${own.version} (${own.license})`, '', own.text],
    [`2. Node.js v${process.versions.node}`, 'This executable is a copy of the node binary, with forgectl injected.', node.text],
    [`3. Packages bundled into forgectl (${packages.length})`, '', packageSections(packages)],
    [
      '4. The credential store binding, keyring.node',
      'From @napi-rs/keyring; written out of the executable when a profile uses the system credential store.',
      addon.join(`\n\n${THIN}\n\n`),
    ],
  ];
  const intro = `forgectl ${own.version}, single executable: the licences of what it holds.\n\n${parts.map(([title]) => `  ${title}`).join('\n')}\n`;
  return `${intro}${parts.map(([title, note, text]) => `\n${RULE}\n${title}\n${RULE}\n\n${note ? `${note}\n\n` : ''}${text}\n`).join('')}`;
}
