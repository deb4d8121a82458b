// Helpers shared by command implementations.

import type { Context } from '../context.js';
import { CancelledError, UsageError } from '../core/errors.js';
import type { PageOptions } from '../core/paginate.js';
import { maskUrlCredentials } from '../core/safe-text.js';

/** The instance a command acts on, as confirmations, plans and secrets files name it: URL (credentials masked) and profile. */
export async function instanceNamed(ctx: Context): Promise<{ url: string; profile: string | null }> {
  const http = await ctx.http();
  return { url: maskUrlCredentials(http.baseUrl), profile: (await ctx.connection()).profile?.name ?? null };
}

/** Paging options from the global flags. FORGECTL_PAGE_CONCURRENCY tunes --all (1 = page by page). */
export function pageOptions(ctx: Context, extra: Partial<PageOptions> = {}): PageOptions {
  const g = ctx.globals;
  const env = Number(ctx.env.FORGECTL_PAGE_CONCURRENCY);
  return {
    all: g.all,
    page: g.page,
    perPage: g.perPage,
    limit: g.limit,
    concurrency: Number.isInteger(env) && env > 0 ? env : undefined,
    // A list cut at one page tells a person at a terminal that more exist.
    onPage: (info) => {
      ctx.progress.page(info);
      if (g.all || g.limit !== undefined || info.mode !== 'offset' || !info.nextUrl || ctx.morePages) return;
      ctx.morePages = { page: info.page ?? 1, total: info.total };
    },
    ...extra,
  };
}

/**
 * Paging for a list filtered or counted on the client: every page is read (the server cannot apply
 * the filter), and --limit caps what is printed (apply it with `capped`), not the pages read.
 */
export function clientFilterPageOptions(ctx: Context, extra: Partial<PageOptions> = {}): PageOptions {
  return { ...pageOptions(ctx, extra), all: true, limit: undefined };
}

/** Stops after `limit` items (undefined: no cap); for lists filtered on the client. */
export async function* capped<T>(items: AsyncIterable<T>, limit: number | undefined): AsyncGenerator<T> {
  if (limit !== undefined && limit <= 0) return;
  let n = 0;
  for await (const item of items) {
    yield item;
    if (limit !== undefined && ++n >= limit) return;
  }
}

/**
 * Asks before a destructive action. `--yes` answers for the user; without a terminal and without
 * `--yes` the command stops with exit 2 before anything is sent. `--dry-run` needs no answer.
 */
export async function confirmDestructive(ctx: Context, asked: string | (() => Promise<string>)): Promise<void> {
  if (ctx.globals.yes || ctx.dryRun) return;
  // A question that needs a lookup (an owner's name) is made only when it is asked.
  const question = typeof asked === 'string' ? asked : await asked();
  if (!ctx.interactive) {
    throw new UsageError(`${question.replace(/\?$/, '')}: confirmation needed`, 'pass --yes to confirm when there is no terminal');
  }
  const ok = await ctx.prompt.confirm(question, false);
  if (!ok) throw new CancelledError('nothing was changed');
}

/** Exactly one of several flags. */
export function exclusive(opts: Record<string, unknown>, flags: Record<string, string>): void {
  const given = Object.entries(flags).filter(([key]) => opts[key] !== undefined && opts[key] !== false);
  if (given.length > 1) throw new UsageError(`${given.map(([, f]) => f).join(' and ')} cannot be used together`);
}
