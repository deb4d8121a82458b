// `broadcast list|get|create|update|delete`.

import type { Context } from '../../context.js';
import { createBroadcast, deleteBroadcast, getBroadcast, listBroadcasts, updateBroadcast, type Broadcast } from '../../api/broadcast.js';
import { UsageError } from '../../core/errors.js';
import { list, none, object, type Column, type CommandResult } from '../../core/output.js';
import { parseInteger } from '../../core/parse.js';
import { confirmDestructive, pageOptions } from '../shared.js';
import { idOrKey, onlyMatch } from '../natural-key.js';
import type { HttpClient } from '../../core/http.js';
import { checkWindow, parseBroadcastOptions, type BroadcastOptions } from './fields.js';
import { checkedCreate } from '../settings/answer.js';

const COLUMNS: Column<Broadcast>[] = [
  { key: 'id' },
  { key: 'active' },
  { key: 'broadcast_type', header: 'type' },
  { key: 'starts_at', header: 'starts' },
  { key: 'ends_at', header: 'ends' },
  { key: 'target_access_levels', header: 'roles' },
  { key: 'message' },
];

const HOUR_MS = 3_600_000;
const parseId = (raw: string) => parseInteger('broadcast message id', raw, { min: 1 });

export async function listBroadcastsCommand(ctx: Context): Promise<CommandResult> {
  const http = await ctx.http({ anonymous: true });
  return list(listBroadcasts(http, pageOptions(ctx)), COLUMNS, { empty: 'No broadcast messages.' });
}

export async function getBroadcastCommand(ctx: Context, rawId: string): Promise<CommandResult> {
  const id = parseId(rawId);
  const http = await ctx.http({ anonymous: true });
  return object(await getBroadcast(http, id));
}

export async function createBroadcastCommand(ctx: Context, o: BroadcastOptions): Promise<CommandResult> {
  if (o.message === undefined) throw new UsageError('broadcast create needs --message');
  const { fields, durationMs } = parseBroadcastOptions(o);
  // The service's defaults: starts now, ends one hour later. Only what is given is sent.
  const now = Date.now();
  const start = fields.starts_at ? Date.parse(fields.starts_at) : now;
  if (durationMs !== undefined) {
    // Both ends from one clock, so the message lasts exactly the duration.
    fields.starts_at ??= new Date(start).toISOString();
    fields.ends_at = new Date(start + durationMs).toISOString();
  }
  checkWindow(start, fields.ends_at ? Date.parse(fields.ends_at) : start + HOUR_MS);
  const http = await ctx.http();
  const created = await createBroadcast(http, fields);
  if (!created) {
    ctx.notice(`would create a ${fields.broadcast_type ?? 'banner'} message from ${fields.starts_at ?? 'now'} to ${fields.ends_at ?? 'one hour after its start'}`);
    return none;
  }
  ctx.notice(`Created broadcast message ${created.id}.`);
  return checkedCreate(fields, created, object(created), (line) => ctx.notice(line));
}

/**
 * The message a write names: by id, or by its text (`--message`), which is the same on every
 * instance of a fleet where the id is not. Checked before any request; looked up after.
 */
function broadcastTarget(command: string, rawId: string | undefined, message: string | undefined): (http: HttpClient) => Promise<Broadcast> {
  idOrKey(`broadcast ${command}`, rawId, message, '--message TEXT');
  if (rawId !== undefined) {
    const id = parseId(rawId);
    return (http) => getBroadcast(http, id);
  }
  return (http) =>
    onlyMatch(listBroadcasts(http, { all: true }), (b) => b.message === message, {
      what: 'broadcast message',
      by: `with the text ${JSON.stringify(message)}`,
      list: 'forgectl broadcast list',
      byId: `forgectl -p NAME broadcast ${command} ID`,
    });
}

export async function updateBroadcastCommand(ctx: Context, o: BroadcastOptions, rawId: string | undefined): Promise<CommandResult> {
  // Without an id, --message names the message to change (its text stays).
  const byText = rawId === undefined ? o.message : undefined;
  const target = broadcastTarget('update', rawId, byText);
  const { fields, durationMs } = parseBroadcastOptions(byText === undefined ? o : { ...o, message: undefined });
  if (!Object.keys(fields).length && durationMs === undefined) throw new UsageError('nothing to change', `give at least one option, e.g. ${byText === undefined ? '--message or ' : ''}--ends-at`);
  const http = await ctx.http();
  let current = byText === undefined ? undefined : await target(http);
  const id = current?.id ?? parseId(rawId!);
  if (fields.starts_at || fields.ends_at || durationMs !== undefined) {
    // The other end of the window is the message's current one; no defaults are applied on update.
    current ??= await target(http);
    const start = Date.parse(fields.starts_at ?? current.starts_at ?? '');
    if (durationMs !== undefined) {
      if (Number.isNaN(start)) throw new UsageError('--duration needs a start: the message has none, give --starts-at');
      fields.ends_at = new Date(start + durationMs).toISOString();
    }
    const end = Date.parse(fields.ends_at ?? current.ends_at ?? '');
    if (!Number.isNaN(start) && !Number.isNaN(end)) checkWindow(start, end);
  }
  const updated = await updateBroadcast(http, id, fields);
  if (!updated) return none;
  ctx.notice(`Updated broadcast message ${id}.`);
  return object(updated);
}

export async function deleteBroadcastCommand(ctx: Context, o: { message?: string }, rawId: string | undefined): Promise<CommandResult> {
  const find = broadcastTarget('delete', rawId, o.message);
  const http = await ctx.http();
  const target = await find(http);
  const id = target.id;
  const excerpt = target.message.length > 60 ? `${target.message.slice(0, 57)}…` : target.message;
  await confirmDestructive(ctx, `Delete broadcast message ${id} ("${excerpt}")?`);
  await deleteBroadcast(http, id);
  if (ctx.dryRun) return none;
  ctx.notice(`Deleted broadcast message ${id}.`);
  return none;
}
