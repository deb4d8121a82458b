// Credential profiles, stored as JSON in `config.json` in the config directory.
// Reading is a plain read: a missing file is an empty store and nothing is created, so read-only or
// missing homes work. Writes take a lock (proper-lockfile) around read–modify–write and replace the
// file by an atomic rename, so parallel `profile add` runs keep every profile; a config.json that is
// a symbolic link is written through, the link kept. Files are 0600 in a 0700 directory.

import { accessSync, chmodSync, mkdirSync, readFileSync, realpathSync, statSync, constants } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { CommandFailedError, UsageError } from './errors.js';
import { unknownProfile } from './profile-selection.js';
import { replaceWhole, statSafe, writeTarget } from './output-file.js';
import type { KeyringRef } from './credential-store.js';
import type { EnvRef, FileRef } from './secret-refs.js';
import type { TokenType } from './http.js';
import { TOKEN_TYPES } from './token-types.js';
import { describeFsError } from './fs-errors.js';

export interface ProfileData {
  url: string;
  /** The token itself, when it is kept in this file (`--storage file`, or no credential store). */
  token?: string;
  /** Where the token lives in the system credential store; the file then holds no token. */
  keyring?: KeyringRef;
  /** A helper that prints the token (run without a shell); nothing secret is stored. */
  tokenCommand?: string;
  tokenType?: TokenType;
  sudo?: string;
  caFile?: string;
  clientCert?: string;
  clientKey?: string;
  insecure?: boolean;
  /** What the last check of the token against the instance learned; never the token itself. */
  verified?: TokenIdentity;
  /** An inventory's token reference (a `{command}` one is `tokenCommand`): nothing is stored. */
  tokenRef?: EnvRef | FileRef;
  /** An inventory's instance: where it is written (`inv.yaml:3:3`) and the file's directory. */
  inventory?: { at: string; tokenAt?: string; dir: string; file: string };
  /** An inventory's URL reference that does not resolve: said when the instance is used, not before. */
  urlProblem?: string;
}

/**
 * Who a token is, as the instance said when it was last verified (or rotated): `profile list` shows
 * it without unlocking a store, running a helper or asking the server.
 */
export interface TokenIdentity {
  tokenId: number;
  tokenName?: string;
  userId?: number;
  /** Absent when the token may not read GET /user (e.g. only self_rotate or read_api). */
  username?: string;
  isAdmin?: boolean;
  scopes?: string[];
  expiresAt?: string | null;
  /** ISO 8601 date-time of the check. */
  verifiedAt: string;
}

export interface Profile extends ProfileData {
  name: string;
}

interface StoreShape {
  default?: string;
  profiles: Record<string, ProfileData>;
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const CONFIG_FILE = 'config.json';

export function defaultConfigDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(xdg, 'forgectl');
}

export function checkProfileName(name: string): void {
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(`invalid profile name: ${JSON.stringify(name)}`, 'use letters, digits, ".", "_" and "-" (at most 64 characters)');
  }
}

// Where each character of a profile name sorts, as the root collation (localeCompare) sorts them.
const NAME_ORDER = '_-.0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * localeCompare's order for profile names, without its cost: the first use of the collator takes
 * 6-9 ms, a tenth of a fleet's start-up. Names of letters, digits, `.`, `_` and `-` compare by
 * letter first, then lower case before upper case; any other name (a config file edited by hand)
 * goes to localeCompare.
 */
export function byProfileName(a: string, b: string): number {
  if (!PROFILE_NAME.test(a) || !PROFILE_NAME.test(b)) return a.localeCompare(b);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = NAME_ORDER.indexOf(a[i].toLowerCase()) - NAME_ORDER.indexOf(b[i].toLowerCase());
    if (d) return d;
  }
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] === a[i].toLowerCase() ? -1 : 1;
  return 0;
}

