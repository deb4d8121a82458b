// Direct transfer allowed or not on the destination (bulk_import_enabled): what `migrate check`
// reports, and why a /bulk_imports request answered 404, since GitLab answers every one of them 404
// while it is turned off. The one explanation of that 404 for every migrate command.

import { getSettings } from '../../api/settings.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../core/errors.js';
import type { HttpClient } from '../../core/http.js';
import type { Explanation } from '../../core/command.js';
import { DIRECT_TRANSFER_HINT } from './rules.js';
import { rethrowCancel } from './wizard-source.js';

export interface DirectTransfer {
  /** bulk_import_enabled as the settings say it; null when they could not be read or do not say. */
  enabled: boolean | null;
  text: string;
}

/** Direct transfer allowed on the destination: from its settings where they can be read (administrators). */
export async function directTransfer(http: HttpClient): Promise<DirectTransfer> {
  try {
    const v = ((await getSettings(http)) as Record<string, unknown>).bulk_import_enabled;
    if (v === false) return { enabled: false, text: 'turned off (bulk_import_enabled is false)' };
    if (v === true) return { enabled: true, text: 'allowed (bulk_import_enabled is true)' };
    return { enabled: null, text: 'not known (the settings have no bulk_import_enabled)' };
  } catch (e) {
    rethrowCancel(e);
    if (e instanceof ApiError && (e.status === 403 || e.status === 401)) return { enabled: null, text: 'not known (the settings could not be read: they are for administrators)' };
    return { enabled: null, text: `not known (the settings could not be read: ${(e as Error).message})` };
  }
}

/**
 * A 404 from this instance's /bulk_imports: turned off says so (the settings read when they can be);
 * allowed, the 404 is the command's own (no such migration); not known, a hint that it may be off.
 */
export async function explainTransferOff(err: ApiError, ctx: Context): Promise<Explanation> {
  if (err.status !== 404 || !new URL(err.url).pathname.includes('/api/v4/bulk_imports')) return undefined;
  const http = await ctx.http();
  if (new URL(err.url).origin !== new URL(http.baseUrl).origin) return undefined;
  const transfer = await directTransfer(http);
  if (transfer.enabled === true) return undefined;
  if (transfer.enabled === false) return { message: `direct transfer is turned off on ${http.baseUrl} (bulk_import_enabled is false)`, hint: DIRECT_TRANSFER_HINT };
  return `direct transfer may be turned off on ${http.baseUrl} (bulk_import_enabled): ${DIRECT_TRANSFER_HINT}`;
}
