// `token revoke 12 13 14`: several tokens named by id, confirmed once with every one named, each
// revoked once (never retried), and reported as `token revoke --where` reports (bulk.ts).

import type { Context } from '../../context.js';
import { getToken, type Token } from '../../api/tokens.js';
import { ApiError } from '../../core/errors.js';
import { instanceText } from '../../core/instance-text.js';
import type { CommandResult } from '../../core/output.js';
import { confirmDestructive, instanceNamed } from '../shared.js';
import { revokeEach, revokeReport, type BulkRow } from './bulk.js';
import { ownerDirectory, withOwner, type OwnedToken } from './owners.js';
import { tokenInUse } from './own-token.js';
import { parseTokenId, tokenText } from './run.js';

export async function revokeTokensCommand(ctx: Context, rawIds: string[]): Promise<CommandResult> {
  // Every id checked before any request; one named twice is revoked once.
  const ids = [...new Set(rawIds.map((raw) => parseTokenId(raw.trim())))];
  const http = await ctx.http();
  const owners = ownerDirectory(ctx, http);
  const rows: BulkRow[] = [];
  const picked: OwnedToken[] = [];
  let inUse: number | undefined;
  for (const id of ids) {
    let t: Token;
    try {
      t = await getToken(http, id);
    } catch (err) {
      // A token that is not there fails alone; any other answer (a refused credential, a server
      // error) stops the run here, before any write.
      if (!(err instanceof ApiError) || err.status !== 404 || id === 'self') throw err;
      rows.push({ id, name: '', findings: [], result: 'failed', reason: 'not found' });
      continue;
    }
    if (id === 'self') inUse = t.id;
    // `self` and its own number are one token.
    if (picked.some((p) => p.id === t.id) || rows.some((r) => r.id === t.id)) continue;
    const owner = t.user_id === undefined ? undefined : await owners.owner(t.user_id);
    if (t.revoked) rows.push({ id: t.id, name: t.name, user_id: t.user_id, user: owner, findings: [], result: 'skipped', reason: 'already revoked' });
    else picked.push(withOwner(t, owner));
  }
  // The token in use goes last: revoked before the others, it would leave them refused.
  // Unknown only where the instance cannot tell (a refusal); a 5xx or a lost answer stops before any write.
  if (inUse === undefined) inUse = await tokenInUse(http).then((t) => (typeof t === 'number' ? t : undefined));
  picked.sort((a, b) => Number(a.id === inUse) - Number(b.id === inUse));
  if (picked.length) {
    const named = picked.map((t) => tokenText(t, t.user?.username, ''));
    await confirmDestructive(ctx, async () => `Revoke ${picked.length === 1 ? 'token' : `${picked.length} tokens:`} ${named.join(', ')} on ${instanceText(await instanceNamed(ctx))}?`);
    rows.unshift(...(await revokeEach(ctx, picked)));
  } else ctx.notice('Nothing to revoke.');
  return revokeReport(ctx, rows);
}
