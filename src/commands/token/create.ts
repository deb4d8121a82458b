// `token create`: an administrator makes a personal access token for a user. Everything is checked
// before the one POST, which is never repeated (a second would make a second token); the secret is
// printed once, or written to --secrets-to before anything is printed.

import type { Context } from '../../context.js';
import { createUserToken, TOKEN_SCOPES } from '../../api/tokens.js';
import { UsageError } from '../../core/errors.js';
import { nearest } from '../../core/nearest.js';
import { none, object, type CommandResult } from '../../core/output.js';
import { parseList, todayUtc } from '../../core/parse.js';
import { DETAIL, askedExpiry } from './run.js';
import { writeSecrets } from './secrets-file.js';
import { userNamed } from '../user-named.js';
import { instanceNamed } from '../shared.js';
import { STDOUT_NAME } from '../../core/output-file.js';

export interface CreateOptions {
  user: string;
  name: string;
  scope: string[];
  expiresAt?: string;
  expiresIn?: string;
  description?: string;
  secretsTo?: string;
}

/** GitLab's limit on a token's description. */
const DESCRIPTION_MAX = 255;

/** `--scope read_api --scope read_repository,read_user`: known scope names, each once. */
export function createScopes(raw: string[]): string[] {
  const scopes = [...new Set(raw.flatMap((r) => parseList(r)))];
  if (!scopes.length) throw new UsageError('--scope is empty', 'such as --scope read_api');
  for (const s of scopes) {
    if (TOKEN_SCOPES.includes(s)) continue;
    const near = nearest(s, TOKEN_SCOPES);
    throw new UsageError(`--scope: ${JSON.stringify(s)} is not a token scope${near ? `; did you mean ${near}?` : ''}`, `scopes: ${TOKEN_SCOPES.join(', ')}`);
  }
  return scopes;
}

export async function createTokenCommand(ctx: Context, o: CreateOptions): Promise<CommandResult> {
  const username = o.user.trim().replace(/^@/, '');
  if (!username) throw new UsageError('--user is empty', 'give the username the token is for');
  const name = o.name.trim();
  if (!name) throw new UsageError('--name is empty');
  const scopes = createScopes(o.scope);
  const description = o.description?.trim() || undefined;
  if (description && description.length > DESCRIPTION_MAX) throw new UsageError(`--description is ${description.length} characters; the most is ${DESCRIPTION_MAX}`);
  const today = todayUtc(new Date(ctx.clock.now()));
  const expiresAt = askedExpiry(o, today);
  // The service counts a token as expired from 00:00 UTC of its expiry date: it would be born dead.
  if (expiresAt === today) throw new UsageError(`an expiry of today (${expiresAt}) makes a token that has already expired`, 'give a later date (--expires-at tomorrow or later, or --expires-in 1d)');
  // Checked and {profile} expanded before the run (outputFiles); `-` is standard output.
  const file = o.secretsTo === STDOUT_NAME ? undefined : o.secretsTo;

  const http = await ctx.http();
  const user = await userNamed(http, username);
  const check = `\`forgectl token list --user ${user.username} --search ${JSON.stringify(name)}\``;
  const created = await createUserToken(http, user.id, { name, scopes, description, expires_at: expiresAt }, check);
  if (!created) return none;
  const columns = [...DETAIL, { key: 'token', header: 'token (new secret)' }];
  if (!created.token) {
    ctx.warn('the service answered without the new secret');
    return { ...object(created, { columns }), exitCode: 1 };
  }
  const expiry = created.expires_at ? `expiring ${created.expires_at}` : 'with no expiry date';
  const chosen = expiresAt === undefined ? ' (the date the instance set: none was asked)' : '';
  const said = `Created token ${created.id} ("${created.name}") for ${user.username}, ${expiry}${chosen}.`;
  if (!file) {
    ctx.notice(said);
    return object(created, { columns });
  }
  const { token, ...shown } = created;
  try {
    writeSecrets(file, [{ ...(await instanceNamed(ctx)), id: created.id, name: created.name, user_id: user.id, username: user.username, scopes: created.scopes, expires_at: created.expires_at, token }]);
  } catch (err) {
    // The token exists now: its secret is printed rather than lost.
    ctx.notice(said);
    ctx.reportError(`could not write ${file}: ${(err as Error).message}`, 'the new secret is printed on standard output; store it now, it cannot be read again');
    return { ...object(created, { columns }), exitCode: 1 };
  }
  ctx.notice(`${said} The secret is in ${file} (mode 0600), not printed.`);
  return object(shown, { columns: DETAIL });
}
