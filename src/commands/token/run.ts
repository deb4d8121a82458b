// Token commands. Rotation is the delicate one: the old secret dies the moment the service answers,
// so the new one is saved before it is shown and shown even when saving fails.

import type { Context } from '../../context.js';
import { getToken, revokeToken, rotateToken, type Token, type TokenId } from '../../api/tokens.js';
import { ApiError, UsageError } from '../../core/errors.js';
import { none, object, type Column, type CommandResult } from '../../core/output.js';
import { profilesHolding, saveRotatedToken } from '../../core/profile-token.js';
import { originOf, type Profile, type TokenIdentity } from '../../core/profiles.js';
import { refText } from '../../core/secret-refs.js';
import { addDaysUtc, addOneYearUtc, parseDate, parseDuration, parseInteger, todayUtc } from '../../core/parse.js';
import { instanceText } from '../../core/instance-text.js';
import type { HttpClient } from '../../core/http.js';
import { confirmDestructive, exclusive, instanceNamed } from '../shared.js';
import { ownerDirectory } from './owners.js';

export const DETAIL: Column<Token>[] = [
  { key: 'id' },
  { key: 'name' },
  { key: 'description' },
  { key: 'user_id' },
  { key: 'scopes' },
  { key: 'active' },
  { key: 'revoked' },
  { key: 'created_at' },
  { key: 'expires_at' },
  { key: 'last_used_at' },
];

export function parseTokenId(raw: string): TokenId {
  if (raw === 'self') return 'self';
  return parseInteger('token id', raw, { min: 1 });
}

interface RotateOptions {
  expiresAt?: string;
  expiresIn?: string;
  save?: boolean;
  force?: boolean;
}

/** `--expires-at`/`--expires-in` as a date, not in the past; undefined when neither is given. */
export function askedExpiry(o: { expiresAt?: string; expiresIn?: string }, today = todayUtc()): string | undefined {
  exclusive(o as Record<string, unknown>, { expiresAt: '--expires-at', expiresIn: '--expires-in' });
  let date: string | undefined;
  if (o.expiresAt) date = parseDate('--expires-at', o.expiresAt);
  if (o.expiresIn) {
    const days = Math.ceil(parseDuration('--expires-in', o.expiresIn, 'd') / 86_400_000);
    if (days < 1) throw new UsageError('--expires-in must be at least one day');
    date = addDaysUtc(today, days);
  }
  if (date !== undefined && date < today) throw new UsageError(`expiry ${date} is in the past (today is ${today} UTC)`);
  return date;
}

/** The expiry to send: checked here so a bad date never reaches the service. */
export function rotationExpiry(o: RotateOptions, today = todayUtc()): string | undefined {
  const date = askedExpiry(o, today);
  if (!date) return undefined;
  const max = addOneYearUtc(today);
  if (date > max) throw new UsageError(`expiry ${date} is more than one year ahead`, `the latest allowed date is ${max}`);
  return date;
}

function expiresTodaySaved(date: string, saving: string): UsageError {
  return new UsageError(
    `${saving} with an expiry of today (${date}) would save a token the service already counts as expired (from 00:00 UTC of its expiry date), locking the profile out`,
    'give a later date (--expires-at tomorrow or later, or --expires-in 1d), or --no-save to only print the new token',
  );
}

