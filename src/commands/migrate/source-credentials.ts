// The source instance of a migration, as every migrate command that reaches it takes it: a URL and a
// token from standard input or an environment variable, or a saved profile (--source-profile), so a
// source token need never be pasted; --source-ca-file trusts a source behind a private CA (--ca-file
// is the destination's). Checked before any request.

import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';
import { readProfileToken } from '../../core/profile-token.js';
import type { TlsOptions } from '../../core/http.js';
import { checkProfileTlsFiles, readPemFile } from '../../core/tls-files.js';
import { checkUrl } from './rules.js';

export const SOURCE_TOKEN_ENV = 'FORGECTL_SOURCE_TOKEN';

export interface SourceFlags {
  sourceUrl?: string;
  sourceTokenStdin?: boolean;
  sourceTokenEnv?: string;
  sourceProfile?: string;
  /** A CA bundle for the source alone. */
  sourceCaFile?: string;
}

export interface SourceCredentials {
  url: string;
  token: string;
  tls: TlsOptions;
  /** Where the token came from, for messages (never the token). */
  from: string;
}

function envToken(ctx: Context, name: string, why: string): string {
  const value = ctx.env[name]?.trim();
  if (!value) throw new UsageError(`the source token is missing: ${name} is not set or empty (${why})`, 'set it, or pipe the token with --source-token-stdin');
  ctx.redactor.add(value);
  return value;
}

/** Flag combinations that cannot go together; a usage error before anything is read or sent. */
export function checkSourceFlags(o: SourceFlags): void {
  if (o.sourceTokenStdin && o.sourceTokenEnv) throw new UsageError('--source-token-stdin and --source-token-env cannot be used together');
  if (o.sourceProfile !== undefined) {
    const clash = [o.sourceUrl !== undefined && '--source-url', o.sourceTokenStdin && '--source-token-stdin', o.sourceTokenEnv && '--source-token-env'].filter(Boolean);
    if (clash.length) throw new UsageError(`--source-profile and ${clash.join(', ')} cannot be used together`, 'the profile names the source URL and holds its token');
  }
  if (o.sourceUrl !== undefined) {
    const ok = checkUrl(o.sourceUrl);
    if (ok !== true) throw new UsageError(`--source-url ${JSON.stringify(o.sourceUrl)}: ${ok}`);
  }
  // Read now, as --ca-file is: a missing file or one with no certificate sends nothing, destination included.
  if (o.sourceCaFile !== undefined) readPemFile(SOURCE_CA_OPTION, o.sourceCaFile, 'ca');
}

const SOURCE_CA_OPTION = '--source-ca-file';

/** TLS settings for a source typed as a URL: only --source-ca-file. */
export function typedSourceTls(o: Pick<SourceFlags, 'sourceCaFile'>): TlsOptions {
  return o.sourceCaFile ? { caFile: o.sourceCaFile } : {};
}

/** A saved profile as the source: its URL, TLS settings (its CA file replaced by --source-ca-file) and token. */
export async function profileSource(ctx: Context, name: string, caFile?: string): Promise<SourceCredentials> {
  const profile = (await ctx.profiles()).get(name);
  if (!profile) throw new UsageError(`--source-profile ${name}: no profile named ${name}`, 'see `forgectl profile list`, or add one with `forgectl profile add`');
  // The destination instance uses the source token as a personal access token, and so does the source client here.
  if (profile.tokenType && profile.tokenType !== 'personal') {
    throw new UsageError(`--source-profile ${name} holds a token of type ${profile.tokenType}: direct transfer takes a personal access token of the source`, `give one with --source-token-stdin or --source-token-env, or a profile that holds one`);
  }
  const token = await readProfileToken(ctx, profile);
  if (!token) throw new UsageError(`--source-profile ${name}: the profile holds no token`, `add one with \`forgectl profile add ${name} --url ${profile.url} --token-stdin\``);
  ctx.redactor.add(token);
  const tls: TlsOptions = { caFile: caFile ?? profile.caFile, insecure: !!profile.insecure, clientCert: profile.clientCert, clientKey: profile.clientKey };
  // As -p NAME: a stored TLS file gone missing names the profile; verification off is said.
  checkProfileTlsFiles(profile, tls);
  if (tls.insecure) ctx.warnOnce('source-insecure', `TLS certificate verification is off for the source (profile ${name} is insecure)`);
  return { url: profile.url.replace(/\/+$/, ''), token, tls, from: `profile ${name}` };
}

