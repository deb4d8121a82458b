// Profile commands: the store is src/core/profiles.ts; verification asks the instance who the token is.

import { fleetPatterns, fleetSource, selectProfiles, unknownProfile } from '../../core/profile-selection.js';
import { resolve } from 'node:path';
import type { Context } from '../../context.js';
import { getCurrentUser, pingVersion } from '../../api/instance.js';
import { getToken, type Token } from '../../api/tokens.js';
import { ApiError, CancelledError, NetworkError, UsageError } from '../../core/errors.js';
import { isLoopbackHost, normalizeBaseUrl, type TokenType } from '../../core/http.js';
import { none, object, list, text, type CommandResult, type Column } from '../../core/output.js';
import { forgetOldToken, moveToken, placeToken, readProfileToken, replaceStoredToken, STORAGES, tokenStorage, type StorageChoice } from '../../core/profile-token.js';
import { checkProfileName, originOf, type Profile, type ProfileData, type TokenIdentity } from '../../core/profiles.js';
import { splitCommand, tokenDefect } from '../../core/token-command.js';
import { maskToken } from '../../core/redact.js';
import { refText } from '../../core/secret-refs.js';
import { readPemFile } from '../../core/tls-files.js';
import { confirmDestructive } from '../shared.js';

/**
 * TLS files are stored as absolute paths (a relative one would break from another directory) and
 * checked now by the same reader the HTTP client uses, so a file accepted here is one it can load.
 */
function checkPemFile(option: string, file: string, kind: 'ca' | 'cert' | 'key'): string {
  if (!file) throw new UsageError(`${option} is empty`);
  const abs = resolve(file);
  readPemFile(option, abs, kind);
  return abs;
}

interface AddOptions {
  url: string;
  tokenStdin?: boolean;
  token?: string;
  tokenType: TokenType;
  tokenCommand?: string;
  storage?: StorageChoice;
  sudo?: string;
  caFile?: string;
  clientCert?: string;
  clientKey?: string;
  insecure?: boolean;
  default?: boolean;
  verify: boolean;
}

/** A profile as shown to people and scripts: never the whole token. */
function view(p: Profile, defaultName: string | undefined) {
  // Identity as recorded by the last verification: read from the file, nothing is asked.
  const v = p.verified;
  return {
    name: p.name,
    default: p.name === defaultName,
    url: p.urlProblem ? null : p.url,
    user: v?.username ?? (v?.userId !== undefined ? `#${v.userId}` : null),
    user_id: v?.userId ?? null,
    admin: v?.isAdmin ?? null,
    token_id: v?.tokenId ?? null,
    scopes: v?.scopes ?? null,
    token_expires_at: v?.expiresAt ?? null,
    verified_at: v?.verifiedAt ?? null,
    // Only a token kept in the file is shown (masked): listing must not unlock a store or run helpers.
    token: p.token ? maskToken(p.token) : null,
    token_type: p.tokenType ?? 'personal',
    storage: tokenStorage(p),
    token_command: p.tokenCommand ?? null,
    // An inventory's instance: the reference its token is read from, and where the file defines it.
    token_reference: p.tokenRef ?? null,
    defined_at: p.inventory?.at ?? null,
    sudo: p.sudo ?? null,
    ca_file: p.caFile ?? null,
    client_cert: p.clientCert ?? null,
    insecure: !!p.insecure,
  };
}

const UNKNOWN = '—';

const COLUMNS: Column<ReturnType<typeof view>>[] = [
  { key: 'default', header: ' ', value: (p) => (p.default ? '*' : '') },
  { key: 'name' },
  { key: 'url', value: (p) => p.url ?? UNKNOWN },
  { key: 'user', value: (p) => p.user ?? UNKNOWN },
  { key: 'admin', value: (p) => (p.admin === null ? UNKNOWN : p.admin ? 'yes' : 'no') },
  { key: 'storage', header: 'token in', value: (p) => (p.token_reference ? refText(p.token_reference) : p.storage) },
  { key: 'token_expires_at', header: 'expires', value: (p) => (p.verified_at ? (p.token_expires_at ?? 'never') : UNKNOWN) },
  { key: 'verified_at', header: 'verified', value: (p) => (p.verified_at ? p.verified_at.slice(0, 10) : 'not verified') },
];