/** The origin (scheme, host, port) a credential is bound to; undefined for an unparsable URL. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Reads the store: a missing file (or directory) is an empty store; anything else unreadable is one clear error. */
function readStore(path: string): StoreShape {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { profiles: {} };
    // A home that does not exist (or lies under a file) holds no profiles; only a config directory
    // that is itself a file is a mistake worth stopping for.
    if (code === 'ENOTDIR' && !statSafe(dirname(path))) return { profiles: {} };
    if (code === 'ENOTDIR') throw new UsageError(`config directory ${dirname(path)} is not a directory`, 'pass --config-dir (or FORGECTL_CONFIG_DIR) naming a directory');
    throw new CommandFailedError(`cannot read config file ${path}: ${describeFsError(err)}`, 'check its permissions, or point --config-dir elsewhere');
  }
  if (!raw.trim()) return { profiles: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    throw new CommandFailedError(`config file ${path} is not valid JSON (${(err as Error).message})`, 'fix it, or move it away and add the profiles again');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new CommandFailedError(`config file ${path} does not hold a JSON object`, 'fix it, or move it away and add the profiles again');
  }
  const shape = parsed as Partial<StoreShape>;
  const profiles = shape.profiles && typeof shape.profiles === 'object' && !Array.isArray(shape.profiles) ? shape.profiles : {};
  return { default: typeof shape.default === 'string' ? shape.default : undefined, profiles };
}

const OPTIONAL_STRINGS = ['token', 'tokenCommand', 'sudo', 'caFile', 'clientCert', 'clientKey'] as const;

/**
 * A profile as the file holds it, checked field by field: a hand-edited `"url": 42` or a token that
 * is not a string is traced to the file and the profile, never sent. Values are not quoted (a token
 * may be one).
 */
function checkedProfile(path: string, name: string, data: unknown): Profile {
  const bad = (what: string) => new UsageError(`config file ${path}: profile ${JSON.stringify(name)}: ${what}`, 'fix it there, or add the profile again with `forgectl profile add NAME … --yes`');
  // As `profile add` checks it: `{profile}` in a file name must not climb out of its directory (`../x`).
  if (!PROFILE_NAME.test(name)) throw new UsageError(`config file ${path}: invalid profile name ${JSON.stringify(name)}`, 'a profile name has letters, digits, ".", "_" and "-" (at most 64 characters, no "/"): rename it there');
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw bad(`is ${kindOf(data)}, not an object`);
  const d = data as Record<string, unknown>;
  if (typeof d.url !== 'string') throw bad(d.url === undefined ? 'has no "url"' : `"url" is ${kindOf(d.url)}, not a string`);
  for (const key of OPTIONAL_STRINGS) {
    if (d[key] !== undefined && typeof d[key] !== 'string') throw bad(`"${key}" is ${kindOf(d[key])}, not a string`);
  }
  if (d.tokenType !== undefined && !TOKEN_TYPES.includes(d.tokenType as TokenType)) throw bad(`"tokenType" must be one of ${TOKEN_TYPES.join(', ')}`);
  if (d.insecure !== undefined && typeof d.insecure !== 'boolean') throw bad(`"insecure" is ${kindOf(d.insecure)}, not true or false`);
  if (d.keyring !== undefined) {
    const k = d.keyring as Record<string, unknown> | null;
    if (!k || typeof k !== 'object' || typeof k.service !== 'string' || typeof k.account !== 'string') throw bad('"keyring" must be an object with the strings "service" and "account"');
  }
  if (d.verified !== undefined) {
    const v = d.verified as Record<string, unknown> | null;
    if (!v || typeof v !== 'object' || typeof v.tokenId !== 'number' || typeof v.verifiedAt !== 'string') throw bad('"verified" must be an object with the number "tokenId" and the string "verifiedAt"');
  }
  return { name, ...(data as ProfileData) };
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}


export class ProfileStore {
  private data: StoreShape;
  /** Set when the profiles are an inventory's instances (--inventory): nothing is written anywhere. */
  readonly inventoryFile?: string;

  private constructor(readonly dir: string, inventory?: { file: string; profiles: Record<string, ProfileData> }) {
    this.inventoryFile = inventory?.file;
    const names = inventory && Object.keys(inventory.profiles);
    // One instance alone in the file is used without any selection.
    this.data = inventory ? { profiles: inventory.profiles, default: names!.length === 1 ? names![0] : undefined } : readStore(this.path);
  }

  /** Opens the store for reading; touches nothing on disk. */
  static async open(dir: string): Promise<ProfileStore> {
    return new ProfileStore(dir);
  }

  /** The instances of an inventory file as profiles, read-only (src/inventory.ts reads the file). */
  static ofInventory(file: string, profiles: Record<string, ProfileData>): ProfileStore {
    return new ProfileStore(dirname(resolve(file)), { file, profiles });
  }

  /** The file the profiles are read from: config.json, or the inventory. */
  get path(): string {
    return this.inventoryFile ?? join(this.dir, CONFIG_FILE);
  }

  /**
   * The directory as one absolute path with no symbolic links, whatever the working directory it
   * was named from: what tells two config directories apart (two `cfg` in different places are two).
   */
  get realDir(): string {
    return realPathOf(resolve(this.dir));
  }