export async function rotateTokenCommand(ctx: Context, o: RotateOptions, rawId: string): Promise<CommandResult> {
  const id = parseTokenId(rawId);
  const expiresAt = rotationExpiry(o);
  // The service counts a token as expired from 00:00 UTC of its expiry date: one that expires today may
  // not work at all. Saved, it would replace the profile's working token with it (issue 33.11).
  const expiresToday = expiresAt !== undefined && expiresAt === todayUtc();
  if (expiresToday && o.save === true) throw expiresTodaySaved(expiresAt, '--save');
  // --save is checked before the token is read: a refusal runs no helper and unlocks no keyring.
  const conn = await ctx.connection({
    beforeToken: (c) => {
      if (o.save !== true) return;
      if (c.tokenSource !== 'profile') {
        const from = { none: 'no token', ci: 'CI_JOB_TOKEN', flag: 'the token of the --token flag', env: 'the token of FORGECTL_TOKEN/GITLAB_TOKEN' }[c.tokenSource];
        throw new UsageError('--save needs the token to come from a profile', `this run uses ${from}`);
      }
      if (c.profile?.tokenCommand || c.profile?.tokenRef) {
        const from = c.profile.tokenRef ? refText(c.profile.tokenRef) : 'a command';
        throw new UsageError(`profile ${c.profile.name} takes its token from ${from}; forgectl cannot save to it`, 'rotate without --save and store the printed secret where the reference reads it');
      }
    },
  });
  // A helper's token lives elsewhere (pass, vault…): forgectl cannot write there, only remind.
  const fromHelper = conn.tokenSource === 'profile' && !!(conn.profile?.tokenCommand || conn.profile?.tokenRef);
  const http = await ctx.http();
  const target = await getToken(http, id);
  if (target.revoked && !o.force) {
    throw new UsageError(
      `token ${target.id} ("${target.name}") is already revoked`,
      'rotating a revoked token makes the service revoke the active token of its family (reuse detection); pass --force to do it anyway',
    );
  }
  // Is this the very credential of this run? Then its secret must not be lost.
  let isOwnCredential = id === 'self';
  if (!isOwnCredential && conn.tokenType === 'personal' && conn.token) {
    // Only a refusal means "cannot tell": a lost or cut answer must stop here, or its own token
    // would be rotated as a stranger's and the profile left holding the revoked one.
    const self = await getToken(http, 'self').catch((err: unknown) => {
      if (err instanceof ApiError) return undefined;
      throw err;
    });
    isOwnCredential = self?.id === target.id;
  }
  if (o.save === true && !isOwnCredential) {
    throw new UsageError(`token ${target.id} is not the token of profile ${conn.profile?.name}`, 'only the profile’s own token can be saved to it');
  }
  const saveTo = isOwnCredential && conn.tokenSource === 'profile' && !fromHelper && o.save !== false ? conn.profile : undefined;
  if (expiresToday) {
    // Saved by default (the profile's own token): refused as --save is, before the rotation is sent.
    if (saveTo) throw expiresTodaySaved(expiresAt, `saving to profile ${saveTo.name}`);
    // Sent as asked (today is not in the past), with the warning.
    ctx.warn(`the new token expires today (${expiresAt}): the service treats a token as expired from 00:00 UTC of its expiry date, so it may not work at all`);
  }
  // Someone else's token dies here as surely as with `token revoke`, so it asks as revoke does.
  if (!isOwnCredential) {
    await confirmDestructive(ctx, async () => `Rotate ${await tokenOnInstance(ctx, http, target)}, ending its current secret?`);
  }

  const holders = await otherHolders(ctx, conn, target.id, isOwnCredential ? conn.token : undefined);
  const rotated = await rotateToken(http, id === 'self' ? 'self' : target.id, expiresAt);
  if (!rotated) {
    if (holders.length) ctx.notice(`dry run: ${holdersSentence(holders, target.id, 'would stop working')}`);
    return none;
  }
  if (!rotated.token) {
    ctx.warn('the service answered without a new secret');
    return object(rotated, { columns: DETAIL });
  }
  if (isOwnCredential) http.setToken(rotated.token);

  let exitCode: number | undefined;
  if (saveTo) {
    try {
      const where = await saveRotatedToken(ctx, await ctx.profiles(), saveTo, rotated.token, rotatedIdentity(saveTo, rotated, ctx.clock.now()));
      ctx.notice(`Saved the new token to profile ${saveTo.name} (in ${where}).`);
    } catch (err) {
      exitCode = 1;
      ctx.reportError(`could not save the new token to profile ${saveTo.name}: ${(err as Error).message}`, 'the new token is printed on standard output; store it now, the old one no longer works');
    }
  } else if (isOwnCredential && fromHelper) {
    ctx.warn(
      `profile ${conn.profile?.name} reads its token from ${conn.profile?.tokenRef ? refText(conn.profile.tokenRef) : `\`${conn.profile?.tokenCommand}\``}; the old token is now revoked: update ${conn.profile?.tokenRef ? 'it' : "that command's source"} with the new secret printed below`,
    );
  } else if (isOwnCredential) {
    const where = conn.tokenSource === 'profile' ? `profile ${conn.profile?.name}` : conn.tokenSource === 'env' ? 'FORGECTL_TOKEN/GITLAB_TOKEN' : conn.tokenSource === 'ci' ? 'CI_JOB_TOKEN' : 'the --token flag';
    ctx.warn(`the token in ${where} is now revoked; replace it with the new one printed below`);
  }
  if (holders.length) ctx.warn(holdersSentence(holders, target.id, 'no longer works'));
  ctx.notice(`Rotated token ${target.id}; the new token ${rotated.id} is shown once.`);
  return { ...object(rotated, { columns: [...DETAIL, { key: 'token', header: 'token (new secret)' }] }), exitCode };
}

/** What a confirmation names, as `state apply`'s does: `token 42 ("ci") of alice on https://host (profile prod)`. */
export async function tokenOnInstance(ctx: Context, http: HttpClient, t: Token): Promise<string> {
  return `${tokenText(t, t.user_id === undefined ? undefined : (await ownerDirectory(ctx, http).owner(t.user_id))?.username)} on ${instanceText(await instanceNamed(ctx))}`;
}

/** `token 42 ("ci") of alice`; the owner's id where the service would not name them. */
export function tokenText(t: Token, username: string | undefined, word = 'token '): string {
  return `${word}${t.id} ("${t.name}") of ${username ?? `user ${t.user_id ?? '?'}`}`;
}

/**
 * Profiles of this instance, other than the one in use, that hold the token being rotated: by the
 * token id their last verification recorded, or by the secret itself when they keep it in
 * config.json. Nothing is unlocked and no helper runs for this; a config that cannot be listed
 * only means no warning.
 */
export async function otherHolders(ctx: Context, conn: { url: string; tokenSource: string; profile?: Profile }, tokenId: number, secret: string | undefined): Promise<string[]> {
  const origin = originOf(conn.url);
  if (!origin) return [];
  try {
    return profilesHolding(await ctx.profiles(), origin, tokenId, secret, conn.tokenSource === 'profile' ? conn.profile?.name : undefined);
  } catch {
    return [];
  }
}

function holdersSentence(names: string[], tokenId: number, verb: string): string {
  const who = names.length === 1 ? `profile ${names[0]} also holds` : `profiles ${names.join(', ')} also hold`;
  const fix = names.map((n) => `\`forgectl profile set-token ${n}\``).join(', ');
  return `${who} token ${tokenId}, which ${verb}: give ${names.length === 1 ? 'it' : 'each'} the new token with ${fix}`;
}

/** What the profile knows of its token after a rotation: the new token's id and expiry, the same user. */
function rotatedIdentity(p: Profile, rotated: Token, now: number): TokenIdentity {
  const before = p.verified && (rotated.user_id === undefined || p.verified.userId === rotated.user_id) ? p.verified : undefined;
  return {
    ...before,
    tokenId: rotated.id,
    tokenName: rotated.name,
    userId: rotated.user_id ?? before?.userId,
    scopes: rotated.scopes ?? before?.scopes,
    expiresAt: rotated.expires_at ?? null,
    verifiedAt: new Date(now).toISOString(),
  };
}

export async function revokeTokenCommand(ctx: Context, rawId: string): Promise<CommandResult> {
  const id = parseTokenId(rawId);
  const http = await ctx.http();
  const target = await getToken(http, id);
  if (target.revoked) {
    // The service would answer a bare 400 Bad request.
    ctx.notice(`Token ${target.id} ("${target.name}") is already revoked; nothing to do.`);
    return none;
  }
  await confirmDestructive(ctx, async () => `Revoke ${await tokenOnInstance(ctx, http, target)}?`);
  await revokeToken(http, id === 'self' ? 'self' : target.id);
  if (ctx.dryRun) return none;
  ctx.notice(`Revoked token ${target.id} ("${target.name}").`);
  const conn = await ctx.connection();
  if (id === 'self' && conn.tokenSource === 'profile') {
    ctx.warn(`profile ${conn.profile?.name} holds the revoked token and can no longer authenticate`);
  }
  return none;
}