/** What a verification learned: the token, and its user when the token may read GET /user. */
interface Verified {
  token: Token;
  identity: TokenIdentity;
}

async function verifyToken(ctx: Context, data: ProfileData, name: string): Promise<Verified | undefined> {
  if (!data.token && !data.tokenCommand) return undefined;
  // Decided before the helper runs: a job token is never checked, so its helper is not asked.
  if (data.tokenType === 'job') {
    ctx.notice('Not verifying: job tokens cannot read /personal_access_tokens/self.');
    return undefined;
  }
  const token = data.tokenCommand ? await readProfileToken(ctx, { name, ...data }) : data.token;
  const client = ctx.makeClient(data.url, { token, tokenType: data.tokenType ?? 'personal', sudo: undefined }, {
    caFile: data.caFile,
    insecure: data.insecure,
    clientCert: data.clientCert,
    clientKey: data.clientKey,
  });
  const self = await getToken(client, 'self');
  // A token without read_user/read_api/api (only self_rotate…) may not read its user: not a failure.
  const user = await getCurrentUser(client).catch((err: unknown) => {
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) return undefined;
    throw err;
  });
  const identity: TokenIdentity = {
    tokenId: self.id,
    tokenName: self.name,
    userId: user?.id ?? self.user_id,
    username: user?.username,
    // GitLab shows is_admin to administrators only: a readable user without it is not one.
    isAdmin: user ? user.is_admin === true : undefined,
    scopes: self.scopes,
    expiresAt: self.expires_at ?? null,
    verifiedAt: new Date(ctx.clock.now()).toISOString(),
  };
  return { token: self, identity };
}

function describeToken({ token: t, identity: who }: Verified): string {
  const expiry = t.expires_at ? `expires ${t.expires_at}` : 'no expiry';
  const user = who.username ? `${who.username} (id ${who.userId})${who.isAdmin ? ', an administrator' : ''}` : `${who.userId ?? '?'}`;
  return `token "${t.name}" (id ${t.id}) of user ${user}, scopes ${(t.scopes ?? []).join(',') || 'none'}, ${expiry}`;
}

/** Asked before any verification request: replacing an existing profile needs --yes or a "yes". */
async function confirmReplace(ctx: Context, name: string): Promise<void> {
  const store = await ctx.profiles();
  const old = store.get(name);
  if (old && !ctx.globals.yes) {
    if (!ctx.interactive) throw new UsageError(`profile ${name} exists`, 'pass --yes to replace it');
    await confirmDestructive(ctx, `Replace the existing profile ${name}?`);
  }
}

/**
 * Saves the profile and says so. On a terminal that is one sentence (whose token, where it is kept);
 * the record is printed in a pipe and with -o json|yaml, for scripts. `told`: the verification was said already.
 */
