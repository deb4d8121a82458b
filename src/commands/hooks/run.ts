// `hooks list|get|create|test|delete`. The hook secret is read safely and redacted everywhere.

import type { Context } from '../../context.js';
import { createHook, deleteHook, getHook, listHooks, testHook, type Hook, type HookFields } from '../../api/hooks.js';
import { UsageError } from '../../core/errors.js';
import { list, none, object, type Column, type CommandResult } from '../../core/output.js';
import { parseInteger } from '../../core/parse.js';
import { confirmDestructive, exclusive, pageOptions } from '../shared.js';
import { idOrKey, onlyMatch } from '../natural-key.js';
import type { HttpClient } from '../../core/http.js';
import { checkedCreate } from '../settings/answer.js';

const COLUMNS: Column<Hook>[] = [
  { key: 'id' },
  { key: 'name' },
  { key: 'url' },
  { key: 'push_events', header: 'push' },
  { key: 'tag_push_events', header: 'tags' },
  { key: 'merge_requests_events', header: 'mrs' },
  { key: 'repository_update_events', header: 'repo updates' },
  { key: 'enable_ssl_verification', header: 'ssl' },
];

const parseId = (raw: string) => parseInteger('hook id', raw, { min: 1 });

export async function listHooksCommand(ctx: Context): Promise<CommandResult> {
  const http = await ctx.http();
  return list(listHooks(http, pageOptions(ctx)), COLUMNS, { empty: 'No system hooks.' });
}

export async function getHookCommand(ctx: Context, rawId: string): Promise<CommandResult> {
  const id = parseId(rawId);
  const http = await ctx.http();
  return object(await getHook(http, id));
}

interface CreateOptions {
  url: string;
  name?: string;
  description?: string;
  secretStdin?: boolean;
  secret?: boolean;
  pushEvents?: boolean;
  tagPushEvents?: boolean;
  mergeRequestsEvents?: boolean;
  repositoryUpdateEvents?: boolean;
  sslVerification?: boolean;
}

function checkUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new UsageError(`--url must be an absolute URL, got ${JSON.stringify(raw)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UsageError(`--url must use http or https, got ${u.protocol.replace(':', '')}`);
  return raw;
}

async function readHookSecret(ctx: Context, o: CreateOptions): Promise<string | undefined> {
  exclusive(o as unknown as Record<string, unknown>, { secretStdin: '--secret-stdin', secret: '--secret' });
  if (o.secretStdin) return ctx.readSecretFromStdin('hook secret');
  if (o.secret) {
    if (!ctx.interactive) throw new UsageError('--secret asks on a terminal; there is none', 'pipe the secret with --secret-stdin, or set FORGECTL_HOOK_SECRET');
    const v = await ctx.prompt.password('Secret token of the hook (hidden):');
    if (!v) throw new UsageError('no secret given');
    ctx.redactor.add(v);
    return v;
  }
  const env = ctx.env.FORGECTL_HOOK_SECRET;
  if (env) {
    ctx.redactor.add(env);
    return env;
  }
  return undefined;
}

export async function createHookCommand(ctx: Context, o: CreateOptions): Promise<CommandResult> {
  const fields: HookFields = { url: checkUrl(o.url) };
  if (o.name !== undefined) fields.name = o.name;
  if (o.description !== undefined) fields.description = o.description;
  if (o.pushEvents !== undefined) fields.push_events = o.pushEvents;
  if (o.tagPushEvents !== undefined) fields.tag_push_events = o.tagPushEvents;
  if (o.mergeRequestsEvents !== undefined) fields.merge_requests_events = o.mergeRequestsEvents;
  if (o.repositoryUpdateEvents !== undefined) fields.repository_update_events = o.repositoryUpdateEvents;
  if (o.sslVerification !== undefined) fields.enable_ssl_verification = o.sslVerification;
  const secret = await readHookSecret(ctx, o);
  if (secret !== undefined) fields.token = secret;
  const http = await ctx.http();
  const hook = await createHook(http, fields);
  if (!hook) return none;
  ctx.notice(`Created system hook ${hook.id}${secret ? ' with a secret token' : ''}.`);
  return checkedCreate(fields, hook, object(hook), (line) => ctx.notice(line));
}

/**
 * The hook a write names: by id, or by its URL (`--url`), which is the same on every instance of a
 * fleet where the id is not. Checked before any request; looked up after (by id: nothing to look up).
 */
function hookTarget(command: string, rawId: string | undefined, url: string | undefined): (http: HttpClient) => Promise<{ id: number; url?: string }> {
  idOrKey(`hooks ${command}`, rawId, url, '--url URL');
  if (rawId !== undefined) {
    const id = parseId(rawId);
    return async () => ({ id });
  }
  return (http) =>
    onlyMatch(listHooks(http, { all: true }), (h) => h.url === url, {
      what: 'system hook',
      by: `with the URL ${url}`,
      list: 'forgectl hooks list',
      byId: `forgectl -p NAME hooks ${command} ID`,
    });
}

export async function testHookCommand(ctx: Context, o: { url?: string }, rawId: string | undefined): Promise<CommandResult> {
  const find = hookTarget('test', rawId, o.url);
  const http = await ctx.http();
  const { id } = await find(http);
  const delivery = await testHook(http, id);
  if (!delivery) return none;
  ctx.notice(`Hook ${id} was run with this mock delivery:`);
  return object(delivery);
}

export async function deleteHookCommand(ctx: Context, o: { url?: string }, rawId: string | undefined): Promise<CommandResult> {
  const find = hookTarget('delete', rawId, o.url);
  const http = await ctx.http();
  const found = await find(http);
  const id = found.id;
  const hook = found.url === undefined ? await getHook(http, id) : found;
  await confirmDestructive(ctx, `Delete system hook ${id} (${hook.url})?`);
  await deleteHook(http, id);
  if (ctx.dryRun) return none;
  ctx.notice(`Deleted system hook ${id}.`);
  return none;
}