/**
 * The source token from the flags (stdin, a named variable), a plan's token_env, or
 * FORGECTL_SOURCE_TOKEN; with --source-profile, the profile's URL and token instead of `url`. The
 * token is found before `url` is asked for (it may take a request), so a missing one sends nothing.
 */
export async function resolveSource(
  ctx: Context,
  o: SourceFlags,
  url: string | undefined | (() => Promise<string | undefined>),
  plan?: { tokenEnv?: string; file: string },
): Promise<SourceCredentials> {
  if (o.sourceProfile !== undefined) return profileSource(ctx, o.sourceProfile, o.sourceCaFile);
  if (typeof url === 'string' && !url) throw new UsageError('the source URL is missing', 'give --source-url URL, or --source-profile NAME');
  let token: string;
  let from: string;
  if (o.sourceTokenStdin) {
    if (ctx.stdinIsTTY) throw new UsageError('--source-token-stdin needs the token piped in', 'e.g. printf %s "$TOKEN" | forgectl migrate …');
    token = await ctx.readSecretFromStdin('source token');
    from = 'standard input';
  } else if (o.sourceTokenEnv) [token, from] = [envToken(ctx, o.sourceTokenEnv, '--source-token-env'), o.sourceTokenEnv];
  else if (plan?.tokenEnv) [token, from] = [envToken(ctx, plan.tokenEnv, `named by source.token_env in ${plan.file}`), plan.tokenEnv];
  else if (ctx.env[SOURCE_TOKEN_ENV]?.trim()) [token, from] = [envToken(ctx, SOURCE_TOKEN_ENV, 'default variable'), SOURCE_TOKEN_ENV];
  else {
    throw new UsageError(
      'the source token is missing',
      `pipe it with --source-token-stdin, set ${SOURCE_TOKEN_ENV}, name a variable with --source-token-env${plan ? ' or source.token_env in the plan' : ''}, or use --source-profile NAME`,
    );
  }
  const at = typeof url === 'function' ? await url() : url;
  if (!at) throw new UsageError('the source URL is missing', 'give --source-url URL, or --source-profile NAME');
  return { url: at.trim().replace(/\/+$/, ''), token, tls: typedSourceTls(o), from };
}

/** A client of the source instance; an untrusted certificate's hint names --source-ca-file, not --ca-file. */
export function sourceClient(ctx: Context, s: Pick<SourceCredentials, 'url' | 'token' | 'tls'>, limits?: Parameters<Context['makeClient']>[3]): HttpClient {
  return ctx.makeClient(s.url, { token: s.token, tokenType: 'personal' }, { ...s.tls, caOption: SOURCE_CA_OPTION }, limits);
}

/** The preset for the wizard: a profile's URL, token and TLS settings, or a named variable's or FORGECTL_SOURCE_TOKEN's token. */
export async function wizardPreset(ctx: Context, o: SourceFlags): Promise<{ url?: string; token?: string; tls?: TlsOptions }> {
  if (o.sourceProfile !== undefined) {
    const s = await profileSource(ctx, o.sourceProfile, o.sourceCaFile);
    return { url: s.url, token: s.token, tls: s.tls };
  }
  const token = o.sourceTokenEnv ? envToken(ctx, o.sourceTokenEnv, '--source-token-env') : ctx.env[SOURCE_TOKEN_ENV]?.trim() || undefined;
  if (token) ctx.redactor.add(token);
  return { url: o.sourceUrl?.trim(), token };
}