async function save(
  ctx: Context,
  name: string,
  data: ProfileData,
  makeDefault: boolean,
  storage: StorageChoice | undefined,
  who?: Verified,
  told = false,
): Promise<CommandResult> {
  const store = await ctx.profiles();
  const old = store.get(name);
  if (ctx.dryRun) {
    ctx.notice(`dry run: would save profile ${name} to ${store.path}`);
    return none;
  }
  const { token, ...rest } = data;
  const saved: ProfileData = token ? { ...rest, ...(await placeToken(ctx, store, name, rest.url, token, storage)) } : rest;
  try {
    await store.set(name, saved, makeDefault);
  } catch (err) {
    // No config names the entry just written (a directory that cannot be written): it would stay behind.
    await forgetOldToken(ctx, saved, old);
    throw err;
  }
  await forgetOldToken(ctx, old, saved);
  const where = saved.keyring ? ' (token in the system credential store)' : '';
  const isDefault = store.defaultName() === name ? ' (default)' : '';
  if (ctx.stdoutIsTTY && ctx.globals.output === 'table') {
    const whose = who && !told ? `: ${describeToken(who)}` : '';
    ctx.notice(`Saved profile ${name}${isDefault} to ${store.path}${where}${whose}.`);
    return none;
  }
  if (who && !told) ctx.notice(`Verified ${describeToken(who)}.`);
  ctx.notice(`Saved profile ${name} to ${store.path}${where}${isDefault}.`);
  return object(view(store.get(name)!, store.defaultName()));
}

/** --token-command is checked for quoting now, so a broken one is never saved. */
function checkTokenCommand(command: string | undefined, o: { token?: string; tokenStdin?: boolean; storage?: string }): void {
  if (command === undefined) return;
  if (o.token || o.tokenStdin) throw new UsageError('--token-command cannot be used with --token or --token-stdin');
  if (o.storage) throw new UsageError('--token-command stores no token, so --storage does not apply');
  splitCommand(command);
}

export async function addProfile(ctx: Context, opts: AddOptions, name: string): Promise<CommandResult> {
  checkProfileName(name);
  if (opts.tokenStdin && opts.token) throw new UsageError('--token and --token-stdin cannot be used together');
  if (!!opts.clientCert !== !!opts.clientKey) throw new UsageError('--client-cert and --client-key go together');
  checkTokenCommand(opts.tokenCommand, opts);
  if (opts.token === '') throw new UsageError('--token is empty', 'give a token, or use --token-stdin');
  const url = normalizeBaseUrl(opts.url);
  const caFile = opts.caFile === undefined ? undefined : checkPemFile('--ca-file', opts.caFile, 'ca');
  const clientCert = opts.clientCert === undefined ? undefined : checkPemFile('--client-cert', opts.clientCert, 'cert');
  const clientKey = opts.clientKey === undefined ? undefined : checkPemFile('--client-key', opts.clientKey, 'key');
  await confirmReplace(ctx, name);
  let token = opts.token;
  if (opts.token) ctx.warnOnce('token-flag', 'a token given with --token can be seen by other users in the process list; prefer --token-stdin');
  if (opts.tokenStdin) token = await ctx.readSecretFromStdin('token');
  ctx.redactor.add(token);
  if (!token && !opts.tokenCommand) ctx.warn('no token given: the profile can only read public data');
  const data: ProfileData = {
    url,
    token,
    tokenCommand: opts.tokenCommand,
    tokenType: opts.tokenType,
    sudo: opts.sudo,
    caFile,
    clientCert,
    clientKey,
    insecure: opts.insecure || undefined,
  };
  const who = opts.verify ? await verifyToken(ctx, data, name) : undefined;
  data.verified = who?.identity;
  return save(ctx, name, data, !!opts.default, opts.storage, who);
}

