// Credential profiles, stored with `conf` as JSON in the config directory. conf writes through a
// temporary file and a rename (atomic) with the mode we give it (0600); the directory is created 0700.

import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type Conf from 'conf';
import type { KeyringRef } from './credential-store.js';
import { UsageError } from './errors.js';
import type { TokenType } from './http.js';

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
}

export interface Profile extends ProfileData {
  name: string;
}

interface StoreShape {
  default?: string;
  profiles: Record<string, ProfileData>;
}

export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function defaultConfigDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(xdg, 'forgectl');
}

export function checkProfileName(name: string): void {
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(`invalid profile name: ${JSON.stringify(name)}`, 'use letters, digits, ".", "_" and "-" (at most 64 characters)');
  }
}

export class ProfileStore {
  private constructor(
    private readonly conf: Conf<StoreShape>,
    readonly dir: string,
  ) {}

  static async open(dir: string): Promise<ProfileStore> {
    ensurePrivateDir(dir);
    const { default: ConfClass } = await import('conf');
    const conf = new ConfClass<StoreShape>({
      cwd: dir,
      configName: 'config',
      projectSuffix: '',
      configFileMode: 0o600,
      defaults: { profiles: {} },
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
    });
    return new ProfileStore(conf, dir);
  }

  get path(): string {
    return this.conf.path;
  }

  defaultName(): string | undefined {
    return this.conf.get('default');
  }

  list(): Profile[] {
    const profiles = this.conf.get('profiles') ?? {};
    return Object.entries(profiles)
      .map(([name, data]) => ({ name, ...data }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): Profile | undefined {
    const data = (this.conf.get('profiles') ?? {})[name];
    return data ? { name, ...data } : undefined;
  }

  /** Writes a profile; the first profile becomes the default. */
  set(name: string, data: ProfileData, makeDefault = false): void {
    checkProfileName(name);
    const profiles = { ...(this.conf.get('profiles') ?? {}) };
    profiles[name] = stripUndefined(data);
    const next: StoreShape = { profiles, default: this.conf.get('default') };
    if (makeDefault || !next.default || !profiles[next.default]) next.default = name;
    this.conf.store = stripUndefined(next);
  }

  /** Replaces a profile's token in one atomic write (used right after a rotation). */
  updateToken(name: string, token: string): void {
    const current = this.get(name);
    if (!current) throw new UsageError(`no profile named ${name}`);
    const { name: _name, ...data } = current;
    this.set(name, { ...data, token });
  }

  setDefault(name: string): void {
    if (!this.get(name)) throw new UsageError(`no profile named ${name}`, 'see `forgectl profile list`');
    this.conf.set('default', name);
  }

  remove(name: string): void {
    const profiles = { ...(this.conf.get('profiles') ?? {}) };
    if (!profiles[name]) throw new UsageError(`no profile named ${name}`, 'see `forgectl profile list`');
    delete profiles[name];
    const next: StoreShape = { profiles };
    const def = this.conf.get('default');
    if (def && def !== name) next.default = def;
    else if (Object.keys(profiles).length === 1) next.default = Object.keys(profiles)[0];
    this.conf.store = next;
  }
}

function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
  } catch {
    // A directory we cannot chmod (not ours): the file itself is still written 0600.
  }
}

function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
