// Where a profile's token lives, and moving it there: the system credential store (config.json keeps
// a reference), the config file itself, or a helper command (nothing stored). The commands and the
// Context go through these functions and never touch a backend directly.

import { CredentialStoreError, keyringRefFor, systemKeyring, type KeyringRef } from './credential-store.js';
import { CommandFailedError, MissingCredentialsError, UsageError } from './errors.js';
import { unknownProfile } from './profile-selection.js';
import { originOf, type Profile, type ProfileData, type ProfileStore, type TokenIdentity } from './profiles.js';
import type { Redactor } from './redact.js';
import { resolveSecretRef } from './secret-refs.js';
import { runTokenCommand, tokenDefect } from './token-command.js';

/** The part of the command's Context these functions use: core does not import the layer above it. */
interface Context {
  readonly env: NodeJS.ProcessEnv;
  readonly globals: { readonly timeout: number };
  readonly abort: { readonly signal: AbortSignal };
  readonly redactor: Pick<Redactor, 'add'>;
  readonly dryRun: boolean;
  warn(message: string): void;
}

/** `reference`: an inventory's `{env}` or `{file}`, read each time; nothing is stored. */
export type TokenStorage = 'keyring' | 'file' | 'command' | 'reference' | 'none';
export const STORAGES = ['keyring', 'file'] as const;
export type StorageChoice = (typeof STORAGES)[number];

export function tokenStorage(p: ProfileData): TokenStorage {
  if (p.tokenCommand) return 'command';
  if (p.tokenRef) return 'reference';
  if (p.keyring) return 'keyring';
  return p.token ? 'file' : 'none';
}

export function profileHasToken(p: ProfileData | undefined): p is ProfileData {
  return !!p && tokenStorage(p) !== 'none';
}

/** Fetches a profile's token from wherever it lives; a missing one is an auth failure (exit 4). */
export async function readProfileToken(ctx: Context, p: Profile): Promise<string | undefined> {
  let token: string | undefined;
  switch (tokenStorage(p)) {
    case 'none':
      return undefined;
    case 'file':
      token = p.token;
      break;
    case 'command':
      token = await runTokenCommand(p.tokenCommand!, {
        env: ctx.env,
        timeoutMs: ctx.globals.timeout * 1000,
        owner: p.inventory ? `instance ${p.name} (${p.inventory.tokenAt ?? p.inventory.at})` : `profile ${p.name}`,
        signal: ctx.abort.signal,
      });
      break;
    case 'reference':
      token = await resolveSecretRef(ctx, p.tokenRef!, `${p.inventory?.tokenAt ?? p.inventory?.at ?? p.name}: instances.${p.name}.token`, { baseDir: p.inventory?.dir });
      break;
    case 'keyring':
      try {
        token = await systemKeyring.get(p.keyring!, ctx.env);
      } catch (err) {
        throw new MissingCredentialsError(
          `the token of profile ${p.name} is in the system credential store, which cannot be used: ${(err as Error).message}`,
          `unlock the store, or where it works move the token with \`forgectl profile set-storage ${p.name} file\``,
        );
      }
      if (!token) {
        throw new MissingCredentialsError(
          `the token of profile ${p.name} is missing from the system credential store`,
          `save it again with \`forgectl profile set-token ${p.name} --token-stdin\``,
        );
      }
      break;
  }
  ctx.redactor.add(token);
  // A stored token edited by hand (a pasted control character) is refused here, not by the HTTP layer.
  const defect = token ? tokenDefect(token) : undefined;
  if (defect && p.inventory) throw new UsageError(`${p.inventory.at}: the token of instance ${p.name} cannot be sent: it ${defect}`);
  if (defect) {
    throw new MissingCredentialsError(
      `the token stored for profile ${p.name} cannot be sent: it ${defect}`,
      `save it again with \`forgectl profile set-token ${p.name} --token-stdin\``,
    );
  }
  return token;
}

/**
 * Puts a new token where it was asked to go. With no choice, the credential store if one is
 * reachable, else the file with a one-line warning; `keyring` refuses instead of falling back.
 */
export async function placeToken(
  ctx: Context,
  store: ProfileStore,
  name: string,
  url: string,
  token: string,
  choice: StorageChoice | undefined,
): Promise<Pick<ProfileData, 'token' | 'keyring'>> {
  if (choice === 'file') return { token };
  const ref = keyringRefFor(name, store.realDir, new URL(url).origin);
  try {
    await systemKeyring.set(ref, token, ctx.env);
    return { keyring: ref };
  } catch (err) {
    if (choice === 'keyring') {
      throw new CredentialStoreError(
        `cannot save the token in the system credential store: ${(err as Error).message}`,
        'pass --storage file to keep it in config.json (mode 0600) instead',
      );
    }
    ctx.warn(`no system credential store is reachable (${(err as Error).message}); the token is kept in ${store.path} (pass --storage file to choose this)`);
    return { token };
  }
}