export async function loginProfile(ctx: Context, opts: { tokenCommand?: string; storage?: StorageChoice } = {}): Promise<CommandResult> {
  checkTokenCommand(opts.tokenCommand, opts);
  if (!ctx.interactive) {
    throw new UsageError('profile login needs a terminal', 'use `forgectl profile add NAME --url URL --token-stdin` in scripts');
  }
  const p = ctx.prompt;
  let lastUrl = 'https://gitlab.com';
  let tokenType: TokenType | undefined;
  // Asked again, as the migration wizard does, until the URL answers as an API and the token is accepted.
  for (;;) {
    const url = await askReachableUrl(ctx, lastUrl);
    lastUrl = url;
    tokenType ??= await p.select<TokenType>('Token type:', [
      { name: 'Personal, project or group access token', value: 'personal' },
      { name: 'OAuth 2.0 token', value: 'oauth' },
      { name: 'CI job token', value: 'job' },
    ]);
    const suggested = suggestedProfileName(url);
    const signedIn = await askAcceptedToken(ctx, url, tokenType, suggested, opts.tokenCommand);
    if (!signedIn) continue;
    const { data, who } = signedIn;
    // Said now: the questions that follow are asked knowing whose token it is.
    if (who) ctx.notice(`Verified ${describeToken(who)}.`);
    data.verified = who?.identity;
    const name = await p.input('Profile name:', {
      default: suggested,
      validate: (v) => {
        try {
          checkProfileName(v || suggested);
          return true;
        } catch (e) {
          return (e as Error).message;
        }
      },
    });
    const store = await ctx.profiles();
    await confirmReplace(ctx, name || suggested);
    const makeDefault = !store.defaultName() || (await p.confirm('Make it the default profile?', true));
    return save(ctx, name || suggested, data, makeDefault, opts.storage, who, true);
  }
}

/**
 * A profile name for an instance: `sandbox` on loopback, the host's first word otherwise
 * (`gitlab.example.com` gives `gitlab`; `www.` is skipped), an IP address whole with dashes.
 */
export function suggestedProfileName(url: string): string {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLoopbackHost(host)) return 'sandbox';
  const isAddress = host.includes(':') || /^\d+(\.\d+){3}$/.test(host);
  const words = host.split('.').filter((w) => w && w !== 'www');
  const name = (isAddress ? host.replace(/[.:]/g, '-') : words[0] ?? '').replace(/[^a-z0-9._-]/g, '').slice(0, 64);
  return /^[a-z0-9]/.test(name) ? name : 'default';
}

const PROBE_LIMITS = { retries: 0, connectTimeoutMs: 5_000, timeoutMs: 15_000 };

/** The instance URL, asked until something there answers as the API (before any token is typed). */
async function askReachableUrl(ctx: Context, suggested: string): Promise<string> {
  for (;;) {
    const raw = await ctx.prompt.input('Instance URL:', {
      default: suggested,
      validate: (v) => {
        try {
          normalizeBaseUrl(v);
          return true;
        } catch (e) {
          return (e as Error).message;
        }
      },
    });
    const url = normalizeBaseUrl(raw);
    const problem = await ctx.progress.while(`checking ${url}`, () => probeInstance(ctx, url));
    if (!problem) return url;
    ctx.warn(`${problem}; asking again`);
    suggested = url;
  }
}

/** Why URL is not an instance to log in to, or undefined: /version answers (401 without a token is an answer). */
async function probeInstance(ctx: Context, url: string): Promise<string | undefined> {
  const probe = ctx.makeClient(url, { tokenType: 'personal' }, {}, PROBE_LIMITS);
  try {
    await pingVersion(probe);
    return undefined;
  } catch (e) {
    if (e instanceof CancelledError) throw e;
    if (e instanceof ApiError && (e.status === 401 || e.status === 403) && e.body !== null && typeof e.body === 'object') return undefined;
    if (e instanceof NetworkError) return `cannot reach ${url}: ${e.message}`;
    return `${url} does not answer as a GitLab API v4 instance (${(e as Error).message})`;
  }
}

/**
 * The token, asked until the instance accepts it; undefined sends the user back to the URL (it
 * stopped answering). A token command is not asked again: its refusal is the error.
 */
