// Which token a bulk `--where` runs with, so that it is never revoked or rotated by accident. With a
// personal access token, only an answer of GET /personal_access_tokens/self says which it is: an
// instance older than the endpoint (404), a refusal (400, 401, 403) or an answer of another shape
// leaves it unknown, and the bulk action stops before any write unless the caller names it
// (--own-token). A 5xx, a 429 or a lost answer stops as the error it is.

import type { Context } from '../../context.js';
import { getToken } from '../../api/tokens.js';
import { ApiError, CommandFailedError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';

/**
 * The id of the token in use, to skip; undefined when it cannot be among the tokens listed (an OAuth
 * or job token). `named`: the id given with --own-token, skipped when the instance cannot tell.
 */
export async function ownTokenId(ctx: Context, http: HttpClient, verb: string, named: number | undefined): Promise<number | undefined> {
  const { tokenType } = await ctx.connection();
  const told = await tokenInUse(http);
  if (told instanceof ApiError) {
    // An OAuth or job token (the service answers 400 for them) is not among those listed.
    if (tokenType !== 'personal' || named !== undefined) return named;
    throw new CommandFailedError(
      `cannot tell which token is yours: GET /personal_access_tokens/self answered ${told.message}; nothing was ${verb === 'revoke' ? 'revoked' : 'rotated'}`,
      `name the token this command runs with, and it is skipped: --own-token ID (its id: forgectl token list --user YOUR-USERNAME)`,
    );
  }
  if (named !== undefined && named !== told) {
    throw new CommandFailedError(`--own-token ${named}: the instance says the token in use is ${told}; nothing was ${verb === 'revoke' ? 'revoked' : 'rotated'}`, `leave --own-token out, or give ${told}`);
  }
  return told;
}

/**
 * The id of the token in use, or the answer that tells nothing of it (a refusal, an older instance,
 * another shape). A 5xx, a 429, a lost answer or Ctrl-C is thrown: nothing may be written then.
 */
export async function tokenInUse(http: HttpClient): Promise<number | ApiError> {
  try {
    return (await getToken(http, 'self')).id;
  } catch (err) {
    if (err instanceof ApiError && (REFUSALS.includes(err.status) || isOtherShape(err))) return err;
    throw err;
  }
}

/** Answers that tell nothing of the token in use: not a token type the endpoint takes, a refusal, an older instance. */
const REFUSALS = [400, 401, 403, 404];

/** A 2xx answer whose body is not a token (api/schema.ts reports it as an ApiError with that status). */
function isOtherShape(err: ApiError): boolean {
  return err.status >= 200 && err.status < 300;
}