  defaultName(): string | undefined {
    const d = this.data.default;
    return d && Object.hasOwn(this.data.profiles, d) ? d : undefined;
  }

  /** The default the file names when no such profile exists (removed by hand, or misspelt). */
  missingDefault(): string | undefined {
    const d = this.data.default;
    return d && !Object.hasOwn(this.data.profiles, d) ? d : undefined;
  }

  /** Every profile; one the file holds in a shape forgectl cannot use is an error naming the file. */
  list(): Profile[] {
    return Object.entries(this.data.profiles)
      .map(([name, data]) => checkedProfile(this.path, name, data))
      .sort((a, b) => byProfileName(a.name, b.name));
  }

  /** The names of every profile, none of them checked (a fleet checks each as it uses it). */
  names(): string[] {
    return Object.keys(this.data.profiles).sort(byProfileName);
  }

  /** A profile, checked only itself: one broken profile does not stop the others from working. */
  get(name: string): Profile | undefined {
    const data: unknown = Object.hasOwn(this.data.profiles, name) ? this.data.profiles[name] : undefined;
    return data === undefined ? undefined : checkedProfile(this.path, name, data);
  }

  /** Profiles whose URL has this origin, the default first. */
  byOrigin(origin: string): Profile[] {
    const def = this.defaultName();
    return this.list()
      .filter((p) => originOf(p.url) === origin)
      .sort((a, b) => (a.name === def ? -1 : b.name === def ? 1 : 0));
  }

  /** Writes a profile; the first profile becomes the default. */
  async set(name: string, data: ProfileData, makeDefault = false): Promise<void> {
    checkProfileName(name);
    await this.update((s) => {
      s.profiles[name] = stripUndefined(data);
      if (makeDefault || !s.default || !s.profiles[s.default]) s.default = name;
    });
  }

  /**
   * Changes one profile as it is once the file is locked (another process may have changed it
   * since we read it). `change` may do slow work under the lock (a credential store write), so
   * whatever it decides holds for the file it writes; it returns the profile to write, or
   * undefined to write nothing.
   */
  async updateProfile(name: string, change: (current: Profile | undefined) => Promise<ProfileData | undefined>): Promise<void> {
    await this.update(async (s) => {
      const data = Object.hasOwn(s.profiles, name) ? s.profiles[name] : undefined;
      const next = await change(data ? { name, ...data } : undefined);
      if (!next) return false;
      s.profiles[name] = stripUndefined(next);
    });
  }

  /**
   * Saves a rotated token where the profile reads its token now (decided under the lock, so a
   * `profile set-storage` meanwhile cannot leave it where it will not be read): in the file, or
   * through `toKeyring` at the profile's credential store entry. Returns which. `origin` is the
   * instance that issued the token: a profile pointed elsewhere meanwhile does not get it.
   * `identity`, when given, replaces what the profile says about its token.
   */
  async updateToken(name: string, origin: string, token: string, toKeyring: (ref: KeyringRef) => Promise<void>, identity?: TokenIdentity): Promise<'file' | 'keyring'> {
    let where: 'file' | 'keyring' = 'file';
    await this.updateProfile(name, async (current) => {
      if (!current) throw new CommandFailedError(`profile ${name} was removed meanwhile`);
      const { name: _n, ...data } = current;
      const now = originOf(data.url);
      if (now !== origin) throw new CommandFailedError(`profile ${name} now points at ${now ?? data.url} (changed meanwhile), not at ${origin} which issued the token`);
      // Moved to a helper by another process: a token stored anywhere would never be read.
      if (data.tokenCommand) throw new CommandFailedError(`profile ${name} now reads its token from a command (changed meanwhile)`);
      const described = identity ? { ...data, verified: identity } : undefined;
      if (data.keyring) {
        await toKeyring(data.keyring);
        where = 'keyring';
        return described;
      }
      return { ...(described ?? data), token };
    });
    return where;
  }

  async setDefault(name: string): Promise<void> {
    await this.update((s) => {
      if (!s.profiles[name]) throw unknownProfile(name, Object.keys(s.profiles));
      s.default = name;
    });
  }

  /** Removes a profile. Removing the default leaves no default unless exactly one profile remains. */
  async remove(name: string): Promise<void> {
    await this.update((s) => {
      if (!s.profiles[name]) throw unknownProfile(name, Object.keys(s.profiles));
      delete s.profiles[name];
      if (s.default === name) {
        const left = Object.keys(s.profiles);
        s.default = left.length === 1 ? left[0] : undefined;
      }
    });
  }