async function askAcceptedToken(
  ctx: Context,
  url: string,
  tokenType: TokenType,
  name: string,
  tokenCommand: string | undefined,
): Promise<{ data: ProfileData; who?: Verified } | undefined> {
  for (;;) {
    let data: ProfileData;
    if (tokenCommand) {
      data = { url, tokenCommand, tokenType };
    } else {
      const token = await ctx.prompt.password('Token (input hidden):', { validate: (v) => (v.trim() ? true : 'a token is needed') });
      ctx.redactor.add(token.trim());
      data = { url, token: token.trim(), tokenType };
    }
    try {
      return { data, who: await ctx.progress.while(`checking the token at ${url}`, () => verifyToken(ctx, data, name)) };
    } catch (e) {
      if (tokenCommand || e instanceof CancelledError) throw e;
      if (e instanceof NetworkError) {
        ctx.warn(`cannot reach ${url}: ${e.message}; asking again`);
        return undefined;
      }
      if (!(e instanceof ApiError) || (e.status !== 401 && e.status !== 403)) throw e;
      ctx.warn(`${url} refused the token (${e.message}): it is mistyped, revoked, expired or lacks a scope; asking again`);
    }
  }
}

export async function listProfiles(ctx: Context): Promise<CommandResult> {
  const store = await ctx.profiles();
  const def = store.defaultName();
  // With --profiles or --all-profiles: the profiles that fleet would take, in the order it runs them.
  const patterns = fleetPatterns(ctx.globals);
  const profiles = patterns ? selectProfiles(store.names(), patterns, fleetSource(ctx.globals), store.inventoryFile).map((name) => store.get(name)!) : store.list();
  return list(profiles.map((p) => view(p, def)), COLUMNS, { empty: 'No profiles yet: add one with `forgectl profile add NAME --url URL --token-stdin`.' });
}

export async function showProfile(ctx: Context, name?: string): Promise<CommandResult> {
  const store = await ctx.profiles();
  const wanted = name ?? ctx.globals.profile ?? ctx.env.FORGECTL_PROFILE ?? store.defaultName();
  const missingDefault = !wanted && store.missingDefault();
  if (missingDefault) throw new UsageError(`the default profile ${missingDefault} named in ${store.path} does not exist`, 'choose another with `forgectl profile use NAME` (see `forgectl profile list`)');
  if (!wanted) throw new UsageError('no profile in use', 'add one with `forgectl profile add NAME --url URL --token-stdin`');
  const p = store.get(wanted);
  if (!p) throw unknownProfile(wanted, store.names());
  return object(view(p, store.defaultName()));
}

export async function useProfile(ctx: Context, name: string): Promise<CommandResult> {
  const store = await ctx.profiles();
  if (ctx.dryRun) {
    if (!store.get(name)) throw unknownProfile(name, store.names());
    ctx.notice(`dry run: would make ${name} the default profile`);
    return none;
  }
  await store.setDefault(name);
  ctx.notice(`Default profile is now ${name}.`);
  return none;
}

export async function removeProfile(ctx: Context, name: string): Promise<CommandResult> {
  const store = await ctx.profiles();
  if (!store.get(name)) throw unknownProfile(name, store.names());
  await confirmDestructive(ctx, `Remove profile ${name} and its stored token?`);
  if (ctx.dryRun) {
    ctx.notice(`dry run: would remove profile ${name}`);
    return none;
  }
  const old = store.get(name);
  const wasDefault = store.defaultName() === name;
  await store.remove(name);
  await forgetOldToken(ctx, old);
  ctx.notice(`Removed profile ${name}.`);
  if (wasDefault) {
    const now = store.defaultName();
    if (now) ctx.notice(`${name} was the default profile; ${now}, the only one left, is the default now.`);
    else if (store.list().length) ctx.warn(`${name} was the default profile; there is no default now: choose one with \`forgectl profile use NAME\``);
  }
  return none;
}

export async function setStorage(ctx: Context, name: string, to: string): Promise<CommandResult> {
  if (!(STORAGES as readonly string[]).includes(to)) throw new UsageError(`invalid storage: ${JSON.stringify(to)}`, `use one of ${STORAGES.join(', ')}`);
  const store = await ctx.profiles();
  const result = await moveToken(ctx, store, name, to as StorageChoice);
  const place = to === 'keyring' ? 'the system credential store' : store.path;
  if (result === 'unchanged') ctx.notice(`The token of profile ${name} is already in ${place}.`);
  else if (ctx.dryRun) ctx.notice(`dry run: would move the token of profile ${name} to ${place}`);
  else ctx.notice(`Moved the token of profile ${name} to ${place}.`);
  return none;
}

