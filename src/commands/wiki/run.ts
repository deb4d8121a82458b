import { readFile, stat } from 'node:fs/promises';
import type { Context } from '../../context.js';
import { createWikiPage, deleteWikiPage, getWikiPage, listWikiPages, updateWikiPage, uploadWikiAttachment, type WikiPage } from '../../api/group-wikis.js';
import { UsageError, type ApiError } from '../../core/errors.js';
import { list, none, object, text, type Column, type CommandResult } from '../../core/output.js';
import { parseGroupId } from '../../core/refs.js';
import { confirmDestructive } from '../shared.js';
import { cannotRead } from '../../core/fs-errors.js';

export { WIKI_FORMATS } from './formats.js';

export interface WikiContentOptions {
  title?: string;
  content?: string;
  file?: string;
  format?: string;
}

const LIST_COLUMNS: Column<WikiPage>[] = [{ key: 'slug' }, { key: 'title' }, { key: 'format' }];
const PAGE_COLUMNS: Column<WikiPage>[] = [{ key: 'slug' }, { key: 'title' }, { key: 'format' }, { key: 'encoding' }, { key: 'content' }];

function slugArg(raw: string | undefined): string {
  const s = (raw ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (!s) throw new UsageError('a page slug is required, e.g. home or docs/setup');
  return s;
}

async function readContent(ctx: Context, o: WikiContentOptions): Promise<string | undefined> {
  if (o.content !== undefined && o.file !== undefined) throw new UsageError('--content and --file cannot be used together');
  let content = o.content;
  // `--content -` reads standard input, as `discussion create --body -` does.
  if (o.file === '-' || o.content === '-') content = await ctx.readStdin('the page content');
  else if (o.file !== undefined) {
    try {
      content = await readFile(o.file, 'utf8');
    } catch (e) {
      throw cannotRead(`--file ${o.file}`, e);
    }
  }
  if (content !== undefined && !content.trim()) throw new UsageError('the page content is empty');
  return content;
}

function title(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (!raw.trim()) throw new UsageError('--title cannot be empty');
  return raw;
}

export async function listWikiCommand(ctx: Context, o: { withContent?: boolean }, args: string[]): Promise<CommandResult> {
  const group = parseGroupId(args[0]);
  const pages = await listWikiPages(await ctx.http(), group, { with_content: o.withContent ? 1 : undefined });
  return list(pages, o.withContent ? [...LIST_COLUMNS, { key: 'content' }] : LIST_COLUMNS, { empty: 'The wiki has no pages.' });
}

export async function getWikiCommand(ctx: Context, o: { renderHtml?: boolean; version?: string }, args: string[]): Promise<CommandResult> {
  const group = parseGroupId(args[0]);
  const slug = slugArg(args[1]);
  if (o.version !== undefined && !/^[0-9a-f]{7,64}$/i.test(o.version.trim())) throw new UsageError(`--version must be a page version SHA (hexadecimal), got ${JSON.stringify(o.version)}`);
  const page = await getWikiPage(await ctx.http(), group, slug, { render_html: o.renderHtml ? true : undefined, version: o.version?.trim() });
  return object(page, { columns: PAGE_COLUMNS });
}

/** The `explain` of `wiki get`: pages are found by slug (`release-process`), not by title (`Release process`). */
export function wikiPageHint(err: ApiError, args: string[]): string | undefined {
  if (err.status !== 404) return undefined;
  const slug = slugArg(args[1]);
  const suggestion = /[\sA-Z]/.test(slug) ? ` (a slug looks like ${JSON.stringify(slug.trim().replace(/\s+/g, '-'))})` : '';
  return `wiki pages are found by slug, not title${suggestion}; list them with \`forgectl wiki list ${args[0]}\``;
}

export async function createWikiCommand(ctx: Context, o: WikiContentOptions, args: string[]): Promise<CommandResult> {
  const group = parseGroupId(args[0]);
  const t = title(o.title);
  if (t === undefined) throw new UsageError('--title is required');
  const content = await readContent(ctx, o);
  if (content === undefined) throw new UsageError('the page content is required', 'give --content TEXT or --file PATH (- for standard input)');
  const body: Record<string, unknown> = { title: t, content };
  if (o.format !== undefined) body.format = o.format;
  const page = await createWikiPage(await ctx.http(), group, body);
  if (!page) return none;
  ctx.notice(`Created wiki page ${page.slug}.`);
  return object(page, { columns: PAGE_COLUMNS });
}

export async function updateWikiCommand(ctx: Context, o: WikiContentOptions, args: string[]): Promise<CommandResult> {
  const group = parseGroupId(args[0]);
  const slug = slugArg(args[1]);
  const t = title(o.title);
  const content = await readContent(ctx, o);
  if (t === undefined && content === undefined) {
    throw new UsageError('nothing to change: give --title or the content', 'a wiki update needs a title or content (--content or --file); --format alone is not enough');
  }
  const body: Record<string, unknown> = {};
  if (t !== undefined) body.title = t;
  if (content !== undefined) body.content = content;
  if (o.format !== undefined) body.format = o.format;
  const page = await updateWikiPage(await ctx.http(), group, slug, body);
  if (!page) return none;
  ctx.notice(page.slug === slug ? `Updated wiki page ${slug}.` : `Updated wiki page ${slug}; it is now ${page.slug}.`);
  return object(page, { columns: PAGE_COLUMNS });
}

export async function deleteWikiCommand(ctx: Context, _o: unknown, args: string[]): Promise<CommandResult> {
  const group = parseGroupId(args[0]);
  const slug = slugArg(args[1]);
  await confirmDestructive(ctx, `Delete wiki page ${slug} of ${group}?`);
  if (await deleteWikiPage(await ctx.http(), group, slug)) ctx.notice(`Deleted wiki page ${slug}.`);
  return none;
}

export async function uploadWikiCommand(ctx: Context, o: { branch?: string }, args: string[]): Promise<CommandResult> {
  const group = parseGroupId(args[0]);
  const file = args[1];
  try {
    if (!(await stat(file)).isFile()) throw new UsageError(`${file} is not a regular file`);
  } catch (e) {
    throw cannotRead(file, e);
  }
  if (o.branch !== undefined && !o.branch.trim()) throw new UsageError('--branch cannot be empty');
  const res = await uploadWikiAttachment(await ctx.http(), group, file, o.branch?.trim());
  if (!res) return none;
  // The link is what a user pastes into a page; the structured formats keep the whole answer.
  return ctx.globals.output === 'table' ? text(res.link.markdown) : object(res);
}