/** After a profile was replaced or removed: deletes its old store entry unless still in use. */
export async function forgetOldToken(ctx: Context, old: ProfileData | undefined, now?: ProfileData): Promise<void> {
  if (!old?.keyring || sameRef(old.keyring, now?.keyring)) return;
  try {
    await systemKeyring.delete(old.keyring, ctx.env);
  } catch (err) {
    ctx.warn(`could not remove the old token from the system credential store (${(err as Error).message}); remove "${old.keyring.account}" there by hand`);
  }
}

function sameRef(a: KeyringRef, b: KeyringRef | undefined): boolean {
  return !!b && a.service === b.service && a.account === b.account;
}

/**
 * Saves a rotated secret where the profile reads its token, as the config file says once locked
 * (not as it was when the rotation began); returns where, for the notice.
 */
export async function saveRotatedToken(ctx: Context, store: ProfileStore, p: Profile, token: string, identity?: TokenIdentity): Promise<string> {
  const where = await store.updateToken(p.name, originOf(p.url)!, token, (ref) => systemKeyring.set(ref, token, ctx.env), identity);
  return where === 'keyring' ? 'the system credential store' : store.path;
}

/**
 * `profile set-token`: the new token goes where the profile keeps its token now (its credential
 * store entry, or the file; a profile without one gets the default place, as `profile add` does),
 * with what its verification learned. Returns where, for the notice.
 */
export async function replaceStoredToken(ctx: Context, store: ProfileStore, name: string, origin: string, token: string, identity: TokenIdentity | undefined): Promise<string> {
  let where = store.path;
  await store.updateProfile(name, async (current) => {
    if (!current) throw new CommandFailedError(`profile ${name} was removed meanwhile`);
    const { name: _n, verified: _v, ...data } = current;
    if (originOf(data.url) !== origin) throw new CommandFailedError(`profile ${name} now points at ${data.url} (changed meanwhile)`, 'run the command again');
    if (data.tokenCommand) throw new CommandFailedError(`profile ${name} now reads its token from a command (changed meanwhile)`);
    if (data.keyring) {
      try {
        await systemKeyring.set(data.keyring, token, ctx.env);
      } catch (err) {
        throw new CredentialStoreError(
          `cannot save the token in the system credential store: ${(err as Error).message}`,
          'unlock the store and run the command again; the profile still holds its old token',
        );
      }
      where = 'the system credential store';
      return { ...data, verified: identity };
    }
    if (data.token) return { ...data, token, verified: identity };
    const placed = await placeToken(ctx, store, name, data.url, token, undefined);
    if (placed.keyring) where = 'the system credential store';
    return { ...data, ...placed, verified: identity };
  });
  return where;
}

/**
 * Other profiles of this instance that hold the token `tokenId` (as their last verification said),
 * or the very secret `token` when they keep it in the file. Nothing is unlocked and no helper runs,
 * so a keyring or helper profile never verified cannot be told apart, and is not named.
 */
export function profilesHolding(store: ProfileStore, origin: string, tokenId: number, token: string | undefined, except: string | undefined): string[] {
  return store
    .list()
    .filter((p) => p.name !== except && originOf(p.url) === origin)
    .filter((p) => p.verified?.tokenId === tokenId || (!!token && tokenStorage(p) === 'file' && p.token === token))
    .map((p) => p.name);
}

/** Moves a profile's token to the other storage, removing it from the old one. */
export async function moveToken(ctx: Context, store: ProfileStore, name: string, to: StorageChoice): Promise<'moved' | 'unchanged'> {
  const p = store.get(name);
  if (!p) throw unknownProfile(name, store.names());
  const from = tokenStorage(p);
  if (from === 'command') {
    throw new UsageError(`profile ${name} takes its token from a command; there is nothing stored to move`, 'to store a token instead, add the profile again with --token-stdin');
  }
  if (from === 'none') throw new UsageError(`profile ${name} has no token to move`);
  if (from === to) return 'unchanged';
  if (ctx.dryRun) return 'moved';
  // Read, copied and switched under the config lock: a rotation saving its new secret meanwhile
  // waits, then saves where the profile reads from; it never lands in the copy being dropped.
  let next: ProfileData | undefined;
  let old: Profile | undefined;
  await store.updateProfile(name, async (current) => {
    if (!current || tokenStorage(current) !== from) throw new CommandFailedError(`profile ${name} changed meanwhile`, 'run the command again');
    const token = await readProfileToken(ctx, current);
    const { name: _n, token: _t, keyring: _k, ...rest } = current;
    if (to === 'keyring') {
      const ref = keyringRefFor(name, store.realDir, new URL(current.url).origin);
      try {
        await systemKeyring.set(ref, token!, ctx.env);
      } catch (err) {
        throw new CredentialStoreError(`cannot save the token in the system credential store: ${(err as Error).message}`, 'the token stays in config.json');
      }
      next = { ...rest, keyring: ref };
    } else {
      next = { ...rest, token };
    }
    old = current;
    // The new copy is written first: a failure in between leaves two copies, never none.
    return next;
  });
  await forgetOldToken(ctx, old, next);
  return 'moved';
}