interface SetTokenOptions {
  tokenStdin?: boolean;
  token?: string;
  verify: boolean;
}

/** The new token of `profile set-token`: from stdin, the flag, or a hidden prompt on a terminal. */
async function readNewToken(ctx: Context, opts: SetTokenOptions, name: string): Promise<string> {
  if (opts.tokenStdin && opts.token !== undefined) throw new UsageError('--token and --token-stdin cannot be used together');
  if (opts.token === '') throw new UsageError('--token is empty', 'give a token, or use --token-stdin');
  let token: string;
  if (opts.tokenStdin) {
    token = await ctx.readSecretFromStdin('token');
  } else if (opts.token !== undefined) {
    ctx.warnOnce('token-flag', 'a token given with --token can be seen by other users in the process list; prefer --token-stdin');
    token = opts.token.trim();
  } else if (ctx.interactive) {
    token = (await ctx.prompt.password(`New token for profile ${name} (input hidden):`, { validate: (v) => (v.trim() ? true : 'a token is needed') })).trim();
  } else {
    throw new UsageError('no token given', `pass it on standard input: \`forgectl profile set-token ${name} --token-stdin < FILE\``);
  }
  ctx.redactor.add(token);
  const defect = tokenDefect(token);
  if (defect) throw new UsageError(`the new token ${defect}`);
  return token;
}

/** Who held the profile before and who holds it now, when both are known and differ. */
function userChange(before: TokenIdentity | undefined, after: TokenIdentity | undefined): string | undefined {
  if (before?.userId === undefined || after?.userId === undefined || before.userId === after.userId) return undefined;
  const who = (i: TokenIdentity) => (i.username ? `${i.username} (id ${i.userId})` : `id ${i.userId}`);
  return `the new token belongs to user ${who(after)}, not to ${who(before)} as the old one did`;
}

export async function setProfileToken(ctx: Context, opts: SetTokenOptions, name: string): Promise<CommandResult> {
  checkProfileName(name);
  const store = await ctx.profiles();
  const p = store.get(name);
  if (!p) throw unknownProfile(name, store.names());
  if (p.tokenCommand) {
    throw new UsageError(
      `profile ${name} reads its token from \`${p.tokenCommand}\`; forgectl stores no token for it`,
      'put the new token where that command reads it, or replace the profile with `forgectl profile add … --token-stdin --yes`',
    );
  }
  const origin = originOf(p.url);
  if (!origin) throw new UsageError(`profile ${name} in ${store.path} has an unusable URL: ${p.url}`);
  const token = await readNewToken(ctx, opts, name);
  const { name: _n, ...data } = p;
  let identity: TokenIdentity | undefined;
  if (opts.verify) {
    const who = await verifyToken(ctx, { ...data, token }, name);
    if (who) ctx.notice(`Verified ${describeToken(who)}.`);
    identity = who?.identity;
    const changed = userChange(p.verified, identity);
    if (changed) ctx.warn(changed);
  }
  const place = tokenStorage(p) === 'keyring' ? 'the system credential store' : store.path;
  if (ctx.dryRun) {
    ctx.notice(`dry run: would replace the token of profile ${name} (in ${place})`);
    return none;
  }
  const where = await replaceStoredToken(ctx, store, name, origin, token, identity);
  ctx.notice(`Replaced the token of profile ${name} (in ${where}).`);
  return object(view(store.get(name)!, store.defaultName()));
}

/** `profile schema`: the inventory file's JSON Schema, for editors. */
export async function inventorySchema(): Promise<CommandResult> {
  const { inventoryJsonSchema } = await import('../../inventory.js');
  return text(JSON.stringify(inventoryJsonSchema(), null, 2));
}
