// The system credential store (Secret Service on Linux, Keychain on macOS, Credential Manager on
// Windows) through @napi-rs/keyring. The native module is imported only when a profile uses the
// store, so commands that never touch it start as fast as before.

/** Where a token lives in the store; config.json keeps this reference instead of the token. */
export interface KeyringRef {
  service: string;
  account: string;
}

const KEYRING_SERVICE = 'forgectl';

/** The store cannot be reached or refused the operation (locked, no D-Bus session…): exit 1. */
export class CredentialStoreError extends Error {
  override name = 'CredentialStoreError';
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** get/set/delete of one secret per reference; `env` is the run's environment (D-Bus address). */
export interface SecretStore {
  get(ref: KeyringRef, env: NodeJS.ProcessEnv): Promise<string | undefined>;
  set(ref: KeyringRef, secret: string, env: NodeJS.ProcessEnv): Promise<void>;
  delete(ref: KeyringRef, env: NodeJS.ProcessEnv): Promise<boolean>;
}

/**
 * The entry of a profile's token: per profile, config directory and instance origin, so replacing a
 * profile with another instance's URL writes a new entry and never overwrites the one that the
 * config still points at for the old instance (a failed config write must not send B's token to A).
 * `configDir` is the real absolute path: two directories both typed `cfg` never share an entry.
 * Entries are found through the reference config.json keeps, so those written before (keyed by the
 * directory as typed) are still read.
 */
export function keyringRefFor(profile: string, configDir: string, origin: string): KeyringRef {
  return { service: KEYRING_SERVICE, account: `${profile}@${configDir} for ${origin}` };
}

type Keyring = typeof import('@napi-rs/keyring');
let loaded: Promise<Keyring> | undefined;

async function entry(ref: KeyringRef, env: NodeJS.ProcessEnv) {
  // Without a session bus libdbus cannot find the Secret Service; saying so is clearer than its
  // X11-autolaunch message, and skips loading the native module on headless machines.
  if (process.platform === 'linux' && !env.DBUS_SESSION_BUS_ADDRESS) {
    throw new CredentialStoreError('no D-Bus session for the Secret Service: DBUS_SESSION_BUS_ADDRESS is not set');
  }
  try {
    loaded ??= import('@napi-rs/keyring');
    const { AsyncEntry } = await loaded;
    // Pinned to the Secret Service: left to itself the binding falls back to the kernel keyring,
    // which forgets everything at reboot.
    return new AsyncEntry(ref.service, ref.account, { linux: { store: 'secret-service' } });
  } catch (err) {
    throw storeError(err);
  }
}

function storeError(err: unknown): CredentialStoreError {
  if (err instanceof CredentialStoreError) return err;
  const msg = (err as Error)?.message ?? String(err);
  return new CredentialStoreError(msg.split('\n')[0]!.trim() || 'unknown failure');
}

export const systemKeyring: SecretStore = {
  async get(ref, env) {
    const e = await entry(ref, env);
    try {
      return (await e.getPassword()) ?? undefined;
    } catch (err) {
      throw storeError(err);
    }
  },
  async set(ref, secret, env) {
    const e = await entry(ref, env);
    try {
      await e.setPassword(secret);
    } catch (err) {
      throw storeError(err);
    }
  },
  async delete(ref, env) {
    const e = await entry(ref, env);
    try {
      return await e.deleteCredential();
    } catch (err) {
      throw storeError(err);
    }
  },
};