  /**
   * Read–modify–write under a lock: the file is read again once locked (another process may have
   * written since we opened it), changed, written to a temporary file and renamed over the old one.
   */
  private async update(change: (s: StoreShape) => void | false | Promise<void | false>): Promise<void> {
    if (this.inventoryFile) throw inventoryIsReadOnly(this.inventoryFile);
    const path = this.path;
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      if ((statSync(this.dir).mode & 0o077) !== 0) chmodSync(this.dir, 0o700);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EPERM' && statSafe(this.dir)?.isDirectory()) {
        // A directory we cannot chmod (not ours): the file itself is still written 0600.
      } else if (code === 'EEXIST' || code === 'ENOTDIR') {
        throw new UsageError(`config directory ${this.dir} is not a directory`, 'pass --config-dir (or FORGECTL_CONFIG_DIR) naming a directory');
      } else if (isNotWritable(err)) {
        throw notWritable(`config directory ${this.dir} cannot be created`, err);
      } else {
        throw new CommandFailedError(`cannot create config directory ${this.dir}: ${describeFsError(err)}`, 'check its permissions, or point --config-dir (or FORGECTL_CONFIG_DIR) elsewhere');
      }
    }
    // Asked before locking: the lock would retry its way to a misleading "remove the .lock" first.
    try {
      accessSync(this.dir, constants.W_OK);
    } catch (err) {
      if (isNotWritable(err)) throw notWritable(`config directory ${this.dir} is not writable`, err);
    }
    // CommonJS: under Node its exports are `default`; bundled, only `default` has them.
    const lockfile = (await import('proper-lockfile')).default;
    // Locked where it is written: two config dirs whose config.json links to one file share one lock.
    const target = realPathOf(path);
    let release: () => Promise<void>;
    try {
      release = await lockfile.lock(target, {
        realpath: false,
        stale: 10_000,
        retries: { retries: 200, factor: 1.2, minTimeout: 5, maxTimeout: 100, randomize: true },
      });
    } catch (err) {
      // The lock is a directory made beside the file: failing to make it says the directory is read-only.
      if (isNotWritable(err)) throw notWritable(`config directory ${this.dir} is not writable`, err);
      const hint = (err as NodeJS.ErrnoException).code === 'ELOCKED' ? `if no other forgectl is running, remove ${target}.lock` : 'check the config directory, or point --config-dir elsewhere';
      throw new CommandFailedError(`cannot lock config file ${path}: ${describeFsError(err)}`, hint);
    }
    try {
      const fresh = readStore(path);
      // false: nothing to write (the change happened elsewhere, e.g. in the credential store).
      if ((await change(fresh)) === false) {
        this.data = fresh;
        return;
      }
      writeAtomic(path, JSON.stringify(stripUndefined(fresh), null, 2) + '\n', this.dir);
      this.data = fresh;
    } finally {
      await release().catch(() => undefined);
    }
  }
}

/** Profiles are never written under --inventory: the file is the fleet's, kept in git. */
export function inventoryIsReadOnly(file: string): UsageError {
  return new UsageError(`the instances come from the inventory ${file}: forgectl writes no profile there`, 'edit the file itself, or run without --inventory (and without FORGECTL_INVENTORY) to change the config directory\'s profiles');
}

/** realpath of a path that may not exist yet: its nearest existing ancestor resolved, the rest as given. */
function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPathOf(parent), basename(path));
  }
}

function writeAtomic(path: string, text: string, configDir: string): void {
  // A symbolic link (config.json kept in a dotfiles repository) is written through.
  const target = writeTarget(path);
  try {
    replaceWhole(target, text, 0o600);
  } catch (err) {
    if (isNotWritable(err)) {
      throw notWritable(target === path ? `config directory ${configDir} is not writable` : `directory ${dirname(target)}, where ${path} links to, is not writable`, err);
    }
    throw new CommandFailedError(`cannot write config file ${target}: ${describeFsError(err)}`, 'check its permissions and free space, or point --config-dir elsewhere');
  }
}

/** Permission or a read-only file system: nothing forgectl can do, the user must choose another place. */
function isNotWritable(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM' || code === 'EROFS';
}

function notWritable(what: string, err: unknown): UsageError {
  return new UsageError(`${what} (${describeFsError(err)})`, 'fix its permissions, or point --config-dir (or FORGECTL_CONFIG_DIR) at a directory you can write');
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
